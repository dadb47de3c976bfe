import {
  Button,
  ButtonLink,
  EmptyState,
  Grid,
  GRID_MAX_COLUMNS,
  PageContainer,
  PageHeader,
  Spinner,
  LoadError,
} from 'shared-ui';
import type { PageQuery } from 'shared-ui/data/page-query';
import styled from 'styled-components';
import { PAGE_SIZE } from './page-size';
import {
  ALL_ARTIFACTS_SUBTITLE,
  ALL_ARTIFACTS_TITLE,
  FETCH_ARTIFACTS_FAILED,
  foundResults,
  LOAD_MORE,
  LOADING_ARTIFACTS,
  NO_ARTIFACTS,
  NO_MATCHES,
  showingCount,
  typeResults,
} from './all-artifacts-texts';
import { ArtifactResultCard } from './artifact-result-card';
import { listQueryOf } from './back-to-list';
import { SearchBar } from './search-bar';
import { artifactPagesQuery, useArtifactPages, type ArtifactPages } from './use-artifact-pages';
import { useInfiniteScroll } from './use-infinite-scroll';
import { searchOf, useSearchQuery, type ListSearch } from './use-search-query';

const Summary = styled.p`
  text-align: center;
  min-height: 1.6em;
  margin: 0 0 ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 700;
`;

/**
 * Results of an earlier search, while a new one loads, dim only once it takes a while: a quick answer replaces them
 * without a flash, and the fade does not take the CPU from the request's answer (a fade from the start cost 4-9 ms
 * of a broad search at 100,000 artifacts). New results show at once.
 */
const Results = styled.div<{ $stale: boolean }>`
  opacity: ${({ $stale }) => ($stale ? 0.55 : 1)};
  transition: ${({ $stale }) => ($stale ? 'opacity 0.2s linear 0.2s' : 'none')};
`;

const More = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    margin: 0;
  }
`;

/**
 * The line above the grid: the spec's count while searching (naming the type that narrows it), the count of a type
 * alone, or that a new search is loading over old results.
 */
function resultSummary(
  current: ArtifactPages | null,
  showingOld: boolean,
  { term, type }: ListSearch,
): string {
  if (!current) return showingOld ? LOADING_ARTIFACTS : '';
  if (current.failed) return '';
  if (term) return foundResults(current.total, term, type);
  return type ? typeResults(current.total, type) : '';
}

/** All Artifacts (spec sections 2 and 5), searched and paged on the server so it stays quick at any size. */
export default function AllArtifactsPage() {
  const search = useSearchQuery();
  const listSearch: ListSearch = { term: search.term, type: search.type, sort: search.sort };
  const { current, stale, loadMore, retry } = useArtifactPages(listSearch);
  const listQuery = listQueryOf(listSearch);
  const canLoadMore = Boolean(current?.nextCursor) && !current?.loadingMore;
  const sentinel = useInfiniteScroll<HTMLDivElement>(loadMore, canLoadMore);
  const filtered = Boolean(search.term || search.type);
  const shown = current ?? (stale?.items.length ? stale : null);

  const summary = resultSummary(current, Boolean(shown), listSearch);

  return (
    <PageContainer>
      <PageHeader title={ALL_ARTIFACTS_TITLE} subtitle={ALL_ARTIFACTS_SUBTITLE} />
      <SearchBar search={search} />
      <Summary role="status" aria-live="polite">
        {summary}
      </Summary>

      {!shown ? <Spinner label={LOADING_ARTIFACTS} /> : null}

      {current?.failed ? <LoadError title={FETCH_ARTIFACTS_FAILED} onRetry={retry} /> : null}

      {current && !current.failed && current.items.length === 0 ? (
        <EmptyState>
          <p>{filtered ? NO_MATCHES : NO_ARTIFACTS}</p>
          {filtered ? null : <ButtonLink to="/add-artifact">Add Artifact</ButtonLink>}
        </EmptyState>
      ) : null}

      {shown && shown.items.length > 0 ? (
        <Results $stale={!current} aria-busy={!current}>
          <Grid aria-label={ALL_ARTIFACTS_TITLE}>
            {shown.items.map((artifact, index) => (
              <ArtifactResultCard
                key={artifact._id}
                artifact={artifact}
                index={index % PAGE_SIZE}
                priority={index < GRID_MAX_COLUMNS}
                listQuery={listQuery}
              />
            ))}
          </Grid>
        </Results>
      ) : null}

      {current && current.items.length > 0 ? (
        <More>
          <p>{showingCount(current.items.length, current.total)}</p>
          {current.nextCursor ? (
            <>
              <div ref={sentinel} />
              <Button $variant="ghost" onClick={loadMore} disabled={current.loadingMore}>
                {current.loadingMore ? LOADING_ARTIFACTS : LOAD_MORE}
              </Button>
            </>
          ) : null}
        </More>
      ) : null}
    </PageContainer>
  );
}

/** The page opens with the first page of the search its URL asks for. */
export const pageQuery: PageQuery = (_params, _viewer, search) => artifactPagesQuery(searchOf(search));

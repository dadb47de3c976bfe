import {
  ArtifactCard,
  ButtonLink,
  EmptyState,
  Grid,
  GRID_MAX_COLUMNS,
  LoadError,
  PageContainer,
  PageHeader,
  Spinner,
  pageDataOf,
  reloadQueries,
  useAuthStore,
  useQuery,
} from 'shared-ui';
import type { PageQuery } from 'shared-ui/data/page-query';
import styled from 'styled-components';
import { likedArtifactsQuery } from '../../data/liked-artifacts';
import { SignedOutNotice } from '../../common/signed-out-notice';
import {
  LIKED_EMPTY,
  LIKED_EXPLORE,
  LIKED_FETCH_FAILED,
  LIKED_LOADING,
  LIKED_SIGNED_OUT,
  LIKED_TITLE,
  likedCountLine,
  typeLine,
  VIEW_DETAILS,
} from './liked-artifacts-texts';

const Count = styled.p`
  margin: -${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.lg};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The artifacts the member likes: the page's first query (PageQuery in shared-ui/src/data/page-query.ts). */
const likedQuery = (uid: string | undefined) =>
  likedArtifactsQuery(uid, { fallback: LIKED_FETCH_FAILED, id: 'liked-artifacts-error' });

export const pageQuery: PageQuery = (_params, viewer) => likedQuery(viewer);

function LikedArtifactsList({ uid }: { uid: string }) {
  const query = likedQuery(uid);
  const state = pageDataOf(useQuery(query));
  if (state.status === 'loading') return <Spinner label={LIKED_LOADING} />;
  if (state.status === 'error') {
    return <LoadError title={LIKED_FETCH_FAILED} onRetry={() => void reloadQueries(query.queryKey)} />;
  }
  const liked = state.data;
  if (liked.length === 0) {
    return (
      <EmptyState title={LIKED_EMPTY}>
        <ButtonLink to="/all-artifacts">{LIKED_EXPLORE}</ButtonLink>
      </EmptyState>
    );
  }
  return (
    <>
      <Count>{likedCountLine(liked.length)}</Count>
      <Grid aria-label={LIKED_TITLE}>
        {liked.map((artifact, index) => (
          <ArtifactCard
            key={artifact._id}
            artifact={artifact}
            index={index}
            priority={index < GRID_MAX_COLUMNS}
            details={[
              `Location: ${artifact.presentLocation}`,
              `Created: ${artifact.createdAt}`,
              typeLine(artifact.type),
            ]}
            actions={
              <ButtonLink
                to={`/artifact-details/${encodeURIComponent(artifact._id)}`}
                aria-label={`${VIEW_DETAILS} of ${artifact.name}`}
              >
                {VIEW_DETAILS}
              </ButtonLink>
            }
          />
        ))}
      </Grid>
    </>
  );
}

export default function LikedArtifactsPage() {
  const user = useAuthStore((s) => s.user);
  const authLoading = useAuthStore((s) => s.loading);
  return (
    <PageContainer>
      <PageHeader title={LIKED_TITLE} />
      {user ? (
        <LikedArtifactsList key={user.uid} uid={user.uid} />
      ) : authLoading ? (
        <Spinner label={LIKED_LOADING} />
      ) : (
        <SignedOutNotice message={LIKED_SIGNED_OUT} />
      )}
    </PageContainer>
  );
}

import {
  ArtifactCard,
  ButtonLink,
  EmptyState,
  errorMessage,
  Grid,
  LoadError,
  PageHeader,
  pageDataOf,
  reloadQueries,
  Spinner,
  useQuery,
} from 'shared-ui';
import styled from 'styled-components';
import { Band, Column } from './home-layout';
import {
  FEATURED_EMPTY,
  FEATURED_LOADING,
  FEATURED_SUBTITLE,
  FEATURED_TITLE,
  VIEW_ALL,
  VIEW_DETAILS,
} from './home-texts';
import { FEATURED_FETCH_FAILED, featuredQuery } from './use-featured-artifacts';
import { likesText } from '../../like-count';

const Footer = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.xl};
`;

/** The most-liked artifacts, with loading, error (and Try Again) and empty states (spec section 2, Home). */
export function FeaturedArtifacts() {
  const featured = pageDataOf(useQuery(featuredQuery));
  return (
    <Band $tone="white" aria-labelledby="featured-title">
      <Column>
        <PageHeader level={2} id="featured-title" title={FEATURED_TITLE} subtitle={FEATURED_SUBTITLE} />
        {featured.status === 'loading' ? <Spinner label={FEATURED_LOADING} /> : null}
        {featured.status === 'error' ? (
          <LoadError
            title={errorMessage(featured.error, FEATURED_FETCH_FAILED)}
            onRetry={() => void reloadQueries(featuredQuery.queryKey)}
          />
        ) : null}
        {featured.status === 'ready' && featured.data.length === 0 ? (
          <EmptyState>
            <p>{FEATURED_EMPTY}</p>
          </EmptyState>
        ) : null}
        {featured.status === 'ready' && featured.data.length > 0 ? (
          <Grid aria-label={FEATURED_TITLE}>
            {featured.data.map((artifact, index) => (
              <ArtifactCard
                key={artifact._id}
                artifact={artifact}
                index={index}
                descriptionLines={2}
                headingLevel={3}
                details={[likesText(artifact.likeCount)]}
                actions={
                  <ButtonLink
                    to={`/artifact-details/${artifact._id}`}
                    $variant="secondary"
                    aria-label={`${VIEW_DETAILS}: ${artifact.name}`}
                  >
                    {VIEW_DETAILS}
                  </ButtonLink>
                }
              />
            ))}
          </Grid>
        ) : null}
        <Footer>
          <ButtonLink to="/all-artifacts" $variant="ghost">
            {VIEW_ALL}
          </ButtonLink>
        </Footer>
      </Column>
    </Band>
  );
}

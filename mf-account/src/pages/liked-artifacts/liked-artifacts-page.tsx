import toast from 'react-hot-toast';
import {
  ArtifactCard,
  ButtonLink,
  EmptyState,
  errorMessage,
  fetchMyLikedArtifacts,
  Grid,
  PageContainer,
  PageHeader,
  Spinner,
  useAuthStore,
  type Artifact,
} from 'shared-ui';
import { LoadErrorNotice } from '../../common/load-error-notice';
import { SignedOutNotice } from '../../common/signed-out-notice';
import { useMemberData } from '../../common/use-member-data';
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

const reportFetchError = (error: unknown) =>
  toast.error(errorMessage(error, LIKED_FETCH_FAILED), { id: 'liked-artifacts-error' });

export default function LikedArtifactsPage() {
  const user = useAuthStore((s) => s.user);
  const authLoading = useAuthStore((s) => s.loading);
  const { state, retry } = useMemberData<Artifact[]>(user?.uid, fetchMyLikedArtifacts, reportFetchError);
  const liked = state.status === 'ready' ? state.data : null;

  return (
    <PageContainer>
      <PageHeader title={LIKED_TITLE} subtitle={liked?.length ? likedCountLine(liked.length) : undefined} />
      {!user ? (
        authLoading ? (
          <Spinner label={LIKED_LOADING} />
        ) : (
          <SignedOutNotice message={LIKED_SIGNED_OUT} />
        )
      ) : state.status === 'loading' ? (
        <Spinner label={LIKED_LOADING} />
      ) : state.status === 'error' ? (
        <LoadErrorNotice message={LIKED_FETCH_FAILED} onRetry={retry} />
      ) : liked && liked.length > 0 ? (
        <Grid aria-label={LIKED_TITLE}>
          {liked.map((artifact, index) => (
            <ArtifactCard
              key={artifact._id}
              artifact={artifact}
              index={index}
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
      ) : (
        <EmptyState title={LIKED_EMPTY}>
          <ButtonLink to="/all-artifacts">{LIKED_EXPLORE}</ButtonLink>
        </EmptyState>
      )}
    </PageContainer>
  );
}

import type { ReactNode } from 'react';
import {
  DETAILS_PICTURE_SIZES,
  type Artifact,
  ArtifactImage,
  ButtonLink,
  DetailsList,
  EmptyState,
  LoadError,
  media,
  PageContainer,
  Spinner,
  useDocumentTitle,
  useParams,
} from 'shared-ui';
import type { PageQuery } from 'shared-ui/data/page-query';
import styled from 'styled-components';
import { useBackToListUrl } from '../all-artifacts/back-to-list';
import { BACK_TO_ALL, LOADING_DETAILS, NOT_FOUND } from './artifact-details-texts';
import { detailsQuery, useArtifactDetails } from './use-artifact-details';
import { VoteButtons } from './vote-buttons';

const Layout = styled.article`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  ${media.lg} {
    grid-template-columns: minmax(0, 5fr) minmax(0, 6fr);
    align-items: start;
  }
`;

/** The whole picture, whatever its shape: a details page should not crop the artifact. */
const Picture = styled(ArtifactImage)`
  width: 100%;
  height: auto;
  max-height: 70vh;
  object-fit: contain;
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  background: ${({ theme }) => theme.colors.parchmentDark};
`;

const Info = styled.div`
  h1 {
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    margin-bottom: ${({ theme }) => theme.space.xs};
    overflow-wrap: anywhere;
  }
`;

const TypeBadge = styled.span`
  display: inline-block;
  padding: 0.15rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.brownDark};
  color: ${({ theme }) => theme.colors.goldLight};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
`;

const Facts = styled(DetailsList)`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  /* Phones: a narrower frame leaves the values room for an e-mail address on one line. */
  padding: ${({ theme }) => theme.space.md};
  ${media.sm} {
    gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
    padding: ${({ theme }) => theme.space.lg};
  }
  background: ${({ theme }) => theme.colors.white};
  border: 1px solid ${({ theme }) => theme.colors.parchmentDark};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const Story = styled.section`
  margin-top: ${({ theme }) => theme.space.xl};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

const FactRow = styled.div`
  display: contents;
`;

const Stories = styled.div`
  grid-column: 1 / -1;
`;

const Back = styled.div`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

/** An e-mail address that, when it must wrap, wraps after the @ rather than inside the domain. */
function breakableEmail(email: string): ReactNode {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function ArtifactFacts({ artifact }: { artifact: Artifact }) {
  const facts: [string, ReactNode][] = [
    ['Location', artifact.presentLocation],
    ['Created', artifact.createdAt],
    ['Discovered', artifact.discoveredAt],
    ['Discovered by', artifact.discoveredBy],
    ['Added by', artifact.adderName],
    ['Contact', <a href={`mailto:${artifact.adderEmail}`}>{breakableEmail(artifact.adderEmail)}</a>],
    ['Type', artifact.type],
  ];
  return (
    <Facts>
      {facts.map(([term, value]) => (
        <FactRow key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </FactRow>
      ))}
    </Facts>
  );
}

export const pageQuery: PageQuery = ({ id = '' }, viewer) => detailsQuery(id, viewer);

/** Artifact Details (spec sections 2 and 4): the artifact, its facts, and Like / Dislike. Protected by the shell. */
export default function ArtifactDetailsPage() {
  const { id = '' } = useParams();
  const backToList = useBackToListUrl();
  const { state, voting, dislikeRefusal, like, dislike, retry } = useArtifactDetails(id);
  useDocumentTitle(state.status === 'ready' ? state.artifact.name : null);

  return (
    <PageContainer>
      <Back>
        <ButtonLink to={backToList} $variant="ghost">
          ← {BACK_TO_ALL}
        </ButtonLink>
      </Back>
      {state.status === 'loading' ? <Spinner label={LOADING_DETAILS} /> : null}
      {state.status === 'not-found' ? <EmptyState title={NOT_FOUND} /> : null}
      {state.status === 'error' ? <LoadError title={state.message} onRetry={retry} /> : null}
      {state.status === 'ready' ? (
        <Layout>
          <Picture
            src={state.artifact.image}
            alt={state.artifact.name}
            width={800}
            height={600}
            sizes={DETAILS_PICTURE_SIZES}
            fetchPriority="high"
          />
          <Info>
            <h1>{state.artifact.name}</h1>
            <TypeBadge>{state.artifact.type}</TypeBadge>
            <VoteButtons
              state={state.likeState}
              count={state.artifact.likeCount}
              busy={voting}
              dislikeRefusal={dislikeRefusal}
              onLike={like}
              onDislike={dislike}
            />
            <ArtifactFacts artifact={state.artifact} />
          </Info>
          <Stories>
            <Story aria-labelledby="historical-context">
              <h2 id="historical-context">Historical Context</h2>
              <p>{state.artifact.historicalContext}</p>
            </Story>
            <Story aria-labelledby="description">
              <h2 id="description">Description</h2>
              <p>{state.artifact.description}</p>
            </Story>
          </Stories>
        </Layout>
      ) : null}
    </PageContainer>
  );
}

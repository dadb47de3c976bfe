import { ButtonLink, EmptyState, type Artifact } from 'shared-ui';
import styled from 'styled-components';
import { NOT_YOURS_TITLE, notYoursText } from './update-artifact-texts';

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Shown instead of the form when the member did not add the artifact: the server would refuse the change anyway. */
export function NotYourArtifact({ artifact }: { artifact: Artifact }) {
  return (
    <EmptyState title={NOT_YOURS_TITLE}>
      <p>{notYoursText(artifact.name, artifact.adderName)}</p>
      <Links>
        <ButtonLink to={`/artifact-details/${encodeURIComponent(artifact._id)}`} $variant="secondary">
          View this artifact
        </ButtonLink>
        <ButtonLink to="/my-artifacts" $variant="ghost">
          Go to My Artifacts
        </ButtonLink>
      </Links>
    </EmptyState>
  );
}

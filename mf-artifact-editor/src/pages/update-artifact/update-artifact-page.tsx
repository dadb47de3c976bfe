import { PageContainer, PageHeader, Spinner, useAuthStore, useParams } from 'shared-ui';
import type { PageQuery } from 'shared-ui/data/page-query';
import { NotYourArtifact } from './not-your-artifact';
import { UpdateArtifactForm } from './update-artifact-form';
import { editingSubtitle, LOADING_ARTIFACT, UPDATE_ARTIFACT_TITLE } from './update-artifact-texts';
import { artifactToUpdateQuery, useArtifactToUpdate } from './use-artifact-to-update';

export const pageQuery: PageQuery = ({ id = '' }, viewer) => artifactToUpdateQuery(id, viewer);

export default function UpdateArtifactPage() {
  const { id } = useParams();
  const email = useAuthStore((s) => s.user?.email);
  const artifact = useArtifactToUpdate(id);
  // The shell renders this page only for a member; until the store has the user, ownership is unknown.
  const ready = artifact && email;
  const owner = ready ? artifact.adderEmail?.toLowerCase() === email.toLowerCase() : false;

  return (
    <PageContainer>
      <PageHeader
        title={UPDATE_ARTIFACT_TITLE}
        subtitle={ready && owner ? editingSubtitle(artifact.name) : undefined}
      />
      {!ready ? (
        <Spinner label={LOADING_ARTIFACT} />
      ) : owner ? (
        // Keyed by id: the form's state starts from this artifact's values.
        <UpdateArtifactForm key={artifact._id} artifact={artifact} />
      ) : (
        <NotYourArtifact artifact={artifact} />
      )}
    </PageContainer>
  );
}

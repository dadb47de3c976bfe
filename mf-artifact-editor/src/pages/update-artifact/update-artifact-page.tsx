import { Button, ButtonLink, PageContainer, PageHeader, Spinner, useAuthStore, useParams } from 'shared-ui';
import type { PageQuery } from 'shared-ui/data/page-query';
import { ArtifactFormBody } from '../../artifact-form/artifact-form';
import { toFormValues } from '../../artifact-form/artifact-form-values';
import { updateArtifact } from '../../data/editor-api';
import { NotYourArtifact } from './not-your-artifact';
import {
  CANCEL_LINK,
  editingSubtitle,
  LOADING_ARTIFACT,
  UPDATE_ARTIFACT_TITLE,
  UPDATE_BUTTON,
  UPDATE_FAILED,
  UPDATED_TOAST,
  UPDATING_BUTTON,
} from './update-artifact-texts';
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
        <ArtifactFormBody
          // Keyed by id: the form's state starts from this artifact's values.
          key={artifact._id}
          formId="update-artifact"
          initialValues={toFormValues(artifact)}
          label={UPDATE_ARTIFACT_TITLE}
          save={async (update) => {
            await updateArtifact(artifact._id, update);
            return UPDATED_TOAST;
          }}
          failed={UPDATE_FAILED}
          actions={(busy) => (
            <>
              <ButtonLink to="/my-artifacts" $variant="ghost">
                {CANCEL_LINK}
              </ButtonLink>
              <Button type="submit" disabled={busy}>
                {busy ? UPDATING_BUTTON : UPDATE_BUTTON}
              </Button>
            </>
          )}
        />
      ) : (
        <NotYourArtifact artifact={artifact} />
      )}
    </PageContainer>
  );
}

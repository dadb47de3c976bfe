import { type Artifact, Button, ButtonLink } from 'shared-ui';
import { updateArtifact } from '../../data/editor-api';
import { ArtifactFormBody, useArtifactSubmit } from '../../artifact-form/artifact-form';
import { toFormValues } from '../../artifact-form/artifact-form-values';
import { useArtifactForm } from '../../artifact-form/use-artifact-form';
import {
  CANCEL_LINK,
  UPDATE_ARTIFACT_TITLE,
  UPDATE_BUTTON,
  UPDATE_FAILED,
  UPDATED_TOAST,
  UPDATING_BUTTON,
} from './update-artifact-texts';

export function UpdateArtifactForm({ artifact }: { artifact: Artifact }) {
  const form = useArtifactForm('update-artifact', toFormValues(artifact));
  const { busy, onSubmit } = useArtifactSubmit(
    form,
    async (update) => {
      await updateArtifact(artifact._id, update);
      return UPDATED_TOAST;
    },
    UPDATE_FAILED,
  );

  return (
    <ArtifactFormBody
      form={form}
      label={UPDATE_ARTIFACT_TITLE}
      busy={busy}
      onSubmit={onSubmit}
      actions={
        <>
          <ButtonLink to="/my-artifacts" $variant="ghost">
            {CANCEL_LINK}
          </ButtonLink>
          <Button type="submit" disabled={busy}>
            {busy ? UPDATING_BUTTON : UPDATE_BUTTON}
          </Button>
        </>
      }
    />
  );
}

import {
  artifactsChanged,
  type Artifact,
  type ArtifactInput,
  Button,
  ButtonLink,
  toast,
  useNavigate,
} from 'shared-ui';
import { updateArtifact } from '../../data/editor-api';
import { ArtifactFormBody, ARTIFACT_FORM_FIELDS, useArtifactSubmit } from '../../artifact-form/artifact-form';
import { toFormValues, validateArtifact } from '../../artifact-form/artifact-form-values';
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
  const navigate = useNavigate();
  const form = useArtifactForm<ArtifactInput>({
    formId: 'update-artifact',
    initialValues: toFormValues(artifact),
    validate: validateArtifact,
    fields: ARTIFACT_FORM_FIELDS,
  });
  const { busy, onSubmit } = useArtifactSubmit(
    form,
    async (update) => {
      await updateArtifact(artifact._id, update);
      form.saved();
      void artifactsChanged();
      toast.success(UPDATED_TOAST);
      navigate('/my-artifacts');
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

import {
  artifactsChanged,
  type Artifact,
  type ArtifactUpdate,
  Button,
  ButtonLink,
  toast,
  useNavigate,
} from 'shared-ui';
import { updateArtifact } from '../../data/editor-api';
import { ArtifactFormBody, artifactFormFields, useArtifactSubmit } from '../../artifact-form/artifact-form';
import {
  toFormValues,
  validateWith,
  type ArtifactFormValues,
} from '../../artifact-form/artifact-form-values';
import type { ArtifactModel } from '../../artifact-form/artifact-model';
import { useArtifactForm } from '../../artifact-form/use-artifact-form';
import {
  CANCEL_LINK,
  UPDATE_ARTIFACT_TITLE,
  UPDATE_BUTTON,
  UPDATE_FAILED,
  UPDATED_TOAST,
  UPDATING_BUTTON,
} from './update-artifact-texts';

// The description is held in form state and sent back unchanged; an empty one is left out rather than refused.
const validate = (model: ArtifactModel, values: ArtifactFormValues) =>
  validateWith(model, model.artifactUpdateSchema, {
    ...values,
    description: values.description || undefined,
  });

export function UpdateArtifactForm({ artifact }: { artifact: Artifact }) {
  const navigate = useNavigate();
  const form = useArtifactForm<ArtifactUpdate>({
    formId: 'update-artifact',
    initialValues: toFormValues(artifact),
    validate,
    // The spec's Update fields: description has no input (spec section 2).
    fields: artifactFormFields({ withDescription: false }),
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
      withDescription={false}
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

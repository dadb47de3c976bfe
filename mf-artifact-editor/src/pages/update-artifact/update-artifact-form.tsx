import { useState, type FormEvent } from 'react';
import {
  type Artifact,
  type ArtifactField,
  type ArtifactUpdate,
  Button,
  ButtonLink,
  errorMessage,
  FormCard,
  toast,
  updateArtifact,
  useNavigate,
} from 'shared-ui';
import { artifactUpdateSchema } from 'shared-ui/model';
import {
  ArtifactImageField,
  ArtifactTextField,
  ArtifactTypeField,
  CREATED_AT_HINT,
  DISCOVERED_AT_HINT,
  FieldPair,
  FormSection,
  SubmitBar,
} from '../../artifact-form/artifact-fields';
import {
  toFormValues,
  validateWith,
  type ArtifactFormValues,
} from '../../artifact-form/artifact-form-values';
import { useArtifactForm } from '../../artifact-form/use-artifact-form';
import {
  CANCEL_LINK,
  UPDATE_ARTIFACT_TITLE,
  UPDATE_BUTTON,
  UPDATE_FAILED,
  UPDATED_TOAST,
  UPDATING_BUTTON,
} from './update-artifact-texts';

/** The spec's Update fields in screen order; description has no input (spec section 2). */
const UPDATE_FIELDS: readonly ArtifactField[] = [
  'name',
  'image',
  'type',
  'historicalContext',
  'createdAt',
  'discoveredAt',
  'discoveredBy',
  'presentLocation',
];

// The description is held in form state and sent back unchanged; an empty one is left out rather than refused.
const validate = (values: ArtifactFormValues) =>
  validateWith(artifactUpdateSchema, { ...values, description: values.description || undefined });

export function UpdateArtifactForm({ artifact }: { artifact: Artifact }) {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useArtifactForm<ArtifactUpdate>({
    formId: 'update-artifact',
    initialValues: toFormValues(artifact),
    validate,
    fields: UPDATE_FIELDS,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const update = form.validateForSubmit();
    if (!update) return;
    setSaving(true);
    try {
      await updateArtifact(artifact._id, update);
      toast.success(UPDATED_TOAST);
      navigate('/my-artifacts');
    } catch (error) {
      toast.error(errorMessage(error, UPDATE_FAILED));
      setSaving(false);
    }
  };

  return (
    <FormCard onSubmit={onSubmit} noValidate aria-label={UPDATE_ARTIFACT_TITLE} aria-busy={saving}>
      <FormSection legend="The artifact">
        <ArtifactTextField form={form} field="name" />
        <ArtifactImageField form={form} />
        <ArtifactTypeField form={form} />
        <ArtifactTextField form={form} field="historicalContext" multiline />
      </FormSection>
      <FormSection legend="History and location">
        <FieldPair>
          <ArtifactTextField form={form} field="createdAt" hint={CREATED_AT_HINT} />
          <ArtifactTextField form={form} field="discoveredAt" hint={DISCOVERED_AT_HINT} />
        </FieldPair>
        <FieldPair>
          <ArtifactTextField form={form} field="discoveredBy" />
          <ArtifactTextField form={form} field="presentLocation" />
        </FieldPair>
      </FormSection>
      <SubmitBar>
        <ButtonLink to="/my-artifacts" $variant="ghost">
          {CANCEL_LINK}
        </ButtonLink>
        <Button type="submit" disabled={saving}>
          {saving ? UPDATING_BUTTON : UPDATE_BUTTON}
        </Button>
      </SubmitBar>
    </FormCard>
  );
}

import { ARTIFACT_FIELD_LABELS, type Artifact, type ArtifactField } from 'shared-ui';

/** The form's fields in screen order, which is the model's order of them: the error summary lists them so. */
export const ARTIFACT_FORM_FIELDS = Object.keys(ARTIFACT_FIELD_LABELS) as ArtifactField[];

/** What the artifact forms hold while the member types: every field as the text in its input. */
export type ArtifactFormValues = Record<ArtifactField, string>;

/** The editable fields of a stored artifact (Update Artifact's prefill); of none, an empty form (Add Artifact). */
export const toFormValues = (artifact: Partial<Artifact> = {}): ArtifactFormValues =>
  Object.fromEntries(
    ARTIFACT_FORM_FIELDS.map((field) => [field, artifact[field] ?? '']),
  ) as ArtifactFormValues;

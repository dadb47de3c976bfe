import type { Artifact, ArtifactField, ArtifactInput } from 'shared-ui';
import type { ArtifactModel } from './artifact-model';

/** What the artifact forms hold while the member types: every field as the text in its input. */
export type ArtifactFormValues = Record<ArtifactField, string>;

export type ArtifactFormErrors = Partial<Record<ArtifactField, string>>;

export const EMPTY_ARTIFACT_VALUES: ArtifactFormValues = {
  name: '',
  image: '',
  type: '',
  historicalContext: '',
  description: '',
  createdAt: '',
  discoveredAt: '',
  discoveredBy: '',
  presentLocation: '',
};

/** The editable fields of a stored artifact, for prefilling Update Artifact. */
export function toFormValues(artifact: Artifact): ArtifactFormValues {
  return {
    name: artifact.name ?? '',
    image: artifact.image ?? '',
    type: artifact.type ?? '',
    historicalContext: artifact.historicalContext ?? '',
    description: artifact.description ?? '',
    createdAt: artifact.createdAt ?? '',
    discoveredAt: artifact.discoveredAt ?? '',
    discoveredBy: artifact.discoveredBy ?? '',
    presentLocation: artifact.presentLocation ?? '',
  };
}

export type ArtifactValidation<T> =
  { data: T; errors?: undefined } | { data?: undefined; errors: ArtifactFormErrors };

/**
 * Runs the shared model's schema of an artifact and returns either the clean data or a message per field. Add and
 * Update hold the same fields to the same rules: a description can be corrected, never emptied.
 */
export function validateArtifact(
  model: ArtifactModel,
  values: ArtifactFormValues,
): ArtifactValidation<ArtifactInput> {
  const result = model.artifactInputSchema.safeParse(values);
  return result.success ? { data: result.data } : { errors: model.fieldErrors(result.error) };
}

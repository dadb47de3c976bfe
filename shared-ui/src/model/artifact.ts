/**
 * The Artifact model: one zod schema drives the web forms and the API, so a rule changes in one place.
 * Pure zod, no React: the API and the editor import this file directly (`shared-ui/model`); the kit's main entry
 * exports only its types and `artifact-fields`, so zod stays off the pages that never validate.
 */
import { z } from 'zod';
import {
  ARTIFACT_FIELD_LABELS,
  ARTIFACT_FIELD_MAX_LENGTH,
  ARTIFACT_TYPES,
  isHttpUrl,
  type ArtifactField,
} from './artifact-fields';

export * from './artifact-fields';
export * from './uploaded-image';

function requiredText(field: ArtifactField) {
  const label = ARTIFACT_FIELD_LABELS[field];
  const max = ARTIFACT_FIELD_MAX_LENGTH[field];
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
    })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

const imageUrl = requiredText('image').refine(isHttpUrl, {
  error: `${ARTIFACT_FIELD_LABELS.image} must be a valid http(s) URL`,
});

const artifactType = z.enum(ARTIFACT_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? `${ARTIFACT_FIELD_LABELS.type} is required`
      : `${ARTIFACT_FIELD_LABELS.type} must be one of: ${ARTIFACT_TYPES.join(', ')}`,
});

/** What a member submits on Add Artifact. Adder name and e-mail are not here: the server takes them from the token. */
export const artifactInputSchema = z
  .object({
    name: requiredText('name'),
    image: imageUrl,
    type: artifactType,
    historicalContext: requiredText('historicalContext'),
    description: requiredText('description'),
    createdAt: requiredText('createdAt'),
    discoveredAt: requiredText('discoveredAt'),
    discoveredBy: requiredText('discoveredBy'),
    presentLocation: requiredText('presentLocation'),
  })
  .strip();
export type ArtifactInput = z.infer<typeof artifactInputSchema>;

/** Update Artifact has no description input (spec section 2): the description may be sent unchanged or left out. */
export const artifactUpdateSchema = artifactInputSchema.extend({
  description: requiredText('description').optional(),
});
export type ArtifactUpdate = z.infer<typeof artifactUpdateSchema>;

export type Vote = 'liked' | 'disliked';

/** An artifact as the API returns it. */
export interface Artifact extends ArtifactInput {
  _id: string;
  adderName: string;
  adderEmail: string;
  likeCount: number;
  /** The caller's current vote; present on GET /api/artifacts/{id} when a bearer token is sent. */
  myVote?: Vote | null;
}

export interface MutationResult {
  success: boolean;
  message: string;
}

/** The first message per field, for forms that show an error beside each input. */
export function fieldErrors(error: z.ZodError): Partial<Record<ArtifactField, string>> {
  const errors: Partial<Record<ArtifactField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as ArtifactField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The Artifact model: one zod schema drives the web forms and the API, so a rule changes in one place.
 * Pure zod, no React: the API imports this file directly (`shared-ui/model`).
 */
import { z } from 'zod';

export const ARTIFACT_TYPES = [
  'Tools',
  'Weapons',
  'Documents',
  'Writings',
  'Pottery',
  'Jewelry',
  'Clothing',
  'Religious Items',
  'Art',
  'Other',
] as const;
export type ArtifactType = (typeof ARTIFACT_TYPES)[number];

/** What each field is called on screen; validation messages name the field the way the user sees it. */
export const ARTIFACT_FIELD_LABELS = {
  name: 'Artifact Name',
  image: 'Image URL',
  type: 'Artifact Type',
  historicalContext: 'Historical Context',
  description: 'Description',
  createdAt: 'Created At',
  discoveredAt: 'Discovered At',
  discoveredBy: 'Discovered By',
  presentLocation: 'Present Location',
} as const;
export type ArtifactField = keyof typeof ARTIFACT_FIELD_LABELS;

/** Sane upper bounds: long enough for real entries, short enough that nobody stores a novel in a name. */
export const ARTIFACT_FIELD_MAX_LENGTH: Record<ArtifactField, number> = {
  name: 120,
  image: 2048,
  type: 40,
  historicalContext: 4000,
  description: 4000,
  createdAt: 60,
  discoveredAt: 60,
  discoveredBy: 120,
  presentLocation: 160,
};

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function requiredText(field: ArtifactField) {
  const label = ARTIFACT_FIELD_LABELS[field];
  const max = ARTIFACT_FIELD_MAX_LENGTH[field];
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`) })
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

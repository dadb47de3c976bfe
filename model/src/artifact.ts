/**
 * The Artifact model: one zod schema drives the web forms and the API, so a rule changes in one place.
 * Pure zod, no React: the API and the editor import this file directly (`artifact-model`); the kit's main entry
 * re-exports only its types, `artifact-fields` and `uploaded-image`, so zod stays off the pages that never validate.
 */
import { z } from 'zod';
import {
  ADDER_NAME_MAX_LENGTH,
  ARTIFACT_FIELD_LABELS,
  ARTIFACT_FIELD_MAX_LENGTH,
  ARTIFACT_TYPES,
  type ArtifactField,
} from './artifact-fields';
import { imageUrlProblem, normalizeImageUrl } from './image-url';
import { badCharacters, normalizeText, trimInvisible } from './text-rules';

// Before any schema is built: zod's jit probes with `new Function`, which the site's CSP reports as a violation on
// Add and Update Artifact; the interpreted parser is as fast as needed for one form.
z.config({ jitless: true });

export * from './artifact-fields';
export * from './image-url';
export * from './text-rules';
export * from './uploaded-image';

/** The textareas: their text may run over several lines. */
const MULTI_LINE: ReadonlySet<string> = new Set<ArtifactField>(['historicalContext', 'description']);

/**
 * A required text: refused if it holds a character no text may hold (text-rules.ts), else trimmed of white space and
 * invisible characters at its edges, put in NFC, and held to the spec's required rule and its length limit.
 */
export function requiredText(label: string, max: number, multiLine = false) {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
    })
    .superRefine((text, context) => {
      const problem = badCharacters(text, multiLine);
      if (problem) context.addIssue({ code: 'custom', message: `${label} ${problem}`, continue: false });
    })
    .overwrite((text) => normalizeText(trimInvisible(text)))
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

function fieldText(field: ArtifactField) {
  return requiredText(ARTIFACT_FIELD_LABELS[field], ARTIFACT_FIELD_MAX_LENGTH[field], MULTI_LINE.has(field));
}

/** An http(s) URL to a public host, stored as the WHATWG parser serialises it (image-url.ts). */
const imageUrl = fieldText('image')
  .superRefine((text, context) => {
    const problem = imageUrlProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem, continue: false });
  })
  .overwrite(normalizeImageUrl);

const artifactType = z.enum(ARTIFACT_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === ''
      ? `${ARTIFACT_FIELD_LABELS.type} is required`
      : `${ARTIFACT_FIELD_LABELS.type} must be one of: ${ARTIFACT_TYPES.join(', ')}`,
});

/**
 * The adder's name as an artifact stores it: the member's display name, held to the rules of the artifact's own
 * texts (the API refuses an artifact from an account whose name breaks them, naming `adderName`).
 */
export const adderNameSchema = requiredText('Your display name', ADDER_NAME_MAX_LENGTH);

/** What a member submits on Add Artifact. Adder name and e-mail are not here: the server takes them from the token. */
export const artifactInputSchema = z
  .object({
    name: fieldText('name'),
    image: imageUrl,
    type: artifactType,
    historicalContext: fieldText('historicalContext'),
    description: fieldText('description'),
    createdAt: fieldText('createdAt'),
    discoveredAt: fieldText('discoveredAt'),
    discoveredBy: fieldText('discoveredBy'),
    presentLocation: fieldText('presentLocation'),
  })
  .strip();
export type ArtifactInput = z.infer<typeof artifactInputSchema>;

/**
 * What PUT accepts: Add's fields, but the description may be left out (kept as stored), as editor releases from
 * before Update had a Description input send it. Today's Update form validates with `artifactInputSchema`.
 */
export const artifactUpdateSchema = artifactInputSchema.extend({
  description: fieldText('description').optional(),
});
export type ArtifactUpdate = z.infer<typeof artifactUpdateSchema>;

/** A member's vote on an artifact (spec section 4): like or dislike; none is null. */
export const voteSchema = z.enum(['liked', 'disliked']);
export type Vote = z.infer<typeof voteSchema>;

/**
 * An artifact as the API returns it: what its adder submitted, and what the server keeps beside it. The API's answers
 * are described by it (the OpenAPI document), and the apps read them as its type.
 */
export const artifactSchema = artifactInputSchema.extend({
  _id: z.uuid(),
  adderName: z.string(),
  adderEmail: z.email(),
  likeCount: z.int().min(0),
  addedAt: z.iso.datetime().describe('When the artifact was added (row timestamp)'),
  myVote: voteSchema.nullable().optional().describe('Only on GET /api/artifacts/{id} with a bearer token'),
});
export type Artifact = z.infer<typeof artifactSchema>;

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

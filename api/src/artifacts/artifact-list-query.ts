/**
 * What GET /artifacts takes beyond the spec: the search (q, type), its order, and paging by cursor (limit, cursor; the
 * cursor is X-Next-Cursor of the previous page).
 */
import { z } from 'zod';
import { ARTIFACT_TYPES, badCharacters, normalizeText } from 'artifact-model';
import { ARTIFACT_SORTS } from 'artifact-model/search-page';
import { badRequest } from '../http/errors.ts';

const MAX_PAGE_SIZE = 100;

export const listQuerySchema = z
  .object({
    q: z
      .string()
      .max(200, { error: 'q must be at most 200 characters' })
      .superRefine((text, context) => {
        const problem = badCharacters(text);
        if (problem) context.addIssue({ code: 'custom', message: `q ${problem}` });
      })
      // Stored texts are in NFC (the model writes them so): "e" + combining accent finds "é".
      .overwrite(normalizeText)
      .optional(),
    type: z.enum(ARTIFACT_TYPES, { error: `type must be one of: ${ARTIFACT_TYPES.join(', ')}` }).optional(),
    sort: z.enum(ARTIFACT_SORTS, { error: `sort must be one of: ${ARTIFACT_SORTS.join(', ')}` }).optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit must be at least 1' })
      .max(MAX_PAGE_SIZE, { error: `limit must be at most ${MAX_PAGE_SIZE}` })
      .optional(),
    cursor: z.string().max(200, { error: 'cursor is too long' }).optional(),
  })
  .strip()
  .meta({
    description:
      'q: a trimmed, case-insensitive substring of name, description, type or present location (blank: all); type: only ' +
      'that type; sort: newest (default), oldest, name, most-liked; limit: page size; cursor: X-Next-Cursor of the ' +
      'previous page. Without limit and cursor the whole list is returned.',
  });

export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString('base64url');
}

export function decodeCursor(cursor: string): number {
  const match = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1]) throw badRequest('Invalid cursor: pass the X-Next-Cursor value of a previous page');
  return Number(match[1]);
}

/**
 * Samples to draw pages with data from (head-start/picture.ts): an artifact and a member as the API and the auth store
 * hold them, each text a mark.
 */
import type { Vote } from 'artifact-model';
import { ARTIFACT_FIELD_LABELS } from 'artifact-model/artifact-fields';
import { markedRecord } from '../head-start/picture.ts';

/** Every field of an artifact the API answers with, but the caller's vote (`fixed`, when the answer has one). */
const ARTIFACT_TEXTS = [...Object.keys(ARTIFACT_FIELD_LABELS), '_id', 'adderName', 'adderEmail', 'likeCount'];

/** An artifact at `prefix` of the context ('data', or 'data.0' in a list). */
export const markedArtifact = (prefix: string, fixed: { myVote?: Vote | null } = {}) =>
  markedRecord(prefix, ARTIFACT_TEXTS, fixed);

type MemberText = 'email' | 'displayName' | 'photoURL';

/**
 * The member the stored token names (token-claims.ts, memberOfToken), by the texts a page shows of them; `missing`
 * names those they do not have (a member without a photo).
 */
export const markedMember = (texts: readonly MemberText[] = [], missing: readonly MemberText[] = []) =>
  markedRecord('member', ['uid', ...texts], {
    createdAt: null,
    ...Object.fromEntries(missing.map((field) => [field, null])),
  });

/**
 * A list of `length` artifacts, as the API answers a list. A member's list page is drawn once per length, because
 * its count line says how many ("You have added 3 artifacts"); a list longer than the longest drawn is not drawn.
 */
export const markedList = (length: number) =>
  Array.from({ length }, (_, index) => markedArtifact(`data.${index}`));

/**
 * The lengths a list page is drawn for: most members' lists. The 13 pictures are 150-190 KB of HTML, which compress
 * to 2-3 KB in the page's file: they differ only in how many cards they repeat.
 */
export const DRAWN_LIST_LENGTHS = Array.from({ length: 13 }, (_, length) => length);

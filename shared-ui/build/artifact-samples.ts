/**
 * Samples to draw pages with data from (data-picture.ts): an artifact and a member as the API and the auth store
 * hold them, each text a mark.
 */
import type { Vote } from '../src/model/artifact.ts';
import { ARTIFACT_FIELD_LABELS } from '../src/model/artifact-fields.ts';
import { markedRecord } from './data-picture.ts';

/** Every field of an artifact the API answers with, but the caller's vote (`fixed`, when the answer has one). */
const ARTIFACT_TEXTS = [...Object.keys(ARTIFACT_FIELD_LABELS), '_id', 'adderName', 'adderEmail', 'likeCount'];

/** An artifact at `prefix` of the context ('data', or 'data.0' in a list). */
export const markedArtifact = (prefix: string, fixed: { myVote?: Vote | null } = {}) =>
  markedRecord(prefix, ARTIFACT_TEXTS, fixed);

/** The member the stored token names (shell/src/auth/stored-session.ts), by the texts a page shows of them. */
export const markedMember = (fields: ReadonlyArray<'email' | 'displayName' | 'photoURL'> = []) =>
  markedRecord('member', ['uid', ...fields], { createdAt: null });

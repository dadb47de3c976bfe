/**
 * Samples to draw pages with data from (head-start/picture.ts): an artifact and a member as the API and the auth store
 * hold them, each text a mark.
 */
import type { Vote } from 'artifact-model';
import { ARTIFACT_FIELD_LABELS, ARTIFACT_TYPES, type ArtifactField } from 'artifact-model/artifact-fields';
import { SEARCH_PAGE_HEADERS } from 'artifact-model/search-page';
import { mark, markedRecord, urlMark, type PictureContext } from '../head-start/picture.ts';

/** Every field of an artifact the API answers with, but the caller's vote (`fixed`, when the answer has one). */
const ARTIFACT_TEXTS = [...Object.keys(ARTIFACT_FIELD_LABELS), '_id', 'adderName', 'adderEmail', 'likeCount'];

/** An artifact at `prefix` of the context ('data', or 'data.0' in a list). */
export const markedArtifact = (prefix: string, fixed: { myVote?: Vote | null } = {}) =>
  markedRecord(prefix, ARTIFACT_TEXTS, fixed);

/**
 * The member's own artifact, once for each type, for the form that edits it: its select shows the type chosen. The
 * adder's e-mail is the member's (a mark away from its path: fitsSample), the image an http(s) URL as the form's
 * preview requires; every other field of the form is a text that must be there, but those it does not show.
 */
export const markedOwnArtifactPerType = (notShown: readonly ArtifactField[] = []) => {
  const notTexts: readonly ArtifactField[] = ['type', 'image', ...notShown];
  const texts = (Object.keys(ARTIFACT_FIELD_LABELS) as ArtifactField[]).filter(
    (field) => !notTexts.includes(field),
  );
  return ARTIFACT_TYPES.map((type) =>
    markedRecord('data', texts, { type, image: urlMark('data.image'), adderEmail: mark('member.email') }),
  );
};

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

// A picture's context names headers in lower case, as the Fetch API's Headers lists them.
const TOTAL = SEARCH_PAGE_HEADERS.total.toLowerCase();
const NEXT_CURSOR = SEARCH_PAGE_HEADERS.nextCursor.toLowerCase();

/** A page of the search as the API answers it: `length` artifacts, with the count and the next page's cursor. */
export const markedSearchPage = (length: number): PictureContext => ({
  data: markedList(length),
  headers: { [TOTAL]: mark(`headers.${TOTAL}`), [NEXT_CURSOR]: mark(`headers.${NEXT_CURSOR}`) },
});

/**
 * What mf-catalogue's searchArtifacts (src/data/catalogue-api.ts) makes of such an answer: the page the search's query holds. Its own parsing cannot
 * be reused here: it reads the count as a number, and in a sample the count is a mark, a text.
 */
export const searchPageAnswer = ({ data, headers = {} }: PictureContext) => ({
  items: data,
  total: headers[TOTAL],
  nextCursor: headers[NEXT_CURSOR],
});

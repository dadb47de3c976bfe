/**
 * The pages the shell may show drawn with their first API answer before their code has loaded
 * (first-paint/head-start/picture.ts): the build draws each once per sample, and the head start takes the first the
 * answer fits. Each page's answer comes from its early request (early-requests.ts).
 */
import { markedArtifact, markedMember, markedSearchPage, searchPageAnswer } from 'first-paint/vite/samples';
import type { PicturesWithData } from 'first-paint/vite/publish-pictures';
import { PAGE_SIZE } from './early-requests.ts';

export const PICTURES_WITH_DATA: Record<string, PicturesWithData> = {
  // The member's vote draws the Like and Dislike buttons: one picture for each.
  './ArtifactDetails': {
    route: '/artifact-details/:id',
    samples: [null, 'liked' as const, 'disliked' as const].map((myVote) => ({
      member: markedMember(),
      data: markedArtifact('data', { myVote }),
    })),
  },
  // The catalogue as every visitor opens it: no search, a full first page, more to come. A search, a type or a
  // collection of one page only is not drawn: the page shows its loading text until its code runs.
  './AllArtifacts': {
    route: '/all-artifacts',
    samples: [{ search: { q: '', type: '' }, ...markedSearchPage(PAGE_SIZE) }],
    answer: searchPageAnswer,
  },
};

/**
 * The pages the shell may show drawn with their first API answer before their code has loaded
 * (shared-ui/build/data-picture.ts): the build draws each once per sample, and the head start takes the first the
 * answer fits. Each page's answer comes from its request preload (request-preloads.ts).
 */
import {
  markedArtifact,
  markedMember,
  markedSearchPage,
  searchPageAnswer,
} from 'shared-ui/build/artifact-samples';
import type { DataPictureDeclaration } from 'shared-ui/build/first-paint';
import { PAGE_SIZE } from './request-preloads.ts';

export const DATA_PICTURES: Record<string, DataPictureDeclaration> = {
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

/**
 * The pages the shell may show drawn for the member before their code has loaded (first-paint/head-start/picture.ts):
 * the build draws each once per sample, and the head start takes the first the member and the page's first API
 * answer fit.
 */
import { DRAWN_LIST_LENGTHS, markedList, markedMember } from 'first-paint/vite/samples';
import type { PicturesWithData } from 'first-paint/vite/publish-pictures';

export const PICTURES_WITH_DATA: Record<string, PicturesWithData> = {
  // The member's photo, or the default avatar; the activity counters show loading, as the page first does.
  './Profile': {
    route: '/profile',
    samples: [
      { member: markedMember(['displayName', 'email', 'photoURL']) },
      { member: markedMember(['displayName', 'email'], ['photoURL']) },
    ],
  },
  './LikedArtifacts': {
    route: '/liked-artifacts',
    samples: DRAWN_LIST_LENGTHS.map((length) => ({ member: markedMember(), data: markedList(length) })),
  },
};

/**
 * The pages the shell may show drawn for the member before their code has loaded (first-paint/head-start/picture.ts):
 * the build draws each once per sample, and the head start takes the first the member and the page's first API
 * answer fit.
 */
import {
  DRAWN_LIST_LENGTHS,
  markedList,
  markedMember,
  markedOwnArtifactPerType,
} from 'first-paint/vite/samples';
import type { PicturesWithData } from 'first-paint/vite/publish-pictures';

export const PICTURES_WITH_DATA: Record<string, PicturesWithData> = {
  // The form is empty but for the member's name and e-mail, which a member without a name does not have.
  './AddArtifact': {
    route: '/add-artifact',
    samples: [
      { member: markedMember(['displayName', 'email']) },
      { member: markedMember(['email'], ['displayName']) },
    ],
  },
  // Drawn for the artifact's adder only: another member is told why they may not update it. The form holds the
  // description without an input.
  './UpdateArtifact': {
    route: '/update-artifact/:id',
    samples: markedOwnArtifactPerType(['description']).map((data) => ({
      member: markedMember(['email']),
      data,
    })),
  },
  './MyArtifacts': {
    route: '/my-artifacts',
    samples: DRAWN_LIST_LENGTHS.map((length) => ({ member: markedMember(), data: markedList(length) })),
  },
};

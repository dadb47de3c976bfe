/**
 * The pages the shell may show drawn with their first API answer before their code has loaded
 * (shared-ui/build/data-picture.ts): the build draws each once per sample, and the head start takes the first the
 * answer fits. Each page's answer comes from its request preload (request-preloads.ts).
 */
import { markedArtifact, markedMember } from 'shared-ui/build/artifact-samples';
import type { DataPictureDeclaration } from 'shared-ui/build/first-paint';

export const DATA_PICTURES: Record<string, DataPictureDeclaration> = {
  // The member's vote draws the Like and Dislike buttons: one picture for each.
  './ArtifactDetails': {
    route: '/artifact-details/:id',
    samples: [null, 'liked' as const, 'disliked' as const].map((myVote) => ({
      member: markedMember(),
      data: markedArtifact('data', { myVote }),
    })),
  },
};

/**
 * The two queries that two remotes read under one key, defined once here: a cache entry both read must be fetched
 * and shaped one way, or whichever remote asked first would decide what the other gets. Every other query lives in
 * the remote whose page makes it. Changing one of these is a kit release, as it changes two teams' pages.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchArtifact, fetchMyArtifacts } from '../api/shared-calls';
import { artifactKeys } from './artifact-keys';
import type { ErrorToast } from './query-client';

export const sharedQueries = {
  /** Artifact Details (mf-catalogue) and Update Artifact (mf-artifact-editor): with the viewer's vote (`myVote`). */
  artifact: (id: string, viewer: string | undefined, errorToast: ErrorToast) =>
    queryOptions({
      queryKey: artifactKeys.detail(id, viewer),
      queryFn: ({ signal }) => fetchArtifact(id, signal),
      meta: { errorToast },
    }),

  /** My Artifacts (mf-artifact-editor) and the Profile's count of them (mf-account). */
  myArtifacts: (uid: string | undefined, errorToast: ErrorToast) =>
    queryOptions({
      queryKey: artifactKeys.mine(uid),
      queryFn: ({ signal }) => fetchMyArtifacts(signal),
      // Without a member the call would only be refused: wait for the shell to have one.
      enabled: !!uid,
      meta: { errorToast },
    }),
};

/**
 * The API calls of the kit's shared queries (data/shared-queries.ts), and the one artifact's address that the
 * catalogue's votes and the editor's writes build on. A module of its own, so tests can stand in for the calls.
 */
import type { Artifact } from 'artifact-model';
import { ARTIFACT_PATHS, artifactPath } from 'artifact-model/api-paths';
import { apiRequest } from './api-client';

/** One artifact's address on the API, kept as a kit export (1.7) for the remotes' writes and votes. */
export { artifactPath };

export const fetchArtifact = (id: string, signal?: AbortSignal) =>
  apiRequest<Artifact>(artifactPath(id), { signal });

export const fetchMyArtifacts = (signal?: AbortSignal) =>
  apiRequest<Artifact[]>(ARTIFACT_PATHS.mine, { signal });

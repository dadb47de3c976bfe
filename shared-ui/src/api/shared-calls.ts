/**
 * The API calls of the kit's shared queries (data/shared-queries.ts), and the one artifact's address that the
 * catalogue's votes and the editor's writes build on. A module of its own, so tests can stand in for the calls.
 */
import type { Artifact } from 'artifact-model';
import { apiRequest } from './api-client';

/** One artifact's address on the API (spec section 7), which its read, its writes and its votes share. */
export const artifactPath = (id: string) => `/api/artifacts/${encodeURIComponent(id)}`;

export const fetchArtifact = (id: string, signal?: AbortSignal) =>
  apiRequest<Artifact>(artifactPath(id), { signal });

export const fetchMyArtifacts = (signal?: AbortSignal) =>
  apiRequest<Artifact[]>('/artifacts/user/me', { signal });

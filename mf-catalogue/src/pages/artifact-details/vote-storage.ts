/**
 * The browser-storage lists of spec section 3: `likedArtifacts` and `dislikedArtifacts`, JSON arrays of artifact
 * ids. The server holds the truth; these follow it, so an id is in at most one list.
 */
import type { LikeState } from './like-state-machine';

export const LIKED_STORAGE_KEY = 'likedArtifacts';
export const DISLIKED_STORAGE_KEY = 'dislikedArtifacts';

function readList(key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeList(key: string, ids: string[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(ids));
  } catch (error) {
    console.error(`Could not store ${key}`, error);
  }
}

/** This browser's record of a vote, for when the server's is not known (no token). */
export function storedLikeState(id: string): LikeState {
  if (readList(LIKED_STORAGE_KEY).includes(id)) return 'liked';
  if (readList(DISLIKED_STORAGE_KEY).includes(id)) return 'disliked';
  return 'neutral';
}

/** Puts the id in the list of its state and takes it out of the other. */
export function storeLikeState(id: string, state: LikeState): void {
  for (const [key, member] of [
    [LIKED_STORAGE_KEY, state === 'liked'],
    [DISLIKED_STORAGE_KEY, state === 'disliked'],
  ] as const) {
    const ids = readList(key);
    const has = ids.includes(id);
    if (member && !has) writeList(key, [...ids, id]);
    if (!member && has)
      writeList(
        key,
        ids.filter((other) => other !== id),
      );
  }
}

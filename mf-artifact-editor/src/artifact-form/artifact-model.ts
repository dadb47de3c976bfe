import { loadOnce } from 'shared-ui';

/** The shared Artifact model: zod and the schemas the forms validate with. */
export type ArtifactModel = typeof import('artifact-model');

let loaded: ArtifactModel | undefined;

/**
 * The model, loaded once. zod is 23 KB of Add and Update Artifact's 33 KB of code (compressed) and nothing needs it
 * before the member leaves a field or submits, so the form asks for it once it is on screen (about 100 ms of a slow
 * link off the page's way). From then on `loadedArtifactModel` gives it without waiting.
 */
export const loadArtifactModel = loadOnce(async () => (loaded = await import('artifact-model')));

export function loadedArtifactModel(): ArtifactModel | undefined {
  return loaded;
}

import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore, type AuthUser } from '../auth/auth-store';
import { artifactKeys, artifactsChanged } from './artifact-keys';
import { queryClient } from './query-client';

const member = (uid: string): AuthUser => ({
  uid,
  email: `${uid}@heritage.test`,
  displayName: uid,
  photoURL: null,
  createdAt: null,
});

afterEach(() => {
  queryClient.clear();
  useAuthStore.setState({ user: null, loading: true });
});

describe('the site data cache', () => {
  it("drops a member's own data when they sign out or another member signs in, and keeps public data", () => {
    useAuthStore.setState({ user: member('ada'), loading: false });
    queryClient.setQueryData(artifactKeys.mine('ada'), []);
    queryClient.setQueryData(artifactKeys.liked('ada'), []);
    queryClient.setQueryData(artifactKeys.detail('a1', 'ada'), undefined);
    queryClient.setQueryData(artifactKeys.topLiked(), []);

    useAuthStore.setState({ user: member('grace') });
    expect(queryClient.getQueryData(artifactKeys.mine('ada'))).toBeUndefined();
    expect(queryClient.getQueryData(artifactKeys.liked('ada'))).toBeUndefined();
    expect(queryClient.getQueryData(artifactKeys.topLiked())).toEqual([]);

    queryClient.setQueryData(artifactKeys.mine('grace'), []);
    useAuthStore.setState({ user: null });
    expect(queryClient.getQueryData(artifactKeys.mine('grace'))).toBeUndefined();
  });

  it("after a write marks every artifact query stale, a remote's new one too, but the one the write answered", async () => {
    const liked = artifactKeys.liked('ada');
    const top = artifactKeys.topLiked();
    const detail = artifactKeys.detail('a1', 'ada');
    // A query the kit has never heard of, keyed by its vocabulary: a release's new sort of the search.
    const sorted = artifactKeys.search({ q: '', sort: 'name' });
    for (const key of [liked, top, detail, sorted]) queryClient.setQueryData(key, []);

    await artifactsChanged(detail);
    expect(queryClient.getQueryState(liked)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(top)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(sorted)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(detail)?.isInvalidated).toBe(false);
  });
});

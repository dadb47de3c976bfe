import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore, type AuthUser } from '../auth/auth-store';
import { artifactQueries, artifactsChanged, queryClient } from './artifact-queries';

const member = (uid: string): AuthUser => ({
  uid,
  email: `${uid}@heritage.test`,
  displayName: uid,
  photoURL: null,
  createdAt: null,
});
const toastSpec = { fallback: 'failed' };

afterEach(() => {
  queryClient.clear();
  useAuthStore.setState({ user: null, loading: true });
});

describe('the site data cache', () => {
  it("drops a member's own data when they sign out or another member signs in, and keeps public data", () => {
    useAuthStore.setState({ user: member('ada'), loading: false });
    queryClient.setQueryData(artifactQueries.mine('ada', toastSpec).queryKey, []);
    queryClient.setQueryData(artifactQueries.liked('ada', toastSpec).queryKey, []);
    queryClient.setQueryData(artifactQueries.detail('a1', 'ada', toastSpec).queryKey, undefined);
    queryClient.setQueryData(artifactQueries.topLiked(toastSpec).queryKey, []);

    useAuthStore.setState({ user: member('grace') });
    expect(queryClient.getQueryData(artifactQueries.mine('ada', toastSpec).queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(artifactQueries.liked('ada', toastSpec).queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(artifactQueries.topLiked(toastSpec).queryKey)).toEqual([]);

    queryClient.setQueryData(artifactQueries.mine('grace', toastSpec).queryKey, []);
    useAuthStore.setState({ user: null });
    expect(queryClient.getQueryData(artifactQueries.mine('grace', toastSpec).queryKey)).toBeUndefined();
  });

  it('after a write marks every artifact query stale but the one the write answered', async () => {
    const liked = artifactQueries.liked('ada', toastSpec).queryKey;
    const top = artifactQueries.topLiked(toastSpec).queryKey;
    const detail = artifactQueries.detail('a1', 'ada', toastSpec).queryKey;
    for (const key of [liked, top, detail]) queryClient.setQueryData(key, []);

    await artifactsChanged(detail);
    expect(queryClient.getQueryState(liked)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(top)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(detail)?.isInvalidated).toBe(false);
  });
});

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestAuthStore, requestAuthStore, useAuthStore, type AuthUser } from './auth-store';

const member = (uid: string): AuthUser => ({
  uid,
  email: `${uid}@heritage.test`,
  displayName: uid,
  photoURL: null,
  createdAt: null,
});

function Greeting() {
  const user = useAuthStore((s) => s.user);
  const loading = useAuthStore((s) => s.loading);
  return <p>{loading ? 'checking' : (user?.uid ?? 'visitor')}</p>;
}

afterEach(() => useAuthStore.setState({ user: null, loading: true }));

describe('a render for one request (the render process)', () => {
  it("reads that request's member, known at once, whatever the site's one store holds", () => {
    useAuthStore.setState({ user: member('someone-else'), loading: false });
    render(
      <>
        <RequestAuthStore.Provider value={requestAuthStore(member('ada'))}>
          <Greeting />
        </RequestAuthStore.Provider>
        <RequestAuthStore.Provider value={requestAuthStore(null)}>
          <Greeting />
        </RequestAuthStore.Provider>
      </>,
    );
    expect(screen.getAllByRole('paragraph').map((p) => p.textContent)).toEqual(['ada', 'visitor']);
    expect(useAuthStore.getState().user?.uid).toBe('someone-else');
  });

  it("without one (the browser), reads the site's one store", () => {
    render(<Greeting />);
    expect(screen.getByRole('paragraph').textContent).toBe('checking');
  });
});

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hydrateAuthStore,
  RequestAuthStore,
  requestAuthStore,
  resetAuthProviderForTests,
  useAuthStore,
  type AuthUser,
} from './auth-store';

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

describe('a page drawn on the server, hydrated in the browser', () => {
  afterEach(() => {
    resetAuthProviderForTests();
    document.body.replaceChildren();
  });

  /** What the server cannot know, the e-mail's verification, drawn only once Firebase has said it. */
  function Verification() {
    const user = useAuthStore((s) => s.user);
    if (user?.emailVerified === undefined) return <p>unknown</p>;
    return (
      <p>
        <strong>{user.emailVerified ? 'verified' : 'not verified'}</strong>
      </p>
    );
  }

  it('hydrates with the member it was drawn for, then draws what Firebase said while it hydrated', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { act } = await import('react');
    const drawn = member('ada');
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <RequestAuthStore.Provider value={requestAuthStore(drawn)}>
        <Verification />
      </RequestAuthStore.Provider>,
    );
    document.body.append(container);

    hydrateAuthStore(drawn);
    // Firebase answers before the page has hydrated (a member's page starts it at once).
    useAuthStore.setState({ user: { ...drawn, emailVerified: false } });
    const failures: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Verification />, { onRecoverableError: (error) => failures.push(error) });
    });
    expect(failures).toEqual([]);
    expect(container.innerHTML).toBe('<p><strong>not verified</strong></p>');
  });
});

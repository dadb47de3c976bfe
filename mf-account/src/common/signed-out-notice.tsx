import { ButtonLink, EmptyState } from 'shared-ui';

/**
 * What an account page shows with nobody signed in. Inside the shell the route guard redirects first, so this is
 * seen on the remote's standalone page, or for a moment if the member signs out elsewhere.
 */
export function SignedOutNotice({ message }: { message: string }) {
  return (
    <EmptyState title={message}>
      <ButtonLink to="/login">Login</ButtonLink>
    </EmptyState>
  );
}

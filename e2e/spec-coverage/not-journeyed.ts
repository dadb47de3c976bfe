/**
 * The spec items no journey shows: each either left to a component test (vitest has no annotations: the row names
 * the test as `vitest list` does, and why no journey on the real stack can show it), or not shown by the product.
 */

export const COMPONENT_TESTS: ReadonlyArray<{ item: string; file: string; test: string; reason: string }> = [
  {
    item: 'Error logging out',
    file: 'shell/src/layout/navbar.test.tsx',
    test: "the navigation bar > toasts 'Error logging out' when the provider cannot sign out, and keeps the member signed in",
    reason:
      "Firebase's signOut only clears the browser's own session: no real provider, network or API state makes it " +
      'fail, so only a provider that rejects (in the component test) can show the toast',
  },
  {
    item: 'An unexpected error occurred',
    file: 'shell/src/pages/error-page.test.tsx',
    test: "the error page > shows 'An unexpected error occurred' when what was thrown carries no message",
    reason:
      'Every failure the real site can meet throws an Error with a message (shown instead, as the stack-failures ' +
      'journey checks); only something thrown without one, which no page does, shows the fallback',
  },
  {
    item: 'Please login to dislike artifacts',
    file: 'mf-catalogue/src/pages/artifact-details/artifact-details-page.test.tsx',
    test: 'Artifact Details > asks a signed-out visitor to log in instead of disliking',
    reason:
      'As for Like: Dislike is only on the protected details page, and the API cannot be made to answer 401 to a ' +
      'live session there',
  },
  {
    item: 'API call failed',
    file: 'shared-ui/src/api/api-client.test.ts',
    test: "apiRequest > falls back to 'API call failed' without a server message, and pages fall back to their own text",
    reason:
      "It is the API client's own fallback message; every page replaces it with the page's fallback text (the " +
      "'Failed to ...' toasts), so no screen shows it",
  },
];

export const NOT_SHOWN: ReadonlyArray<{ item: string; reason: string }> = [
  {
    item: '100 BC',
    reason: "An example value of the createdAt field (section 3), not a text; the hint 'e.g., 100 BC' is",
  },
  {
    item: '1799',
    reason: "An example value of the discoveredAt field (section 3), not a text; the hint 'e.g., 1799' is",
  },
  {
    item: 'token',
    reason: 'The browser-storage key of the ID token (section 3); checked by identity.spec.ts, never shown',
  },
  { item: 'me', reason: "A path segment of the API's list calls (section 7), never shown" },
];

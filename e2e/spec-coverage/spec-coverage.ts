/**
 * The spec coverage table (issue 8): every route, document title, toast, dialog, empty and loading text, validation
 * rule and other quoted text of the spec, each with the test that shows it. Checked by spec-coverage.test.ts
 * against the spec and the tests' own source; rendered as e2e/COVERAGE.md by `pnpm coverage:md`.
 *
 * A row names the spec item exactly as the spec writes it (`spec`), the Playwright file (`journey`) and the test
 * title (`test`, as the report shows it). The test's source must contain the spec's text, placeholders aside; or
 * `via` names the page-object method or case table, used by the test, that contains it. Routes, titles and rules
 * are not texts: their rows say in `shown` what the product shows, and the test must contain that.
 */
import type { CoverageRow, JourneyRow } from './coverage-row.ts';

const SHELL = 'e2e/tests/shell';
const CATALOGUE = 'e2e/tests/catalogue';
const EDITOR = 'e2e/tests/editor';
const ACCOUNT = 'e2e/tests/account';
const QA = 'e2e/tests/qa';

const GALLERY = `${QA}/page-gallery.spec.ts`;
const GALLERY_MEMBER = 'every member page, with a contributed artifact and a liked one';
const IDENTITY = `${SHELL}/identity.spec.ts`;
const DETAILS = `${CATALOGUE}/artifact-details.spec.ts`;
const LIKE_TEST =
  'like, dislike, like again: counts +1, -1, +2, the same after reload and in another browser';
const DELETE = `${EDITOR}/delete-artifact.spec.ts`;
const DELETE_TEST = 'cancel keeps the artifact; confirm deletes it for good';
const LOADING = `${QA}/loading-states.spec.ts`;
const LOADING_MEMBER = "a member's pages show their loading texts until the API answers";
const SAVING = 'Add and Update say what they are doing, disabled, while the API saves';

/**
 * Texts shown only while the API is down, by the failure-mode journeys: one journey per kind of call (loading,
 * saving, voting), each stopping the API once for several pages.
 */
const API_DOWN = `${QA}/api-down-stack-failures.spec.ts`;
const API_DOWN_LOADS =
  'every page that loads data shows its error toast and state, and Try Again brings the data back';
const API_DOWN_WRITES =
  'adding, updating and deleting fail with their messages and lose nothing, then go through once the API is back';
const API_DOWN_VOTES =
  'Like and Dislike fail with their messages and change nothing, then work once the API is back';
const apiDown = (spec: string, test: string): JourneyRow => ({
  kind: 'toast',
  spec,
  journey: API_DOWN,
  test,
  note: 'Shown only while the API is down: the failure-mode journeys show it',
});

const protectedRoute = (path: string, toast: string): JourneyRow => ({
  kind: 'toast',
  spec: toast,
  journey: IDENTITY,
  test: `${path} sends the visitor to /login with "${toast}"`,
});

const galleryRoute = (spec: string, test: string, shown?: string): JourneyRow => ({
  kind: 'route',
  spec,
  ...(shown ? { shown } : {}),
  journey: GALLERY,
  test,
});

const galleryTitle = (route: string, test: string, title: string): JourneyRow => ({
  kind: 'title',
  spec: `document title of ${route}`,
  shown: title,
  journey: GALLERY,
  test,
});

export const SPEC_COVERAGE: readonly CoverageRow[] = [
  // Section 2: routes, each visited and shot by the page gallery (at both widths).
  galleryRoute('/', 'home (/)'),
  galleryRoute('/all-artifacts', 'all-artifacts (/all-artifacts)'),
  galleryRoute('/about', 'about (/about)'),
  galleryRoute('/contact', 'contact (/contact)'),
  galleryRoute('/login', 'login (/login)'),
  galleryRoute('/register', 'register (/register)'),
  galleryRoute('/add-artifact', GALLERY_MEMBER),
  galleryRoute('/profile', GALLERY_MEMBER),
  galleryRoute('/my-artifacts', GALLERY_MEMBER),
  galleryRoute('/liked-artifacts', GALLERY_MEMBER),
  galleryRoute('/artifact-details/{id}', GALLERY_MEMBER),
  galleryRoute('/update-artifact/{id}', GALLERY_MEMBER),
  galleryRoute('any other path', 'not-found (/no-such-page)', '/no-such-page'),

  // Section 2: "Document titles are set per page", checked on every page of the gallery.
  galleryTitle('/', 'home (/)', 'Home - Heritage Vault'),
  galleryTitle('/all-artifacts', 'all-artifacts (/all-artifacts)', 'All Artifacts - Heritage Vault'),
  galleryTitle('/about', 'about (/about)', 'About - Heritage Vault'),
  galleryTitle('/contact', 'contact (/contact)', 'Contact - Heritage Vault'),
  galleryTitle('/login', 'login (/login)', 'Login - Heritage Vault'),
  galleryTitle('/register', 'register (/register)', 'Register - Heritage Vault'),
  galleryTitle('/add-artifact', GALLERY_MEMBER, 'Add Artifact - Heritage Vault'),
  galleryTitle('/profile', GALLERY_MEMBER, 'Profile - Heritage Vault'),
  galleryTitle('/my-artifacts', GALLERY_MEMBER, 'My Artifacts - Heritage Vault'),
  galleryTitle('/liked-artifacts', GALLERY_MEMBER, 'Liked Artifacts - Heritage Vault'),
  galleryTitle('/artifact-details/{id}', GALLERY_MEMBER, '{artifact name} - Heritage Vault'),
  galleryTitle('/update-artifact/{id}', GALLERY_MEMBER, 'Update Artifact - Heritage Vault'),
  galleryTitle('any other path', 'not-found (/no-such-page)', 'Page Not Found - Heritage Vault'),
  {
    kind: 'title',
    spec: '{artifact name} - the product',
    journey: DETAILS,
    test: 'shows a seeded artifact with every field and its own title',
  },

  // Section 2, Layout, and section 8: sign-in and sign-out.
  {
    kind: 'toast',
    spec: 'Successfully logged out!',
    journey: IDENTITY,
    test: 'login returns to the protected page first asked for; logout goes home',
  },
  {
    kind: 'toast',
    spec: 'Error logging out',
    componentTest: 'shell/src/layout/navbar.test.tsx',
    test: "toasts 'Error logging out' when the provider cannot sign out, and keeps the member signed in",
    reason:
      "Firebase's signOut only clears the browser's own session: no real provider, network or API state makes it " +
      'fail, so only a provider that rejects (in the component test) can show the toast',
  },
  {
    kind: 'toast',
    spec: 'Successfully logged in!',
    journey: IDENTITY,
    test: 'login returns to the protected page first asked for; logout goes home',
  },
  {
    kind: 'toast',
    spec: 'Successfully logged in with Google!',
    journey: IDENTITY,
    test: 'Google sign-in through the popup',
    note: "Skipped on machines that cannot reach apis.google.com (Firebase's popup flow loads it even against the emulator)",
  },
  {
    kind: 'toast',
    spec: 'Registration successful!',
    journey: IDENTITY,
    test: 'checks the password rules in order, then creates the account and signs in',
  },
  {
    kind: 'toast',
    spec: 'Successfully registered with Google!',
    journey: IDENTITY,
    test: 'Google sign-up from the register page',
    note: "Skipped on machines that cannot reach apis.google.com (Firebase's popup flow loads it even against the emulator)",
  },

  // Home.
  {
    kind: 'empty',
    spec: 'No featured artifacts available yet.',
    journey: `${CATALOGUE}/empty-collection-stack-failures.spec.ts`,
    test: 'an empty collection: Home and All Artifacts say so, at both widths',
    note: 'Restarts the API on an empty, unseeded database (project stack-failures)',
  },
  {
    kind: 'toast',
    spec: 'Failed to fetch featured artifacts',
    journey: API_DOWN,
    test: API_DOWN_LOADS,
  },

  // Not found and the error page.
  {
    kind: 'text',
    spec: 'Page Not Found',
    journey: `${SHELL}/navigation.spec.ts`,
    test: 'shows the Not found page for unknown paths, with a way home',
  },
  {
    kind: 'text',
    spec: 'Oops! Something went wrong',
    journey: `${SHELL}/stack-failures.spec.ts`,
    test: "a page that throws shows the spec's error page on its route only",
  },
  {
    kind: 'text',
    spec: 'Try Again',
    journey: `${SHELL}/stack-failures.spec.ts`,
    test: "a page that throws shows the spec's error page on its route only",
  },
  {
    kind: 'text',
    spec: 'An unexpected error occurred',
    componentTest: 'shell/src/pages/error-page.test.tsx',
    test: "shows 'An unexpected error occurred' when what was thrown carries no message",
    reason:
      'Every failure the real site can meet throws an Error with a message (shown instead, as the stack-failures ' +
      'journey checks); only something thrown without one, which no page does, shows the fallback',
  },

  // All Artifacts.
  {
    kind: 'text',
    spec: 'Found N results for "term"',
    placeholders: ['N', 'term'],
    journey: `${CATALOGUE}/all-artifacts.spec.ts`,
    test: 'searches name, description, type and location, case-insensitively and trimmed, with counts and the empty text',
  },
  {
    kind: 'empty',
    spec: 'No artifacts found matching your search.',
    journey: `${CATALOGUE}/all-artifacts.spec.ts`,
    test: 'searches name, description, type and location, case-insensitively and trimmed, with counts and the empty text',
  },
  {
    kind: 'empty',
    spec: 'No artifacts found. Be the first to add one!',
    journey: `${CATALOGUE}/empty-collection-stack-failures.spec.ts`,
    test: 'an empty collection: Home and All Artifacts say so, at both widths',
    note: 'Restarts the API on an empty, unseeded database (project stack-failures)',
  },
  {
    kind: 'loading',
    spec: 'Loading artifacts...',
    journey: LOADING,
    test: 'All Artifacts shows its loading text until the collection arrives',
  },
  apiDown('Failed to fetch artifacts', API_DOWN_LOADS),

  // Add Artifact.
  protectedRoute('/add-artifact', 'Please login to add artifacts'),
  { kind: 'loading', spec: 'Adding Artifact...', journey: LOADING, test: SAVING },
  {
    kind: 'toast',
    spec: 'Artifact "{name}" has been added successfully!',
    journey: `${EDITOR}/add-artifact.spec.ts`,
    test: 'shows each validation error, then adds the artifact to My Artifacts and All Artifacts',
  },
  apiDown('Failed to add artifact', API_DOWN_WRITES),

  // Profile.
  protectedRoute('/profile', 'Please login to access your profile'),
  {
    kind: 'text',
    spec: 'Active Member',
    journey: `${ACCOUNT}/profile.spec.ts`,
    test: 'shows the member, the join date the emulator recorded, status, counters and quick links',
  },
  {
    kind: 'text',
    spec: 'Verified',
    journey: `${ACCOUNT}/profile.spec.ts`,
    test: 'shows the member, the join date the emulator recorded, status, counters and quick links',
  },
  {
    kind: 'toast',
    spec: 'Profile updated successfully!',
    journey: `${ACCOUNT}/profile.spec.ts`,
    test: 'saving the profile changes the navbar at once, without a reload, and the provider keeps it',
  },
  {
    kind: 'toast',
    spec: 'Failed to update profile',
    journey: `${ACCOUNT}/profile.spec.ts`,
    test: "a save the identity provider refuses toasts 'Failed to update profile'",
  },
  apiDown('Failed to load user statistics', API_DOWN_LOADS),

  // My Artifacts.
  protectedRoute('/my-artifacts', 'Please login to view your artifacts'),
  {
    kind: 'text',
    spec: 'My Artifacts Collection',
    journey: `${EDITOR}/my-artifacts.spec.ts`,
    test: 'a member with no artifacts sees the empty collection and a link to add the first',
  },
  {
    kind: 'text',
    spec: 'Manage and update your contributed artifacts',
    journey: `${EDITOR}/my-artifacts.spec.ts`,
    test: 'a member with no artifacts sees the empty collection and a link to add the first',
  },
  { kind: 'loading', spec: 'Loading your artifacts...', journey: LOADING, test: LOADING_MEMBER },
  {
    kind: 'empty',
    spec: 'No Artifacts Added Yet',
    journey: `${EDITOR}/my-artifacts.spec.ts`,
    test: 'a member with no artifacts sees the empty collection and a link to add the first',
  },
  {
    kind: 'empty',
    spec: 'Start building your collection by adding your first artifact.',
    journey: `${EDITOR}/my-artifacts.spec.ts`,
    test: 'a member with no artifacts sees the empty collection and a link to add the first',
  },
  {
    kind: 'empty',
    spec: 'Add Your First Artifact',
    journey: `${EDITOR}/my-artifacts.spec.ts`,
    test: 'a member with no artifacts sees the empty collection and a link to add the first',
  },
  apiDown('Failed to fetch your artifacts', API_DOWN_LOADS),

  // Section 8: the delete dialogs.
  {
    kind: 'dialog',
    spec: 'Are you sure?',
    journey: DELETE,
    test: DELETE_TEST,
    via: { name: 'expectConfirmFor', file: 'e2e/pages/editor.ts' },
  },
  {
    kind: 'dialog',
    spec: 'Do you want to delete "{name}"? This action cannot be undone.',
    journey: DELETE,
    test: DELETE_TEST,
    via: { name: 'expectConfirmFor', file: 'e2e/pages/editor.ts' },
  },
  { kind: 'dialog', spec: 'Yes, delete it!', journey: DELETE, test: DELETE_TEST },
  { kind: 'dialog', spec: 'Deleted!', journey: DELETE, test: DELETE_TEST },
  { kind: 'dialog', spec: 'Your artifact has been deleted.', journey: DELETE, test: DELETE_TEST },
  {
    kind: 'dialog',
    spec: 'Error!',
    journey: DELETE,
    test: "an artifact already deleted elsewhere gets the 'Error!' dialog",
  },
  {
    kind: 'dialog',
    spec: 'Failed to delete artifact',
    journey: DELETE,
    test: "an artifact already deleted elsewhere gets the 'Error!' dialog",
  },

  // Liked Artifacts.
  protectedRoute('/liked-artifacts', 'Please login to view your liked artifacts'),
  {
    kind: 'text',
    spec: 'Your Liked Artifacts',
    journey: `${SHELL}/navigation.spec.ts`,
    test: 'moves between pages of every remote and back, with titles and the active link',
  },
  { kind: 'loading', spec: 'Loading your liked artifacts...', journey: LOADING, test: LOADING_MEMBER },
  {
    kind: 'empty',
    spec: "You haven't liked any artifacts yet.",
    journey: `${ACCOUNT}/liked-artifacts.spec.ts`,
    test: 'with nothing liked, invites the member to explore the collection',
    via: { name: 'emptyState', file: 'e2e/pages/account.ts' },
  },
  {
    kind: 'empty',
    spec: 'Explore artifacts',
    journey: `${ACCOUNT}/liked-artifacts.spec.ts`,
    test: 'with nothing liked, invites the member to explore the collection',
  },
  {
    kind: 'text',
    spec: 'Type: {type}',
    journey: `${ACCOUNT}/liked-artifacts.spec.ts`,
    test: 'likes in the catalogue show here and on the profile; a dislike takes one away',
  },
  {
    kind: 'text',
    spec: 'View Details',
    journey: `${ACCOUNT}/liked-artifacts.spec.ts`,
    test: 'likes in the catalogue show here and on the profile; a dislike takes one away',
  },
  apiDown('Failed to fetch liked artifacts', API_DOWN_LOADS),

  // Artifact Details, and the like states of section 4.
  protectedRoute(
    '/artifact-details/00000000-0000-4000-8000-000000000000',
    'Please login to view artifact details',
  ),
  { kind: 'loading', spec: 'Loading artifact details...', journey: LOADING, test: LOADING_MEMBER },
  {
    kind: 'empty',
    spec: 'Artifact not found',
    journey: DETAILS,
    test: "says 'Artifact not found' for an id the server does not know",
  },
  {
    kind: 'text',
    spec: '{n} likes',
    journey: DETAILS,
    test: 'shows a seeded artifact with every field and its own title',
  },
  { kind: 'text', spec: 'Like', journey: DETAILS, test: LIKE_TEST },
  { kind: 'text', spec: 'Liked', journey: DETAILS, test: LIKE_TEST },
  { kind: 'text', spec: 'Dislike', journey: DETAILS, test: LIKE_TEST },
  { kind: 'text', spec: 'Disliked', journey: DETAILS, test: LIKE_TEST },
  { kind: 'toast', spec: 'Artifact liked successfully!', journey: DETAILS, test: LIKE_TEST },
  { kind: 'toast', spec: 'Artifact disliked', journey: DETAILS, test: LIKE_TEST },
  {
    kind: 'toast',
    spec: 'Please login to like artifacts',
    componentTest: 'mf-catalogue/src/pages/artifact-details/artifact-details-page.test.tsx',
    test: 'treats a session the server no longer accepts (401) as signed out',
    reason:
      'The details page is protected, so a signed-out visitor never sees Like; the toast needs the API to refuse a ' +
      'vote with 401, and the API caches a token it has verified (5 minutes), so a live session cannot be made ' +
      'invalid mid-page without forging or expiring tokens',
  },
  {
    kind: 'toast',
    spec: 'Please login to dislike artifacts',
    componentTest: 'mf-catalogue/src/pages/artifact-details/artifact-details-page.test.tsx',
    test: 'asks a signed-out visitor to log in instead of disliking',
    reason:
      'As for Like: Dislike is only on the protected details page, and the API cannot be made to answer 401 to a ' +
      'live session there',
  },
  apiDown('Failed to update like status', API_DOWN_VOTES),
  apiDown('Failed to update dislike status', API_DOWN_VOTES),

  // Update Artifact.
  protectedRoute('/update-artifact/00000000-0000-4000-8000-000000000000', 'Please login to update artifacts'),
  {
    kind: 'text',
    spec: 'Update Artifact',
    journey: `${EDITOR}/update-artifact.spec.ts`,
    test: 'shows the title, the type select with its empty option, the era hints, and checks name and image URL',
  },
  {
    kind: 'text',
    spec: 'Select Type',
    journey: `${EDITOR}/update-artifact.spec.ts`,
    test: 'shows the title, the type select with its empty option, the era hints, and checks name and image URL',
  },
  {
    kind: 'text',
    spec: 'e.g., 100 BC',
    journey: `${EDITOR}/update-artifact.spec.ts`,
    test: 'shows the title, the type select with its empty option, the era hints, and checks name and image URL',
  },
  {
    kind: 'text',
    spec: 'e.g., 1799',
    journey: `${EDITOR}/update-artifact.spec.ts`,
    test: 'shows the title, the type select with its empty option, the era hints, and checks name and image URL',
  },
  { kind: 'loading', spec: 'Updating...', journey: LOADING, test: SAVING },
  {
    kind: 'toast',
    spec: 'Artifact updated successfully!',
    journey: `${EDITOR}/update-artifact.spec.ts`,
    test: 'prefills the artifact, validates, saves, and the details page shows the change',
  },
  {
    kind: 'toast',
    spec: 'Failed to fetch artifact details',
    journey: `${EDITOR}/update-artifact.spec.ts`,
    test: 'an artifact that cannot be fetched toasts and returns to My Artifacts',
  },
  apiDown('Failed to update artifact', API_DOWN_WRITES),

  // About and Contact.
  {
    kind: 'text',
    spec: 'About the product',
    journey: `${CATALOGUE}/about-contact.spec.ts`,
    test: 'About: title, vision, mission and the three offers',
  },
  {
    kind: 'text',
    spec: 'Send Message',
    journey: `${CATALOGUE}/about-contact.spec.ts`,
    test: 'Contact: details, field errors, then the success toast with a cleared form and nothing sent',
  },
  {
    kind: 'toast',
    spec: 'Message sent successfully! We will get back to you soon.',
    journey: `${CATALOGUE}/about-contact.spec.ts`,
    test: 'Contact: details, field errors, then the success toast with a cleared form and nothing sent',
  },

  // Section 5: validation.
  {
    kind: 'validation',
    spec: 'validation rule: Registration password',
    shown: [
      'Password must be at least 6 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one lowercase letter',
    ],
    journey: IDENTITY,
    test: 'checks the password rules in order, then creates the account and signs in',
  },
  {
    kind: 'validation',
    spec: 'Password must be at least 6 characters long',
    journey: IDENTITY,
    test: 'checks the password rules in order, then creates the account and signs in',
  },
  {
    kind: 'validation',
    spec: 'Password must contain at least one uppercase letter',
    journey: IDENTITY,
    test: 'checks the password rules in order, then creates the account and signs in',
  },
  {
    kind: 'validation',
    spec: 'Password must contain at least one lowercase letter',
    journey: IDENTITY,
    test: 'checks the password rules in order, then creates the account and signs in',
  },
  {
    kind: 'validation',
    spec: 'Must be at least 6 characters with 1 uppercase & 1 lowercase letter',
    journey: IDENTITY,
    test: 'checks the password rules in order, then creates the account and signs in',
  },
  {
    kind: 'validation',
    spec: 'validation rule: Login',
    shown: ['Please enter a valid email address', 'Password is required'],
    journey: IDENTITY,
    test: 'the login form asks for a valid email and a password',
  },
  {
    kind: 'validation',
    spec: 'validation rule: Register',
    shown: [
      'Full name is required',
      'Email is required',
      'Password is required',
      'Please enter a valid email address',
    ],
    journey: IDENTITY,
    test: 'the register form asks for a name, a valid email and a password; the photo URL is optional',
    note: "The photo URL's format is checked in 'checks the password rules in order, then creates the account and signs in'",
  },
  {
    kind: 'validation',
    spec: 'validation rule: Add artifact',
    shown: ['Artifact Name is required', 'Image URL must be a valid http(s) URL', 'Description is required'],
    journey: `${EDITOR}/add-artifact.spec.ts`,
    test: 'shows each validation error, then adds the artifact to My Artifacts and All Artifacts',
  },
  {
    kind: 'validation',
    spec: 'validation rule: Update artifact',
    shown: ['Artifact Name is required', 'Image URL must be a valid http(s) URL'],
    journey: `${EDITOR}/update-artifact.spec.ts`,
    test: 'shows the title, the type select with its empty option, the era hints, and checks name and image URL',
  },
  {
    kind: 'validation',
    spec: 'validation rule: Contact',
    shown: [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
      'Please enter a valid email address',
    ],
    journey: `${CATALOGUE}/about-contact.spec.ts`,
    test: 'Contact: details, field errors, then the success toast with a cleared form and nothing sent',
  },
  {
    kind: 'validation',
    spec: 'validation rule: Search',
    shown: 'Found {n} results for "{term}"',
    journey: `${CATALOGUE}/all-artifacts.spec.ts`,
    test: 'searches name, description, type and location, case-insensitively and trimmed, with counts and the empty text',
  },
  {
    kind: 'validation',
    spec: 'validation rule: Likes and dislikes require a signed-in user',
    shown: 'Please login to view artifact details',
    journey: DETAILS,
    test: 'a visitor is asked to log in first, then comes back to the artifact and can like it',
  },
  {
    kind: 'validation',
    spec: 'validation rule: The identity provider applies its own rules',
    shown: 'Incorrect email or password. Please try again.',
    journey: IDENTITY,
    test: 'a wrong password gets a readable error',
    note: "The spec leaves the handling open; the site turns the provider's error into a sentence",
  },

  // Section 8: the API helper's fallback.
  {
    kind: 'toast',
    spec: 'API call failed',
    componentTest: 'shared-ui/src/api/api-client.test.ts',
    test: "falls back to 'API call failed' without a server message, and pages fall back to their own text",
    via: { name: 'API_CALL_FAILED', file: 'shared-ui/src/api/api-client.ts' },
    reason:
      "It is the API client's own fallback message; every page replaces it with the page's fallback text (the " +
      "'Failed to ...' toasts above), so no screen shows it",
  },

  // Quoted in the spec, not shown.
  {
    spec: '100 BC',
    notShown: "An example value of the createdAt field (section 3), not a text; the hint 'e.g., 100 BC' is",
  },
  {
    spec: '1799',
    notShown: "An example value of the discoveredAt field (section 3), not a text; the hint 'e.g., 1799' is",
  },
  {
    spec: 'token',
    notShown: 'The browser-storage key of the ID token (section 3); checked by identity.spec.ts, never shown',
  },
  { spec: 'me', notShown: "A path segment of the API's list calls (section 7), never shown" },
];

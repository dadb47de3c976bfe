/**
 * Failure modes of the federated site: each remote down in turn, a remote redeployed while the shell runs, a page
 * that throws. These journeys stop and rebuild real servers, so they run one at a time on a stack of their own
 * (project 'stack-failures', stack/journey-stacks.ts).
 */
import { expect, spec, test } from '../../fixtures/test.ts';
import { deployRemoteVariant } from '../../fixtures/remote-deploy.ts';
import { startServer, stopServer } from '../../fixtures/stack-control.ts';
import type { RemoteName } from 'site-config/apps';
import { REMOTE_TAGS } from '../../stack/modules.ts';

test.describe.configure({ mode: 'serial' });

/**
 * Each remote in turn: a route of its own, the heading that shows it loaded, and a page of another remote that
 * must keep working meanwhile (reached through the navigation bar, without a reload).
 */
const REMOTE_OUTAGES: ReadonlyArray<{
  remote: RemoteName;
  section: string;
  path: string;
  heading: string;
  elsewhere: { link: string; heading: string; remote: RemoteName };
}> = [
  {
    remote: 'mf_catalogue',
    section: 'catalogue',
    path: '/all-artifacts',
    heading: 'All Artifacts',
    elsewhere: { link: 'Add Artifact', heading: 'Add Artifact', remote: 'mf_artifact_editor' },
  },
  {
    remote: 'mf_artifact_editor',
    section: 'artifact editor',
    path: '/my-artifacts',
    heading: 'My Artifacts Collection',
    elsewhere: { link: 'About', heading: 'About Heritage Vault', remote: 'mf_catalogue' },
  },
  {
    remote: 'mf_account',
    section: 'account',
    path: '/liked-artifacts',
    heading: 'Your Liked Artifacts',
    elsewhere: { link: 'About', heading: 'About Heritage Vault', remote: 'mf_catalogue' },
  },
];

for (const { remote, section, path, heading, elsewhere } of REMOTE_OUTAGES) {
  test(
    `${remote} down takes down only its own routes, and Retry recovers it`,
    { tag: ['@shell', REMOTE_TAGS[remote], REMOTE_TAGS[elsewhere.remote]] },
    async ({ signedIn: page, shell }) => {
      await stopServer(remote);
      try {
        await page.goto(path);
        const fallback = page.getByTestId('remote-unavailable');
        await expect(fallback).toBeVisible();
        await expect(fallback).toHaveAttribute('data-remote', remote);
        await expect(fallback).toContainText('This section is unavailable');
        await expect(fallback).toContainText(`The ${section} part of Heritage Vault could not be loaded`);
        // The layout and the other remotes keep working.
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await shell.navigate(elsewhere.link);
        await expect(page.getByRole('heading', { level: 1, name: elsewhere.heading })).toBeVisible();
        await page.goBack();
        await expect(page.getByTestId('remote-unavailable')).toBeVisible();
      } finally {
        await startServer(remote);
      }
      // Retry loads the remote again, without reloading the page: the document keeps what was set on it.
      const marker = await page.evaluate(
        () => ((window as unknown as { __noReload: number }).__noReload = Math.random()),
      );
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { __noReload: number }).__noReload)).toBe(
        marker,
      );
    },
  );
}

test(
  'a remote redeployed while the shell keeps running shows its change on reload',
  { tag: ['@shell', '@catalogue'] },
  async ({ page }) => {
    const stamp = `Redeployed ${Date.now()}`;
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeVisible();
    await expect(page.getByText(stamp)).toHaveCount(0);
    const deploy = await deployRemoteVariant('mf_catalogue', 'src/pages/about/about-page.tsx', (source) =>
      source.replace(/(<PageContainer[^>]*>)/, `$1<p>${stamp}</p>`),
    );
    try {
      await page.reload();
      await expect(page.getByText(stamp)).toBeVisible();
    } finally {
      deploy.restore();
    }
  },
);

/**
 * docs/a-page.md's how-to, done once: a page is one folder of a remote's src/pages, its route module and its component.
 * Deployed with the remote alone, it is on the running site: no shell build, its path and its title.
 */
const VISITING_HOURS = {
  'src/pages/visiting-hours/visiting-hours.route.ts': `import type { PageRoute } from 'shared-ui/shell-remote-contract';

export default {
  path: '/visiting-hours',
  lazy: () => import('./visiting-hours-page.tsx'),
  handle: { title: 'Visiting Hours' },
} satisfies PageRoute;
`,
  'src/pages/visiting-hours/visiting-hours-page.tsx': `import { PageContainer, PageHeader } from 'shared-ui';

export default function VisitingHoursPage() {
  return (
    <PageContainer>
      <PageHeader title="Visiting Hours" subtitle="Open every day from 10:00 to 18:00" />
    </PageContainer>
  );
}
`,
};

test(
  'a remote that adds a page (one folder) ships it without a shell build: its route and title, deep linked or linked',
  { tag: ['@shell', '@catalogue'] },
  async ({ page, request }) => {
    // The render service's answer, read as a crawler reads it (no JavaScript): its status and title.
    const served = async () => {
      const response = await request.get('/visiting-hours');
      return { status: response.status(), title: /<title>([^<]*)<\/title>/.exec(await response.text())?.[1] };
    };
    await page.goto('/visiting-hours');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(await served()).toEqual({ status: 404, title: 'Page Not Found - Heritage Vault' });
    const deploy = deployRemoteVariant(
      'mf_catalogue',
      'src/pages/about/about-page.tsx',
      (source) =>
        source
          .replace(/(<PageContainer[^>]*>)/, '$1<Link to="/visiting-hours">Visiting hours</Link>')
          .replace(/import \{ ([^}]*) \} from 'shared-ui';/, "import { $1, Link } from 'shared-ui';"),
      VISITING_HOURS,
    );
    try {
      // A deep link: the page is among those the manifest publishes.
      await page.goto('/visiting-hours');
      await expect(page.getByRole('heading', { level: 1, name: 'Visiting Hours' })).toBeVisible();
      await expect(page).toHaveTitle('Visiting Hours - Heritage Vault');
      // The render service follows the remote's manifest on the next request: no release of its own, no restart.
      expect(await served()).toEqual({ status: 200, title: 'Visiting Hours - Heritage Vault' });
      // And from a link of another page, through the shell's one router.
      await page.goto('/about');
      await page.getByRole('link', { name: 'Visiting hours' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Visiting Hours' })).toBeVisible();
      await expect(page).toHaveURL(/\/visiting-hours$/);
    } finally {
      deploy.restore();
    }
  },
);

test(
  "a page that throws shows the spec's error page on its route only",
  { tag: ['@shell', '@catalogue'], annotation: spec('Oops! Something went wrong', 'Try Again') },
  async ({ page, shell }) => {
    // A broken deploy: the About page throws while rendering in the browser (the server renders it as it was).
    const deploy = await deployRemoteVariant('mf_catalogue', 'src/pages/about/about-page.tsx', (source) =>
      source.replace(
        /(export default function \w+\([^)]*\) \{)/,
        "$1\n  if (!import.meta.env.SSR) throw new Error('The about text is missing');",
      ),
    );
    try {
      await page.goto('/about');
      await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
      await expect(page.getByText('The about text is missing')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await shell.navigate('Contact');
      await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
    } finally {
      deploy.restore();
    }
    // With the good build back, the page works again on the next load.
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Heritage Vault' })).toBeVisible();
  },
);

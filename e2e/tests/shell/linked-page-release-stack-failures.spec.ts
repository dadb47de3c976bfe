/**
 * Navigation owned by the pages (#57 item 2): a team adds a page and links it from the site's navigation with a
 * release of its own module (deploy/modules/releases.ts): the shell, running all along and never rebuilt, draws the
 * links the page's route module publishes (its `handle.links`), and the render service serves the page with its
 * title. On the failures stack (project 'stack-failures'), whose releases folder is its own; that stack's shell has
 * no server build, so the server-rendered navigation is shown by e2e/tests/qa/server-rendering.spec.ts.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promote, release, remoteNamed } from '../../../deploy/modules/releases.ts';
import { releasesDir } from 'site-config/live-releases';
import { withRemoteVariant } from '../../fixtures/remote-deploy.ts';
import { expect, test } from '../../fixtures/test.ts';
import { ROOT } from '../../../stack/stack.ts';

const catalogue = remoteNamed('mf-catalogue');
const HEADING = 'A Timeline of the Collection';

test.afterAll(() => {
  // The stack's other journeys load each module's own build again.
  const live = join(releasesDir(), 'live.json');
  if (existsSync(live)) rmSync(live);
});

test(
  'a catalogue release adds a page linked from the nav bar and the footer: the running shell draws its links and serves the page, with no shell build',
  { tag: ['@shell', '@catalogue'] },
  async ({ page, shell, request }) => {
    test.setTimeout(180_000);
    // The new page, declared as any page is: a folder with its route module (About's, with its own path, title and
    // links) and its component. The release is the team's next minor.
    const aboutRoute = readFileSync(join(ROOT, catalogue.dir, 'src/pages/about/about.route.ts'), 'utf8');
    const timelineRoute = aboutRoute
      .replace("'/about'", "'/timeline'")
      .replace("title: 'About'", "title: 'Timeline'")
      .replace('./about-page.tsx', './timeline-page.tsx')
      .replace(
        "[{ in: 'navbar', label: 'About', order: 40 }]",
        "[{ in: 'navbar', label: 'Timeline', order: 45 }, { in: 'footer', label: 'Timeline', order: 15 }]",
      );
    expect(timelineRoute).toContain("label: 'Timeline', order: 45");
    const withTimeline = withRemoteVariant(
      'mf_catalogue',
      'package.json',
      (source) =>
        source.replace(
          /"version": "(\d+)\.(\d+)\.\d+"/,
          (_, major, minor) => `"version": "${major}.${Number(minor) + 1}.0"`,
        ),
      (copy) => release(catalogue, process.env, copy),
      {
        'src/pages/timeline/timeline.route.ts': timelineRoute,
        'src/pages/timeline/timeline-page.tsx': `export default function TimelinePage() {\n  return <h1>${HEADING}</h1>;\n}\n`,
      },
    );
    const quickLinks = page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');

    // Before: the spec's links, and no such page.
    await page.goto('/about');
    await shell.expectNavbarLinks(['Home', 'All Artifacts', 'Add Artifact', 'About', 'Contact']);
    await expect(quickLinks).toHaveText(['Browse Artifacts', 'Add Artifact', 'Liked Artifacts']);

    // The release goes live: the render service serves the new page under its title, from the release's manifest...
    promote(catalogue, withTimeline.version);
    const served = await (await request.get('/timeline')).text();
    expect(/<title>([^<]*)<\/title>/.exec(served)?.[1]).toBe('Timeline - Heritage Vault');

    // ...and the next page load links it where its module says: nav bar (between About and Contact) and footer.
    await page.reload();
    await shell.expectNavbarLinks(['Home', 'All Artifacts', 'Add Artifact', 'About', 'Timeline', 'Contact']);
    await expect(quickLinks).toHaveText(['Browse Artifacts', 'Timeline', 'Add Artifact', 'Liked Artifacts']);
    await shell.navigate('Timeline');
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expect(page).toHaveURL(/\/timeline$/);
    await expect(page).toHaveTitle('Timeline - Heritage Vault');
  },
);

import { expect, test } from '../../fixtures/test.ts';
import { CataloguePage } from '../../pages/catalogue.ts';

test.describe('Home', { tag: '@catalogue' }, () => {
  test('hero carousel, blurbs, featured artifacts, call to action and Why Choose', async ({ page }) => {
    const catalogue = new CataloguePage(page);
    // The journeys ask for reduced motion (playwright.config.ts), under which the slideshow stands still.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    await expect(page).toHaveTitle('Home - Heritage Vault');

    // The hero: 3 slides with dots, the first one painted eagerly and its artwork served by the remote.
    const hero = page.getByRole('region', { name: 'Heritage Vault highlights' });
    await expect(hero.getByRole('heading', { level: 2, name: 'Preserve the Past' })).toBeVisible();
    await expect(hero.getByRole('button', { name: /^Show slide \d of 3$/ })).toHaveCount(3);
    const firstImage = hero.getByRole('img', { name: 'A golden amphora on a pedestal in a museum gallery' });
    await expect(firstImage).toHaveAttribute('fetchpriority', 'high');
    await expect(firstImage).toHaveAttribute('loading', 'eager');
    await expect
      .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // Autoplay moves on by itself (3000 ms per slide, 800 ms fade).
    await expect(hero.getByRole('button', { name: 'Show slide 2 of 3' })).toHaveAttribute(
      'aria-current',
      'true',
      {
        timeout: 8000,
      },
    );

    for (const blurb of ['Discover', 'Learn', 'Share']) {
      await expect(page.getByRole('heading', { level: 3, name: blurb, exact: true })).toBeVisible();
    }

    await expect(page.getByRole('heading', { level: 2, name: 'Featured Artifacts' })).toBeVisible();
    const featured = page.getByRole('list', { name: 'Featured Artifacts' });
    await expect(featured.getByTestId('artifact-card').first()).toBeVisible();
    expect(await featured.getByTestId('artifact-card').count()).toBeGreaterThan(0);
    await expect(featured.getByRole('link', { name: /^View Details: / }).first()).toHaveAttribute(
      'href',
      /^\/artifact-details\/[0-9a-f-]{36}$/,
    );

    await expect(page.getByRole('heading', { name: 'Have an artifact story to tell?' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Why Choose Heritage Vault?' })).toBeVisible();
    for (const item of ['Community Driven', 'Rich Context', 'Open to Everyone', 'Secure Platform']) {
      await expect(page.getByRole('heading', { level: 3, name: item })).toBeVisible();
    }

    await page.getByRole('link', { name: 'View All' }).click();
    await expect(page).toHaveURL('/all-artifacts');
    await expect(catalogue.cards.first()).toBeVisible();
  });

  test('cards rise in 0.2 s apart and slides fade, unless the visitor asks for reduced motion', async ({
    page,
  }) => {
    // The journeys browse with reduced motion (playwright.config.ts): this one looks at both preferences.
    const seconds = (value: string) => Number.parseFloat(value) * (value.endsWith('ms') ? 0.001 : 1);
    const motion = async () => ({
      cards: (
        await page
          .getByRole('list', { name: 'Featured Artifacts' })
          .locator(':scope > li')
          .evaluateAll((cards) =>
            cards.map((card) => [
              getComputedStyle(card).animationDelay,
              getComputedStyle(card).animationDuration,
            ]),
          )
      ).map(([delay, duration]) => ({ delay: seconds(delay!), duration: seconds(duration!) })),
      fade: seconds(
        await page
          .locator('.hero-carousel .slick-slide')
          .first()
          .evaluate((slide) => getComputedStyle(slide).transitionDuration),
      ),
    });
    const featured = page.getByRole('list', { name: 'Featured Artifacts' }).getByTestId('artifact-card');

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/');
    await expect(featured.first()).toBeVisible();
    const full = await motion();
    expect(full.cards.length).toBeGreaterThan(1);
    full.cards.forEach(({ delay, duration }, index) => {
      expect(delay, `card ${index + 1}'s delay`).toBeCloseTo(0.2 * index);
      expect(duration).toBeCloseTo(0.5);
    });
    expect(full.fade).toBeCloseTo(0.8);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    const reduced = await motion();
    for (const { delay, duration } of reduced.cards) {
      expect(delay).toBe(0);
      expect(duration).toBeLessThan(0.001);
    }
    expect(reduced.fade).toBeLessThan(0.001);
  });

  test('Explore Collection and Share an Artifact lead to their pages', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Heritage Vault highlights' });
    // The journeys ask for reduced motion: the slideshow stands still, so the current slide's buttons stay put.
    await expect(hero.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await hero.getByRole('link', { name: 'Explore Collection' }).first().click();
    await expect(page).toHaveURL('/all-artifacts');
    // Back only once All Artifacts is on screen, as a visitor would: the URL changes before the page has loaded.
    await expect(new CataloguePage(page).searchBox).toBeVisible();
    await page.goBack();
    await expect(hero.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await hero.getByRole('link', { name: 'Share an Artifact' }).first().click();
    // Add Artifact is protected: a visitor is sent to log in first.
    await expect(page).toHaveURL('/login');
  });

  test('the slideshow stands still under reduced motion until Play, and Pause stops it again', async ({
    page,
  }) => {
    const hero = page.getByRole('region', { name: 'Heritage Vault highlights' });
    const current = hero.locator('[aria-roledescription="slide"]:not([inert])');
    await page.goto('/');
    // Still: past the spec's 3 s autoplay, the first slide is the current one.
    const play = hero.getByRole('button', { name: 'Play slideshow' });
    await expect(play).toBeVisible();
    await page.waitForTimeout(4_000);
    await expect(current).toHaveAttribute('aria-label', '1 of 3');

    // Play, by keyboard: the slides advance every 3 s.
    await play.focus();
    await page.keyboard.press('Enter');
    await expect(current).toHaveAttribute('aria-label', '2 of 3', { timeout: 6_000 });
    const pause = hero.getByRole('button', { name: 'Pause slideshow' });
    await expect(pause).toBeFocused();
    await page.keyboard.press('Enter');
    const held = await current.getAttribute('aria-label');
    await page.waitForTimeout(4_000);
    await expect(current).toHaveAttribute('aria-label', held!);
  });
});

/**
 * A member's photo, from the phone to the page: uploaded on Add Artifact, shown on the cards and the details page,
 * served without the GPS position and camera data the photo carried, and smaller on a phone than on a desktop.
 */
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { sampleArtifact } from '../../fixtures/api-client.ts';
import { memberSession } from '../../fixtures/member-session.ts';
import { cameraPhoto, hasGpsBlock, imageMetadata, PHONE_MAKE } from '../../fixtures/photos.ts';
import { expect, test } from '../../fixtures/test.ts';
import { CataloguePage } from '../../pages/catalogue.ts';
import { AddArtifactPage, MyArtifactsPage } from '../../pages/editor.ts';

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** Opens a details page in a fresh browser of that size: which copy of the picture it chose, and its bytes. */
async function pictureDownloaded(
  browser: Browser,
  options: BrowserContextOptions,
  url: string,
  name: string,
) {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    const images: Array<{ url: string; bytes: number }> = [];
    page.on('response', async (response) => {
      if (/\/images\/[0-9a-f-]{36}\/\d+\.webp$/.test(response.url()))
        images.push({ url: response.url(), bytes: (await response.body()).length });
    });
    await page.goto(url);
    const picture = page.getByRole('img', { name, exact: true });
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeTruthy();
    const chosen = await picture.evaluate((img: HTMLImageElement) => img.currentSrc);
    await expect.poll(() => images.length).toBe(1);
    expect(images[0]!.url).toBe(chosen);
    return images[0]!;
  } finally {
    await context.close();
  }
}

test.describe('Photo upload', { tag: ['@editor', '@catalogue'] }, () => {
  test('a photo from the phone: uploaded with progress, shown on cards and details, stripped of its GPS position, smaller on a phone', async ({
    signedIn: page,
    member,
    browser,
    baseURL,
    shell,
  }, testInfo) => {
    const photo = await cameraPhoto({ width: 2400, height: 1800, withPhoneExif: true });
    expect(hasGpsBlock((await imageMetadata(photo)).exif), 'the photo carries a GPS position').toBe(true);
    const artifact = sampleArtifact({ type: 'Jewelry' });
    const add = new AddArtifactPage(page);
    await add.goto();

    // Chosen as a member does: the button opens the file chooser.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a photo' }).click();
    await (await chooser).setFiles({ name: 'heirloom.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByText("Photo uploaded: it is now the artifact's image.")).toBeVisible();
    // The form shows the photo, not the API's address of it (#55 item 3).
    await expect(add.field('Image URL')).toHaveValue('');
    const preview = page
      .getByTestId('image-preview')
      .getByRole('img', { name: 'Preview of the artifact image' });
    await expect(preview).toHaveJSProperty('complete', true);
    const imageUrl = (await preview.getAttribute('src'))!;
    expect(imageUrl).toMatch(/\/api\/images\/[0-9a-f-]{36}\/1600\.webp$/);
    await expect(add.form).not.toContainText('/api/images/');

    // Everything but the image, which the upload gave.
    const { image: _uploaded, ...rest } = artifact;
    await add.fill(rest);
    await add.submit();
    await shell.expectToast(`Artifact "${artifact.name}" has been added successfully!`);

    // My Artifacts and All Artifacts show it on the card, as one of its stored widths.
    const myCard = new MyArtifactsPage(page).card(artifact.name).getByRole('img', { name: artifact.name });
    await expect(myCard).toHaveAttribute('srcset', /320w, .*480w, .*768w, .*1080w, .*1600w$/);
    await expect.poll(() => myCard.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(myCard).not.toHaveAttribute('data-fallback', 'true');
    await page.goto(`/all-artifacts?q=${encodeURIComponent(artifact.name)}`);
    const catalogue = new CataloguePage(page);
    await expect(catalogue.card(artifact.name).getByRole('img', { name: artifact.name })).toHaveAttribute(
      'srcset',
      /\/api\/images\//,
    );
    await catalogue.openDetails(artifact.name);
    const detailsUrl = page.url();

    // The served file is a new picture: no EXIF at all, so no GPS position and no camera.
    const served = await page.request.get(imageUrl);
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const body = await served.body();
    const metadata = await imageMetadata(body);
    expect(metadata.exif, 'no EXIF').toBeUndefined();
    expect(hasGpsBlock(metadata.exif)).toBe(false);
    expect(body.includes(Buffer.from(PHONE_MAKE))).toBe(false);

    // A phone downloads a narrower copy than a desktop, and fewer bytes.
    const storageState = await memberSession(baseURL!, member);
    const phone = await pictureDownloaded(browser, { ...PHONE, storageState }, detailsUrl, artifact.name);
    const desktop = await pictureDownloaded(browser, { ...DESKTOP, storageState }, detailsUrl, artifact.name);
    await testInfo.attach('picture bytes', {
      body: JSON.stringify({ phone, desktop }, null, 2),
      contentType: 'application/json',
    });
    expect(phone.url).toMatch(/\/480\.webp$/);
    expect(desktop.url).toMatch(/\/768\.webp$/);
    expect(phone.bytes).toBeLessThan(desktop.bytes);
  });
});

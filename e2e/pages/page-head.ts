/** A page's head as machines read it (render/src/head.ts writes it): what a crawler or a link preview sees. */
import type { Page } from '@playwright/test';

/** What a page's head says, read from the DOM the browser built from its HTML (with JavaScript off, the HTML alone). */
export async function headOf(page: Page) {
  const meta = (key: string) =>
    page
      .locator(`head meta[name="${key}"], head meta[property="${key}"]`)
      .getAttribute('content', { timeout: 1000 })
      .catch(() => null);
  return {
    title: await page.title(),
    description: await meta('description'),
    robots: await meta('robots'),
    canonical: await page.locator('head link[rel="canonical"]').getAttribute('href'),
    og: {
      title: await meta('og:title'),
      type: await meta('og:type'),
      url: await meta('og:url'),
      image: await meta('og:image'),
      description: await meta('og:description'),
    },
    twitter: {
      card: await meta('twitter:card'),
      title: await meta('twitter:title'),
      image: await meta('twitter:image'),
    },
    jsonLd: await page
      .locator('head script[type="application/ld+json"]')
      .allTextContents()
      .then((blocks) => blocks.map((text) => JSON.parse(text) as Record<string, unknown>)),
  };
}

import { chromium, type Browser } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRoute } from './critical-path.ts';

/**
 * A page drawn by a server (its heading in the HTML) whose app commits 400 ms later, marking the document live as the
 * shell does (shell/src/main.tsx).
 */
const DRAWN_PAGE = `<!doctype html><html><head><title>t</title></head><body><main id="main"><h1>All Artifacts</h1></main>
<script>setTimeout(() => { document.documentElement.dataset.live = ''; }, 400);</script></body></html>`;

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  server = createServer((_, response) => response.end(DRAWN_PAGE)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
});

afterAll(async () => {
  await browser?.close();
  server?.close();
});

async function probeOf(app: boolean) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    return (await loadRoute(context, page, `${origin}/`, { app })).probe;
  } finally {
    await context.close();
  }
}

describe('loadRoute', () => {
  it('counts a page the server drew as live once the app has committed, not when its heading is parsed', async () => {
    const probe = await probeOf(true);
    expect(probe.headingText).toBe('All Artifacts');
    expect(probe.liveAt! - probe.headingAt!).toBeGreaterThanOrEqual(350);
  });

  it('counts a page without the app (the floor) as live with its heading', async () => {
    const probe = await probeOf(false);
    expect(probe.liveAt).toBe(probe.headingAt);
  });
});

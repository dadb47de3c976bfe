import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from './critical-path.ts';
import { checkDocument } from './measure.ts';

const documentRequest = (status: number): RecordedRequest => ({
  url: 'http://localhost:4873/page',
  method: 'GET',
  resourceType: 'Document',
  status,
  mimeType: 'text/html',
  contentEncoding: 'br',
  cacheControl: 'no-cache',
  pageCache: 'MISS',
  contentLength: null,
  transferBytes: 1000,
  fromCache: false,
  failed: false,
  sentAtWallMs: 0,
  sentAt: 0,
  finishedAt: 1,
  requestId: '1',
});

const DRAWN = `<div id="root"><main id="main"><h1>All Artifacts</h1><p>Code of Hammurabi</p><p>Rosetta &amp; Stone</p></main></div>
<script type="application/json" id="rendered-state">{"queries":{"name":"Bench Astrolabe"}}</script>`;
const CLIENT_RENDERED = '<div id="root"></div><script type="module" src="/assets/index.js"></script>';

const check = (html: string, status = 200, drawnTexts: string[] | null = null) =>
  checkDocument({ body: () => Promise.resolve(Buffer.from(html)) }, [documentRequest(status)], {
    url: 'http://localhost:4873/page',
    drawnTexts,
  });

describe('checkDocument', () => {
  it("tells a page the server drew (its data block) from one sent client-rendered, and reads nginx's page cache", async () => {
    expect(await check(DRAWN)).toEqual({ serverDrawn: true, pageCache: 'MISS' });
    expect(await check(CLIENT_RENDERED)).toEqual({ serverDrawn: false, pageCache: 'MISS' });
  });

  it('reads a not-found page, which answers 404', async () => {
    expect(await check(CLIENT_RENDERED, 404)).toEqual({ serverDrawn: false, pageCache: 'MISS' });
  });

  it('passes a data page whose drawn HTML shows one of its texts, as HTML writes it', async () => {
    await expect(check(DRAWN, 200, ['Nowhere', 'Rosetta & Stone'])).resolves.toMatchObject({
      serverDrawn: true,
    });
  });

  it('fails a data page whose texts are only in its data block, or that came client-rendered', async () => {
    await expect(check(DRAWN, 200, ['Bench Astrolabe'])).rejects.toThrow(/does not show the page's data/);
    await expect(check(CLIENT_RENDERED, 200, ['Code of Hammurabi'])).rejects.toThrow(/client-rendered/);
  });
});

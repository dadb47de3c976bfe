import { describe, expect, it } from 'vitest';
import { pageBodies, type ServerRenderer, type ServerRenderResult } from './page-body.ts';

const REQUEST = { url: new URL('https://heritage.example/about'), member: null, remotes: {}, routes: [] };
const PAGE: ServerRenderResult = {
  kind: 'page',
  status: 200,
  body: '<main>About</main>',
  styles: '',
  state: {},
};

function logged() {
  const lines: string[] = [];
  return { lines, log: (line: string) => void lines.push(line) };
}

describe("a page's body rendered on the server", () => {
  it("is the shell's server render of the page", async () => {
    const { lines, log } = logged();
    const bodies = pageBodies(async () => PAGE, 1000, log);
    expect(await bodies.render(REQUEST)).toEqual({ kind: 'rendered', result: PAGE });
    expect(bodies.clientRendered).toBe(0);
    expect(lines).toEqual([]);
  });

  it('is sent client-rendered when the render fails, counted and logged with the reason', async () => {
    const { lines, log } = logged();
    const failing: ServerRenderer = async () => {
      throw new Error('mf_catalogue/About could not be loaded: SsrEntryHttpError 502');
    };
    const bodies = pageBodies(failing, 1000, log);
    expect(await bodies.render(REQUEST)).toEqual({
      kind: 'client-rendered',
      reason: 'mf_catalogue/About could not be loaded: SsrEntryHttpError 502',
      failed: true,
    });
    expect(bodies.clientRendered).toBe(1);
    expect(lines).toEqual([
      'render: /about sent client-rendered: mf_catalogue/About could not be loaded: SsrEntryHttpError 502',
    ]);
  });

  it('gives each render its deadline: a render that overruns it is abandoned for the client-rendered page', async () => {
    const { log } = logged();
    const slow: ServerRenderer = ({ signal }) =>
      new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('it overran the render deadline'))),
      );
    const started = Date.now();
    const body = await pageBodies(slow, 50, log).render(REQUEST);
    expect(body).toEqual({ kind: 'client-rendered', reason: 'it overran the render deadline', failed: true });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("gives the loaders' API calls a deadline of their own, before the render's, so a page has time for its error state", async () => {
    const { log } = logged();
    const times: Record<string, number> = {};
    const started = Date.now();
    const watching: ServerRenderer = ({ signal, dataDeadline }) =>
      new Promise((resolve) => {
        dataDeadline.addEventListener('abort', () => (times.data = Date.now() - started));
        signal.addEventListener('abort', () => {
          times.render = Date.now() - started;
          resolve(PAGE);
        });
      });
    await pageBodies(watching, 200, log).render(REQUEST);
    expect(times.data).toBeGreaterThanOrEqual(140);
    expect(times.data).toBeLessThan(times.render!);
  });

  it('without a server build of the shell, sends every page client-rendered, saying why once', async () => {
    const { lines, log } = logged();
    const bodies = pageBodies('the shell has no server build (shell/dist-server/render-page.js)', 1000, log);
    expect(await bodies.render(REQUEST)).toMatchObject({ kind: 'client-rendered', failed: false });
    expect(await bodies.render(REQUEST)).toMatchObject({ kind: 'client-rendered', failed: false });
    expect(bodies.clientRendered).toBe(0);
    expect(lines).toEqual([
      'render: every page is sent client-rendered: the shell has no server build (shell/dist-server/render-page.js)',
    ]);
  });
});

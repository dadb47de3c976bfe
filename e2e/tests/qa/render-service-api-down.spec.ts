/**
 * Issue 53 item 5, an API that fails while the render service runs: one that stalls or stops gives the page's error
 * state in the HTML, in time, never a 500. A render process of the suite's own stack, reading the API through a way
 * the journey stalls and stops: it needs the suite's own stack, and skips against a deployment.
 */
import { spawn } from 'node:child_process';
import { createServer, request as forward } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { RENDER_PROCESS, waitForUrl } from '../../../stack/stack.ts';
import { expect, test, VIEWPORT_INDEPENDENT } from '../../fixtures/test.ts';
import { stackEnvOf } from '../../stack/journey-stacks.ts';
import { deploymentUnderTest, journeyTarget, NEEDS_OWN_STACK } from '../../stack/target.ts';

/** A way to the API that can stall (answers nothing) or stop (refuses connections), as the API itself would. */
async function apiWay(target: string) {
  let stalled = false;
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    if (stalled) return;
    const upstream = forward(
      new URL(request.url!, target),
      { method: request.method, headers: { ...request.headers, host: new URL(target).host } },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stall: () => void (stalled = true),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.describe('A render service whose API fails', { tag: ['@shell', '@catalogue'] }, () => {
  test(
    'an API that stalls or stops while the render service runs: All Artifacts arrives with its error state, in time',
    { tag: VIEWPORT_INDEPENDENT },
    async () => {
      test.skip(Boolean(deploymentUnderTest()), NEEDS_OWN_STACK);
      const DEADLINE_MS = 4000;
      const way = await apiWay(journeyTarget().api);
      const port = await freePort();
      // A render process of the main stack's builds and remotes, reading the API through `way`.
      const render = spawn(process.execPath, RENDER_PROCESS.args, {
        cwd: RENDER_PROCESS.cwd,
        env: {
          ...process.env,
          ...stackEnvOf('main'),
          RENDER_PORT: String(port),
          RENDER_API_URL: way.url,
          RENDER_DEADLINE_MS: String(DEADLINE_MS),
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      });
      const url = `http://localhost:${port}`;
      const errorState = /Failed to fetch artifacts[\s\S]*Try Again/;
      try {
        await waitForUrl(`${url}/robots.txt`, 60_000, render);
        // Rendered on the server with its data once the catalogue's server entry has loaded (at start-up).
        await expect
          .poll(
            async () => {
              const html = await (await fetch(`${url}/all-artifacts`)).text();
              return html.includes('id="rendered-state"') && !errorState.test(html);
            },
            { timeout: 60_000 },
          )
          .toBe(true);

        way.stall();
        const started = Date.now();
        const stalled = await fetch(`${url}/all-artifacts?q=stalled`);
        expect(stalled.status).toBe(200);
        expect(await stalled.text()).toMatch(errorState);
        expect(Date.now() - started).toBeLessThan(DEADLINE_MS);

        await way.stop();
        const down = await fetch(`${url}/all-artifacts?q=down`);
        expect(down.status).toBe(200);
        const downHtml = await down.text();
        expect(downHtml).toContain('id="rendered-state"');
        expect(downHtml).toMatch(errorState);
      } finally {
        render.kill('SIGTERM');
        await way.stop();
      }
    },
  );
});

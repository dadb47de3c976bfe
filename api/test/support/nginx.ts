/**
 * Debian's nginx (/usr/sbin/nginx, or NGINX) in the foreground, in front of API processes: an upstream of them on
 * loopback with keep-alive connections, as a deployment runs it. Used by the production-fault tests and by
 * `pnpm bench:api:nginx`. nginx's own defaults decide what is retried on the other process: `proxy_next_upstream
 * error timeout` (a process that refuses or drops the connection), and never a request nginx deems non-idempotent
 * (POST, PATCH, LOCK) once it was sent, so a write is not applied twice.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from './ports.ts';

export interface RunningNginx {
  url: string;
  port: number;
  /** The configuration it runs, as written. */
  config: string;
  /** Its error log so far (upstream failures, retries on the next server). */
  errorLog(): string;
  stop(): Promise<void>;
}

/** The upstream and the server block that proxies every path to it. */
export function apiProxyConfig(port: number, upstreams: readonly string[]): string {
  // zone: every worker shares what it learnt of each process (a failure marks it down for fail_timeout, 10 s, in all
  // of them; back, it is used again by all). Without it each worker keeps its own: one that saw a process fail still
  // holds it down after the others use it again, and with the other process gone it has no live upstream (502).
  return `  upstream api {
    zone api 64k;
${upstreams.map((upstream) => `    server ${upstream};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 16m;
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }`;
}

/** nginx on `port` (a free one when not given) proxying to `upstreams` (host:port); resolves once /health answers. */
export async function startNginx(
  upstreams: readonly string[],
  { port, httpBlock = apiProxyConfig }: { port?: number; httpBlock?: typeof apiProxyConfig } = {},
): Promise<RunningNginx> {
  const listenPort = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-nginx-'));
  const temp = (name: string) => path.join(dir, name);
  // Started as root, nginx runs its workers as `nobody`, who cannot write in a 0700 temporary directory.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const config = `${user}
worker_processes auto;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
${httpBlock(listenPort, upstreams)}
}
`;
  fs.writeFileSync(temp('nginx.conf'), config);
  const child = spawn(
    process.env.NGINX ?? '/usr/sbin/nginx',
    ['-p', dir, '-c', temp('nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const errorLog = () => (fs.existsSync(temp('error.log')) ? fs.readFileSync(temp('error.log'), 'utf8') : '');
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGQUIT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${listenPort}`;
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited: ${errorLog()}`);
        const response = await fetch(`${url}/health`).catch(() => undefined);
        return response?.ok ? true : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 100, what: `nginx on ${listenPort}` },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port: listenPort, config, errorLog, stop };
}

/** `pnpm --filter render start`: the render service on SHELL_PORT (or RENDER_PORT), stopped by SIGTERM or SIGINT. */
import { renderServer } from './server.ts';
import { renderSettings } from './settings.ts';

const settings = renderSettings();
const app = await renderServer(settings);
await app.listen({ port: settings.port, host: settings.host });
console.log(`render: serving ${settings.shellDist} at http://localhost:${settings.port}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => void app.close().then(() => process.exit(0)));

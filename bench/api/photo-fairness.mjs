#!/usr/bin/env node
// How long one member's small photo waits while six accounts flood uploads (issue 54): `pnpm bench:photos`.
//
// Starts the Auth Emulator and one API process (its build, PGlite, IMAGE_PROCESSING_CONCURRENCY=BENCH_SLOTS, default
// 1), signs up six flooding accounts and one victim. Each flooding account keeps IMAGE_UPLOADS_PER_MEMBER (3) uploads
// of a BENCH_FLOOD_MP (default 6) megapixel photo in flight for the whole run; once the flood is under way the victim
// uploads a 400 x 300 camera photo BENCH_VICTIM_UPLOADS times (default 5), one after the other. Prints the victim's
// waits and one flood photo's time, and writes bench/results/photo-fairness.{md,json} (BENCH_OUTPUT renames them).
// BENCH_API_DIR runs another copy of the api package (an older revision extracted as compare-votes.mjs does), and
// BENCH_API_LABEL names it in the results (default: the work tree's revision).
import fs from 'node:fs';
import path from 'node:path';
import {
  apiEnv,
  createCleanups,
  freePort,
  log,
  machine,
  median,
  repoRoot,
  requireFromApi,
  signUpUsers,
  sleep,
  startApiProcess,
  startBenchEmulator,
} from '../lib/support.mjs';

const sharp = requireFromApi('sharp');
const SLOTS = Number(process.env.BENCH_SLOTS ?? 1);
const FLOOD_MP = Number(process.env.BENCH_FLOOD_MP ?? 6);
const VICTIM_UPLOADS = Number(process.env.BENCH_VICTIM_UPLOADS ?? 5);
const FLOODERS = 6;
const IN_FLIGHT = 3;
const OUTPUT = process.env.BENCH_OUTPUT ?? 'photo-fairness';
const PROJECT = 'demo-heritage-bench-photos';

const heavyPhoto = () => {
  const side = Math.floor(Math.sqrt(FLOOD_MP * 1_000_000));
  return sharp({ create: { width: side, height: side, channels: 3, background: '#8a6' } })
    .png()
    .toBuffer();
};
/** A camera-like photo: noise, so it does not compress to nothing. */
const smallPhoto = () =>
  sharp(Buffer.from(Array.from({ length: 400 * 300 * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: 400, height: 300, channels: 3 },
  })
    .jpeg({ quality: 70 })
    .toBuffer();

async function upload(url, user, bytes) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  const started = Date.now();
  const response = await fetch(`${url}/api/images`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user.token}` },
    body: form,
  });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - started };
}

async function main() {
  const cleanups = createCleanups();
  try {
    const emulatorHost = await startBenchEmulator(cleanups, PROJECT);
    const port = await freePort();
    fs.mkdirSync(path.join(repoRoot, '.data'), { recursive: true });
    const dataDir = fs.mkdtempSync(path.join(repoRoot, '.data', 'bench-photos-'));
    cleanups.add(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const url = await startApiProcess(
      cleanups,
      apiEnv({
        port,
        projectId: PROJECT,
        emulatorHost,
        database: { PGLITE_DATA_DIR: path.join(dataDir, 'pglite') },
        extra: { IMAGE_PROCESSING_CONCURRENCY: String(SLOTS), IMAGE_UPLOADS_PER_MEMBER: String(IN_FLIGHT) },
      }),
    );
    const [heavy, small, users] = await Promise.all([
      heavyPhoto(),
      smallPhoto(),
      signUpUsers(emulatorHost, FLOODERS + 1, 'photos'),
    ]);
    const [victim, ...flooders] = users;

    let flooding = true;
    const floodTimes = [];
    const floodLoops = flooders.flatMap((flooder) =>
      Array.from({ length: IN_FLIGHT }, async () => {
        while (flooding) {
          const result = await upload(url, flooder, heavy);
          if (result.status === 201) floodTimes.push(result.ms);
          else await sleep(50);
        }
      }),
    );
    // The flood under way: every account has had a photo done, the rest waiting.
    while (floodTimes.length < FLOODERS && flooding) await sleep(100);
    const waits = [];
    for (let index = 0; index < VICTIM_UPLOADS; index += 1) {
      const result = await upload(url, victim, small);
      if (result.status !== 201) throw new Error(`the victim's upload answered ${result.status}`);
      waits.push(result.ms);
      log(`victim's photo ${index + 1}: ${result.ms} ms`);
      await sleep(500);
    }
    flooding = false;
    await Promise.all(floodLoops);

    const result = {
      at: new Date().toISOString(),
      machine: machine(),
      api: process.env.BENCH_API_LABEL ?? 'this work tree',
      settings: { slots: SLOTS, floodMegapixels: FLOOD_MP, flooders: FLOODERS, inFlightEach: IN_FLIGHT },
      victimPhotoKB: Math.round(small.length / 1024),
      victimWaitsMs: waits,
      victimMedianMs: median(waits),
      victimMaxMs: Math.max(...waits),
      floodPhotosDone: floodTimes.length,
      floodMedianAnswerMs: median(floodTimes),
    };
    const md = [
      `# Photo processing under a flood (${result.at})`,
      '',
      `API: ${result.api} (work tree ${result.machine.revision}), ${result.machine.cpus} cores, load ` +
        `${result.machine.loadavg.join(' ')}.`,
      `${FLOODERS} accounts keep ${IN_FLIGHT} uploads each of a ${FLOOD_MP} MP photo in flight; ${SLOTS} slot(s).`,
      '',
      `| the victim's ${result.victimPhotoKB} KB photo | median | max | each |`,
      '|---|---|---|---|',
      `| answered in (ms) | ${result.victimMedianMs} | ${result.victimMaxMs} | ${waits.join(', ')} |`,
      '',
      `A flood photo's answer: median ${result.floodMedianAnswerMs} ms (${result.floodPhotosDone} done).`,
      '',
    ].join('\n');
    const resultsDir = path.join(repoRoot, 'bench', 'results');
    fs.writeFileSync(path.join(resultsDir, `${OUTPUT}.json`), `${JSON.stringify(result, null, 2)}\n`);
    fs.writeFileSync(path.join(resultsDir, `${OUTPUT}.md`), md);
    console.log(md);
  } finally {
    await cleanups.runAll();
  }
}

await main();

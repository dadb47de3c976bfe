/**
 * Renders the three Home hero slides (illustrations in the kit's brown and gold) to WebP in src/assets/hero/.
 * The site has no internet and no stock photos, so the art is drawn here as SVG and rasterised with sharp.
 * Each slide comes as a wide image (1600, 1280 and 960 px) and a tall one for phones (800 x 1200), because a full-height
 * hero on a portrait screen would otherwise crop a wide picture down to a sliver.
 *
 * Run: pnpm --filter mf-catalogue generate:hero-images (the outputs are committed; run again only to change the art).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '../src/assets/hero');

const C = {
  night: '#1b120b',
  brownDark: '#2e1f14',
  brown: '#4a3222',
  brownMid: '#6b4a33',
  brownLight: '#8b6a4f',
  gold: '#c9a23a',
  goldLight: '#e4c77a',
  goldDark: '#9a7a22',
  parchment: '#f7f1e5',
  parchmentDark: '#ece2cf',
};

/** A deterministic pseudo-random sequence, so the art is the same on every run. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const repeatAcross = (width, step, draw) => {
  const parts = [];
  const count = Math.ceil(width / step) + 1;
  const start = width / 2 - (count / 2) * step;
  for (let i = 0; i < count; i++) parts.push(draw(start + i * step, i));
  return parts.join('');
};

function amphora(cx, base, scale) {
  const s = scale;
  return `<g transform="translate(${cx} ${base}) scale(${s})">
    <path d="M-38 -300 h76 v18 c0 10 -16 14 -16 30 c0 22 62 48 62 128 c0 70 -40 112 -70 124 h-28 c-30 -12 -70 -54 -70 -124 c0 -80 62 -106 62 -128 c0 -16 -16 -20 -16 -30z"
      fill="url(#vase)" stroke="${C.goldDark}" stroke-width="3"/>
    <path d="M-30 -262 c-70 0 -74 70 -40 96" fill="none" stroke="${C.goldDark}" stroke-width="10" stroke-linecap="round"/>
    <path d="M30 -262 c70 0 74 70 40 96" fill="none" stroke="${C.goldDark}" stroke-width="10" stroke-linecap="round"/>
    <path d="M-66 -120 h132" stroke="${C.brownDark}" stroke-width="6" opacity="0.55"/>
    <path d="M-74 -92 h148" stroke="${C.brownDark}" stroke-width="3" opacity="0.45"/>
    <path d="M-52 -70 l14 -18 l14 18 l14 -18 l14 18 l14 -18 l14 18 l14 -18 l14 18" fill="none" stroke="${C.brownDark}" stroke-width="4" opacity="0.5"/>
    <path d="M-60 -40 h120" stroke="${C.brownDark}" stroke-width="3" opacity="0.45"/>
  </g>`;
}

/** Slide 1: a gallery hall with arches and a spotlit amphora on a pedestal. */
function gallery(w, h) {
  const floorY = h * 0.72;
  const archW = Math.max(w, h) / 6;
  const arches = repeatAcross(w, archW, (x) => {
    const top = h * 0.16;
    const r = archW * 0.34;
    return `<path d="M${x - r} ${floorY} V${top + r} A${r} ${r} 0 0 1 ${x + r} ${top + r} V${floorY}z" fill="${C.night}" opacity="0.75"/>
      <rect x="${x + r + archW * 0.04}" y="${top - 10}" width="${archW * 0.24}" height="${floorY - top + 10}" fill="url(#column)"/>`;
  });
  const pedestalW = Math.min(w, h) * 0.26;
  const pedestalTop = floorY - h * 0.13;
  return `
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${C.brownDark}"/><stop offset="1" stop-color="${C.brown}"/>
    </linearGradient>
    <linearGradient id="column" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${C.brownMid}"/><stop offset="0.5" stop-color="${C.brownLight}"/><stop offset="1" stop-color="${C.brown}"/>
    </linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${C.brownMid}"/><stop offset="1" stop-color="${C.night}"/>
    </linearGradient>
    <radialGradient id="spot" cx="0.5" cy="0.25" r="0.6">
      <stop offset="0" stop-color="${C.goldLight}" stop-opacity="0.55"/><stop offset="1" stop-color="${C.goldLight}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="vase" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${C.goldDark}"/><stop offset="0.45" stop-color="${C.goldLight}"/><stop offset="1" stop-color="${C.brownMid}"/>
    </linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${C.goldLight}" stop-opacity="0.4"/><stop offset="1" stop-color="${C.goldLight}" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#wall)"/>
  ${arches}
  <rect y="${floorY}" width="${w}" height="${h - floorY}" fill="url(#floor)"/>
  ${repeatAcross(w * 2, w / 8, (x) => `<path d="M${w / 2} ${floorY} L${x - w / 2} ${h}" stroke="${C.brownDark}" stroke-width="2" opacity="0.5"/>`)}
  <path d="M${w / 2 - w * 0.04} 0 L${w / 2 + w * 0.04} 0 L${w / 2 + pedestalW} ${floorY} L${w / 2 - pedestalW} ${floorY}z" fill="url(#beam)"/>
  <rect width="${w}" height="${h}" fill="url(#spot)"/>
  <ellipse cx="${w / 2}" cy="${floorY + 6}" rx="${pedestalW * 0.9}" ry="${h * 0.025}" fill="${C.night}" opacity="0.6"/>
  <rect x="${w / 2 - pedestalW / 2}" y="${pedestalTop}" width="${pedestalW}" height="${floorY - pedestalTop}" fill="url(#column)"/>
  <rect x="${w / 2 - pedestalW * 0.58}" y="${pedestalTop - 14}" width="${pedestalW * 1.16}" height="18" fill="${C.brownLight}"/>
  ${amphora(w / 2, pedestalTop - 14, (h * 0.3) / 300)}`;
}

/** Slide 2: an archive desk by candlelight, with an open manuscript, a scroll and an astrolabe. */
function archive(w, h) {
  const rand = random(7);
  const shelfH = h * 0.16;
  const shelves = [];
  for (let row = 0; row < 4; row++) {
    const y = row * shelfH + h * 0.02;
    let x = -10;
    while (x < w) {
      const bw = 14 + rand() * 26;
      const bh = shelfH * (0.55 + rand() * 0.35);
      const shade = [C.brown, C.brownMid, C.brownLight, C.goldDark, C.night][Math.floor(rand() * 5)];
      shelves.push(
        `<rect x="${x}" y="${y + shelfH - bh - 8}" width="${bw}" height="${bh}" fill="${shade}" opacity="0.8"/>`,
      );
      x += bw + 2 + (rand() < 0.08 ? 30 : 0);
    }
    shelves.push(`<rect x="0" y="${y + shelfH - 8}" width="${w}" height="10" fill="${C.night}"/>`);
  }
  const deskY = h * 0.64;
  const cx = w / 2;
  const bookW = Math.min(w * 0.36, h * 0.62);
  const bookH = bookW * 0.42;
  const lines = (x0, x1) =>
    Array.from({ length: 7 }, (_, i) => {
      const y = deskY - bookH * 0.78 + i * bookH * 0.1;
      return `<path d="M${x0} ${y} H${x1 - rand() * 20}" stroke="${C.brownLight}" stroke-width="3" opacity="0.7"/>`;
    }).join('');
  const astroX = cx + bookW * 0.82;
  const astroR = bookH * 0.55;
  return `
  <defs>
    <linearGradient id="room" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${C.night}"/><stop offset="1" stop-color="${C.brownDark}"/>
    </linearGradient>
    <radialGradient id="candle" cx="0.5" cy="0.62" r="0.55">
      <stop offset="0" stop-color="${C.goldLight}" stop-opacity="0.6"/><stop offset="0.5" stop-color="${C.gold}" stop-opacity="0.18"/><stop offset="1" stop-color="${C.gold}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="desk" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${C.brownMid}"/><stop offset="1" stop-color="${C.brownDark}"/>
    </linearGradient>
    <linearGradient id="page" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${C.parchmentDark}"/><stop offset="0.5" stop-color="${C.parchment}"/><stop offset="1" stop-color="${C.parchmentDark}"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#room)"/>
  <g opacity="0.55">${shelves.join('')}</g>
  <rect y="${deskY}" width="${w}" height="${h - deskY}" fill="url(#desk)"/>
  <rect width="${w}" height="${h}" fill="url(#candle)"/>
  <path d="M${cx - bookW / 2} ${deskY - bookH * 0.1} Q${cx - bookW / 4} ${deskY - bookH} ${cx} ${deskY - bookH * 0.9} Q${cx + bookW / 4} ${deskY - bookH} ${cx + bookW / 2} ${deskY - bookH * 0.1} L${cx + bookW / 2} ${deskY + 6} L${cx - bookW / 2} ${deskY + 6}z" fill="url(#page)" stroke="${C.brownLight}" stroke-width="3"/>
  <path d="M${cx} ${deskY - bookH * 0.9} V${deskY + 6}" stroke="${C.brownLight}" stroke-width="3"/>
  ${lines(cx - bookW * 0.42, cx - bookW * 0.06)}${lines(cx + bookW * 0.06, cx + bookW * 0.42)}
  <path d="M${cx + bookW * 0.2} ${deskY - bookH * 0.2} l${bookW * 0.2} ${-bookH * 1.1}" stroke="${C.parchment}" stroke-width="5" stroke-linecap="round"/>
  <path d="M${cx + bookW * 0.4} ${deskY - bookH * 1.3} q-30 40 -40 90 q30 -30 40 -90" fill="${C.parchment}" opacity="0.9"/>
  <g transform="translate(${cx - bookW * 0.85} ${deskY - 10})">
    <rect x="0" y="-28" width="${bookW * 0.32}" height="28" rx="14" fill="${C.parchmentDark}" stroke="${C.brownLight}" stroke-width="3"/>
    <circle cx="0" cy="-14" r="16" fill="${C.goldDark}"/><circle cx="${bookW * 0.32}" cy="-14" r="16" fill="${C.goldDark}"/>
  </g>
  <g transform="translate(${astroX} ${deskY - astroR - 8})" fill="none" stroke="${C.gold}">
    <circle r="${astroR}" stroke-width="8"/><circle r="${astroR * 0.72}" stroke-width="3"/>
    <path d="M${-astroR} 0 H${astroR} M0 ${-astroR} V${astroR}" stroke-width="3"/>
    <path d="M${-astroR * 0.6} ${astroR * 0.5} L${astroR * 0.7} ${-astroR * 0.45}" stroke-width="6" stroke-linecap="round"/>
    <circle r="8" fill="${C.gold}"/>
  </g>
  <g transform="translate(${cx - bookW * 0.62} ${deskY - 8})">
    <rect x="-12" y="-70" width="24" height="70" fill="${C.parchment}"/>
    <path d="M0 -74 q-14 -22 0 -46 q14 24 0 46" fill="${C.goldLight}"/>
    <circle cx="0" cy="-90" r="60" fill="${C.goldLight}" opacity="0.18"/>
  </g>`;
}

/** Slide 3: an excavation at dusk, with temple ruins against a low sun. */
function excavation(w, h) {
  const horizon = h * 0.62;
  const cx = w / 2;
  const colW = Math.min(w, h) * 0.045;
  const colH = h * 0.26;
  const temple = [-3, -2, -1, 0, 1, 2, 3]
    .map((i) => {
      const x = cx + i * colW * 2.4;
      const height = [0.5, 1, 1, 0.72, 1, 0.35, 0.85][i + 3] * colH;
      return `<rect x="${x - colW / 2}" y="${horizon - height}" width="${colW}" height="${height}" fill="${C.night}"/>
        <rect x="${x - colW * 0.7}" y="${horizon - height - 10}" width="${colW * 1.4}" height="12" fill="${C.night}"/>`;
    })
    .join('');
  const beamY = horizon - colH - 20;
  return `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${C.brownDark}"/><stop offset="0.55" stop-color="${C.brownMid}"/><stop offset="1" stop-color="${C.goldLight}"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${C.parchment}"/><stop offset="0.35" stop-color="${C.goldLight}"/><stop offset="1" stop-color="${C.gold}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${C.brown}"/><stop offset="1" stop-color="${C.night}"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <circle cx="${cx + colW * 3}" cy="${horizon - colH * 0.55}" r="${Math.min(w, h) * 0.32}" fill="url(#sun)"/>
  <path d="M0 ${horizon - h * 0.05} Q${w * 0.2} ${horizon - h * 0.12} ${w * 0.4} ${horizon - h * 0.04} T${w} ${horizon - h * 0.07} V${horizon}H0z" fill="${C.brownMid}" opacity="0.8"/>
  ${temple}
  <rect x="${cx - colW * 6.2}" y="${beamY}" width="${colW * 8.8}" height="16" fill="${C.night}"/>
  <path d="M${cx - colW * 6.2} ${beamY} L${cx - colW * 1.5} ${beamY - colH * 0.28} L${cx + colW * 1.8} ${beamY - colH * 0.16}" fill="none" stroke="${C.night}" stroke-width="14"/>
  <path d="M0 ${horizon} Q${w * 0.3} ${horizon - h * 0.03} ${w * 0.6} ${horizon + h * 0.01} T${w} ${horizon}V${h}H0z" fill="url(#ground)"/>
  <g stroke="${C.goldLight}" stroke-width="2" opacity="0.55">
    ${repeatAcross(w, w / 10, (x) => `<path d="M${x} ${horizon + h * 0.1} L${cx + (x - cx) * 1.6} ${h}"/>`)}
    ${[0.16, 0.24, 0.34].map((f) => `<path d="M0 ${horizon + h * f} H${w}"/>`).join('')}
  </g>
  ${repeatAcross(w, w / 10, (x) => `<rect x="${x - 3}" y="${horizon + h * 0.08}" width="6" height="${h * 0.04}" fill="${C.goldDark}"/>`)}
  <g transform="translate(${cx - w * 0.18} ${horizon + h * 0.22})" fill="${C.goldDark}">
    <path d="M0 0 l60 -10 l-6 14z"/><rect x="-40" y="-3" width="46" height="7" rx="3" fill="${C.brownLight}"/>
  </g>`;
}

const SLIDES = [
  { name: 'hero-gallery', draw: gallery },
  { name: 'hero-archive', draw: archive },
  { name: 'hero-excavation', draw: excavation },
];

const VARIANTS = [
  { suffix: 'wide-1600', width: 1600, height: 900, quality: 62 },
  { suffix: 'wide-1280', width: 1280, height: 720, quality: 62 },
  { suffix: 'wide-960', width: 960, height: 540, quality: 60 },
  { suffix: 'tall-800', width: 800, height: 1200, quality: 60 },
];

mkdirSync(OUT_DIR, { recursive: true });
for (const slide of SLIDES) {
  for (const variant of VARIANTS) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${variant.width}" height="${variant.height}" viewBox="0 0 ${variant.width} ${variant.height}">${slide.draw(variant.width, variant.height)}</svg>`;
    const file = join(OUT_DIR, `${slide.name}-${variant.suffix}.webp`);
    const info = await sharp(Buffer.from(svg)).webp({ quality: variant.quality, effort: 6 }).toFile(file);
    console.log(`${file}: ${info.width}x${info.height}, ${(info.size / 1024).toFixed(1)} KiB`);
  }
}

/**
 * Draws the starter collection's images: one museum-plate SVG per artifact (parchment ground, gold frame, a
 * stylised drawing of the object, its name and era as a caption), written to api/public/images/<slug>.svg.
 * The files are committed; run again after changing the starter list: pnpm --filter api generate:images
 */
import fs from 'node:fs';
import path from 'node:path';
import { IMAGES_DIR } from '../src/http/static-images.ts';
import { STARTER_ARTIFACTS, type StarterArtifact } from '../src/seed/starter-artifacts.ts';

const INK = '#4a2f1a';
const GOLD = '#c9973f';
const GOLD_LIGHT = '#e8c97e';
const STONE = '#8d8172';
const STONE_DARK = '#5d544a';
const CLAY = '#b36b43';
const BRONZE = '#9a7440';
const VERDIGRIS = '#6f9682';
const LAPIS = '#2f4f8a';
const IVORY = '#efe3c8';
const LINEN = '#d9c7a1';

const stroke = `stroke="${INK}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"`;
const thin = `stroke="${INK}" stroke-width="1.6" stroke-linecap="round"`;

function lines(x1: number, x2: number, yStart: number, yEnd: number, step: number, attrs = thin): string {
  let out = '';
  for (let y = yStart; y <= yEnd; y += step)
    out += `<line x1="${x1}" y1="${y}" x2="${x2}" y2="${y}" ${attrs}/>`;
  return out;
}

function dashes(x1: number, x2: number, y: number, count: number): string {
  let out = '';
  const width = (x2 - x1) / count;
  for (let index = 0; index < count; index += 1) {
    const x = x1 + index * width;
    out += `<path d="M${x + 2} ${y} l${width * 0.35} -4 l${width * 0.3} 4" fill="none" ${thin}/>`;
  }
  return out;
}

function gear(cx: number, cy: number, radius: number, teeth: number, fill: string): string {
  const points: string[] = [];
  for (let index = 0; index < teeth * 2; index += 1) {
    const angle = (Math.PI * index) / teeth;
    const r = index % 2 === 0 ? radius : radius * 0.84;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return `<polygon points="${points.join(' ')}" fill="${fill}" ${stroke}/><circle cx="${cx}" cy="${cy}" r="${radius * 0.25}" fill="${IVORY}" ${thin}/>`;
}

function spiral(cx: number, cy: number, radius: number, color = INK): string {
  let d = `M${cx} ${cy}`;
  for (let step = 1; step <= 36; step += 1) {
    const angle = step * 0.5;
    const r = (radius * step) / 36;
    d += ` L${(cx + r * Math.cos(angle)).toFixed(1)} ${(cy + r * Math.sin(angle)).toFixed(1)}`;
  }
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="2.2" stroke-linecap="round"/>`;
}

/** Each motif draws around (0, 0), within about ±115 wide and ±100 high. */
const MOTIFS: Record<string, () => string> = {
  'stele-inscribed': () =>
    `<path d="M-70 100 L-78 -40 Q-60 -95 5 -100 Q70 -92 78 -30 L72 100 Z" fill="${STONE_DARK}" ${stroke}/>` +
    lines(-55, 55, -60, -25, 7, `stroke="${GOLD_LIGHT}" stroke-width="2"`) +
    dashes(-58, 58, -8, 9) +
    dashes(-58, 58, 4, 9) +
    lines(-60, 60, 22, 90, 8, `stroke="${IVORY}" stroke-width="1.4" stroke-dasharray="5 3"`),
  'stele-relief': () =>
    `<path d="M-55 100 L-62 -60 Q0 -112 62 -60 L55 100 Z" fill="${STONE_DARK}" ${stroke}/>` +
    `<circle cx="18" cy="-52" r="12" fill="none" stroke="${GOLD_LIGHT}" stroke-width="2"/><rect x="8" y="-40" width="24" height="30" fill="${GOLD}" opacity="0.8"/>` +
    `<rect x="-28" y="-52" width="14" height="42" fill="${GOLD}" opacity="0.8"/><circle cx="-21" cy="-60" r="8" fill="${GOLD}"/>` +
    lines(-45, 45, 5, 92, 6, `stroke="${IVORY}" stroke-width="1.2" stroke-dasharray="3 2"`),
  cylinder: () =>
    `<ellipse cx="-95" cy="0" rx="16" ry="52" fill="${CLAY}" ${stroke}/>` +
    `<path d="M-95 -52 Q0 -70 95 -52 L95 52 Q0 70 -95 52" fill="${CLAY}" ${stroke}/>` +
    `<ellipse cx="95" cy="0" rx="16" ry="52" fill="#c98a60" ${stroke}/>` +
    dashes(-80, 80, -30, 12) +
    dashes(-80, 80, -12, 12) +
    dashes(-80, 80, 6, 12) +
    dashes(-80, 80, 24, 12),
  'scroll-jar': () =>
    `<path d="M-95 -50 Q-120 20 -90 95 L-30 95 Q0 20 -25 -50 Z" fill="${CLAY}" ${stroke}/><rect x="-95" y="-70" width="72" height="20" rx="6" fill="#a05d38" ${stroke}/>` +
    `<rect x="5" y="-75" width="100" height="150" fill="${LINEN}" ${stroke}/><rect x="-5" y="-85" width="18" height="170" rx="9" fill="${BRONZE}" ${stroke}/>` +
    `<rect x="97" y="-85" width="18" height="170" rx="9" fill="${BRONZE}" ${stroke}/>` +
    lines(22, 92, -60, 62, 9),
  tablet: () =>
    `<path d="M-80 -90 L75 -95 Q92 -10 80 92 L-75 96 Q-95 0 -80 -90 Z" fill="${CLAY}" ${stroke}/>` +
    `<path d="M40 -95 L80 -40 L70 10 L30 -20 Z" fill="#f0e0c0" opacity="0.5"/>` +
    [-70, -50, -30, -10, 10, 30, 50, 70].map((y) => dashes(-68, 66, y, 11)).join(''),
  'book-scroll': () =>
    `<rect x="-110" y="-60" width="220" height="120" fill="${LINEN}" ${stroke}/>` +
    `<rect x="-104" y="-52" width="70" height="104" fill="none" ${thin}/><circle cx="-69" cy="-10" r="20" fill="${GOLD}" ${thin}/><path d="M-90 40 Q-69 15 -48 40" fill="${GOLD_LIGHT}" ${thin}/>` +
    lines(-25, 100, -48, 50, 8, `stroke="${INK}" stroke-width="1.4" stroke-dasharray="2 4"`) +
    `<rect x="100" y="-70" width="16" height="140" rx="8" fill="${BRONZE}" ${stroke}/>`,
  gears: () =>
    `<rect x="-110" y="-95" width="220" height="190" rx="14" fill="${VERDIGRIS}" ${stroke} opacity="0.9"/>` +
    gear(-25, 5, 62, 30, BRONZE) +
    gear(55, -45, 32, 16, GOLD) +
    gear(60, 50, 28, 14, BRONZE) +
    `<circle cx="-25" cy="5" r="40" fill="none" ${thin} stroke-dasharray="3 4"/>`,
  chopper: () =>
    `<path d="M-95 40 Q-100 -30 -40 -70 Q30 -95 85 -40 L60 -20 L80 5 L55 25 L75 50 Q0 100 -95 40 Z" fill="${STONE}" ${stroke}/>` +
    `<path d="M85 -40 L60 -20 L80 5 L55 25 L75 50" fill="none" stroke="${IVORY}" stroke-width="3"/>` +
    `<path d="M-50 -20 Q-20 -40 10 -30 M-60 20 Q-30 10 0 30" fill="none" ${thin}/>`,
  'notched-bone': () =>
    `<path d="M-110 -8 Q-118 -25 -100 -28 Q-90 -20 -80 -14 L85 -14 Q98 -26 110 -18 Q118 0 104 14 L-80 14 Q-95 28 -110 18 Q-116 5 -110 -8 Z" fill="${IVORY}" ${stroke}/>` +
    `<polygon points="104,-6 128,-2 104,6" fill="#dcdcdc" ${thin}/>` +
    Array.from(
      { length: 26 },
      (_, index) =>
        `<line x1="${-70 + index * 6}" y1="-14" x2="${-70 + index * 6}" y2="${index % 5 === 4 ? -2 : -7}" ${thin}/>`,
    ).join('') +
    Array.from(
      { length: 19 },
      (_, index) =>
        `<line x1="${-60 + index * 8}" y1="14" x2="${-60 + index * 8}" y2="${index % 3 === 2 ? 2 : 7}" ${thin}/>`,
    ).join(''),
  sword: () =>
    `<g transform="rotate(-35)"><path d="M-8 -110 L0 -125 L8 -110 L9 50 L-9 50 Z" fill="${BRONZE}" ${stroke}/>` +
    Array.from(
      { length: 8 },
      (_, index) => `<path d="M-6 ${-95 + index * 18} l6 6 l6 -6 l-6 -6 Z" fill="${INK}" opacity="0.55"/>`,
    ).join('') +
    `<rect x="-30" y="50" width="60" height="10" rx="3" fill="${GOLD}" ${stroke}/><rect x="-5" y="60" width="10" height="42" fill="${VERDIGRIS}" ${stroke}/><circle cx="0" cy="108" r="10" fill="${GOLD}" ${stroke}/></g>`,
  shield: () =>
    `<path d="M-50 -100 Q0 -110 50 -100 Q62 0 50 100 Q0 110 -50 100 Q-62 0 -50 -100 Z" fill="${BRONZE}" ${stroke}/>` +
    [-62, 0, 62]
      .map(
        (y) =>
          `<circle cx="0" cy="${y}" r="${y === 0 ? 26 : 22}" fill="${GOLD}" ${stroke}/>` +
          spiral(0, y, y === 0 ? 20 : 16) +
          `<circle cx="0" cy="${y}" r="4" fill="#b3342a"/>`,
      )
      .join(''),
  helmet: () =>
    `<path d="M-80 20 Q-85 -95 0 -100 Q85 -95 80 20 L70 95 L25 95 L20 40 L-20 40 L-25 95 L-70 95 Z" fill="${STONE}" ${stroke}/>` +
    `<path d="M0 -100 L0 40" stroke="${GOLD}" stroke-width="3"/><path d="M-55 -15 Q-30 -30 -5 -12 M55 -15 Q30 -30 5 -12" fill="none" stroke="${GOLD}" stroke-width="5"/>` +
    `<ellipse cx="-30" cy="0" rx="14" ry="8" fill="${INK}"/><ellipse cx="30" cy="0" rx="14" ry="8" fill="${INK}"/><path d="M-8 -8 L0 30 L8 -8 M-30 45 Q0 35 30 45" fill="none" stroke="${GOLD}" stroke-width="4"/>`,
  'volute-krater': () =>
    `<path d="M-70 -70 L70 -70 Q60 -20 80 20 Q60 80 20 90 L25 100 L-25 100 L-20 90 Q-60 80 -80 20 Q-60 -20 -70 -70 Z" fill="#1f1a16" ${stroke}/>` +
    `<path d="M-70 -70 Q-110 -95 -100 -55 Q-95 -35 -72 -45 M70 -70 Q110 -95 100 -55 Q95 -35 72 -45" fill="none" stroke="${CLAY}" stroke-width="7"/>` +
    `<rect x="-74" y="-45" width="148" height="26" fill="${CLAY}"/><rect x="-78" y="-10" width="156" height="26" fill="${CLAY}"/><rect x="-72" y="25" width="144" height="22" fill="${CLAY}"/>` +
    Array.from(
      { length: 9 },
      (_, index) =>
        `<path d="M${-62 + index * 15} -22 l5 -18 l5 18 M${-65 + index * 16} 14 l6 -20 l6 20" fill="none" stroke="#1f1a16" stroke-width="3"/>`,
    ).join(''),
  'krater-warriors': () =>
    `<path d="M-85 -60 L85 -60 Q100 0 70 60 Q40 95 0 95 Q-40 95 -70 60 Q-100 0 -85 -60 Z" fill="#d8b48a" ${stroke}/>` +
    `<path d="M-85 -50 Q-120 -30 -95 0 M85 -50 Q120 -30 95 0" fill="none" ${stroke}/>` +
    Array.from({ length: 5 }, (_, index) => {
      const x = -60 + index * 30;
      return `<circle cx="${x}" cy="-22" r="6" fill="${CLAY}"/><path d="M${x - 6} -28 l-6 -8 M${x + 6} -28 l6 -8" stroke="${CLAY}" stroke-width="1.6"/><rect x="${x - 5}" y="-16" width="10" height="30" fill="${CLAY}"/><circle cx="${x - 8}" cy="0" r="9" fill="none" stroke="${CLAY}" stroke-width="3"/><line x1="${x + 8}" y1="-35" x2="${x + 8}" y2="30" stroke="${CLAY}" stroke-width="2"/><path d="M${x - 4} 14 l-4 22 M${x + 4} 14 l4 22" stroke="${CLAY}" stroke-width="3"/>`;
    }).join('') +
    `<path d="M-75 50 L75 50" stroke="${CLAY}" stroke-width="1.6"/>`,
  brooch: () =>
    `<circle cx="0" cy="-10" r="72" fill="${GOLD}" ${stroke}/><circle cx="0" cy="-10" r="40" fill="#f6ead0" ${stroke}/>` +
    Array.from({ length: 12 }, (_, index) => {
      const angle = (index * Math.PI) / 6;
      return `<circle cx="${(56 * Math.cos(angle)).toFixed(1)}" cy="${(-10 + 56 * Math.sin(angle)).toFixed(1)}" r="6" fill="${index % 2 ? '#b3342a' : LAPIS}" ${thin}/>`;
    }).join('') +
    spiral(0, -10, 30, GOLD) +
    `<path d="M-110 95 L55 -50" stroke="${GOLD}" stroke-width="6" stroke-linecap="round"/><path d="M60 60 Q80 80 95 70 Q110 60 100 40" fill="none" stroke="${STONE_DARK}" stroke-width="3" stroke-dasharray="4 3"/>`,
  headdress: () =>
    `<path d="M-60 40 Q-65 -40 0 -50 Q65 -40 60 40" fill="#5b4430" ${stroke}/>` +
    Array.from({ length: 9 }, (_, index) => {
      const x = -56 + index * 14;
      return `<ellipse cx="${x}" cy="${-52 - (index % 2) * 6}" rx="7" ry="16" fill="${GOLD}" ${thin}/>`;
    }).join('') +
    `<path d="M0 -62 L0 -100 M-20 -95 L20 -95 M-14 -110 L14 -110" stroke="${GOLD}" stroke-width="5"/>` +
    [-100, -85].map((y) => `<circle cx="0" cy="${y}" r="7" fill="${GOLD_LIGHT}" ${thin}/>`).join('') +
    lines(-62, 62, 48, 88, 10, `stroke="${LAPIS}" stroke-width="5" stroke-dasharray="6 3"`) +
    `<path d="M-62 58 L62 58" stroke="#b3342a" stroke-width="4" stroke-dasharray="3 6"/>`,
  hoard: () =>
    `<path d="M-100 10 L100 10 L90 95 L-90 95 Z" fill="#7a5230" ${stroke}/>` +
    Array.from(
      { length: 14 },
      (_, index) =>
        `<ellipse cx="${-80 + (index % 7) * 27}" cy="${-5 - Math.floor(index / 7) * 18 + (index % 2) * 4}" rx="14" ry="6" fill="${index % 3 ? GOLD : '#c0c0c0'}" ${thin}/>`,
    ).join('') +
    `<path d="M-40 -40 Q0 -70 40 -40" fill="none" stroke="${GOLD}" stroke-width="6"/><circle cx="0" cy="-58" r="8" fill="#b3342a" ${thin}/>` +
    `<path d="M55 -60 Q60 -90 75 -60 L78 -20 L52 -20 Z" fill="#c0c0c0" ${stroke}/>`,
  cape: () =>
    `<path d="M-110 80 Q-100 -40 -40 -70 Q0 -85 40 -70 Q100 -40 110 80 Q0 55 -110 80 Z" fill="${GOLD}" ${stroke}/>` +
    `<path d="M-25 -72 Q0 -50 25 -72" fill="${IVORY}" ${stroke}/>` +
    [-40, -15, 10, 35, 60]
      .map(
        (y, row) =>
          `<path d="M${-95 + row * 2} ${y + 15} Q0 ${y - 25} ${95 - row * 2} ${y + 15}" fill="none" stroke="${INK}" stroke-width="1.8"/>` +
          Array.from(
            { length: 9 },
            (_, index) =>
              `<circle cx="${-72 + index * 18}" cy="${y + 2 + Math.abs(index - 4) * 3}" r="2.6" fill="${GOLD_LIGHT}" ${thin}/>`,
          ).join(''),
      )
      .join(''),
  dress: () =>
    `<path d="M-30 -90 L0 -55 L30 -90 L60 -85 L110 -30 L85 -5 L55 -35 L55 95 L-55 95 L-55 -35 L-85 -5 L-110 -30 L-60 -85 Z" fill="${LINEN}" ${stroke}/>` +
    Array.from(
      { length: 9 },
      (_, index) =>
        `<line x1="${-48 + index * 12}" y1="-40" x2="${-48 + index * 12}" y2="90" stroke="${STONE}" stroke-width="1.5"/>`,
    ).join('') +
    Array.from(
      { length: 6 },
      (_, index) =>
        `<line x1="${62 + index * 7}" y1="${-80 + index * 7}" x2="${48 + index * 7}" y2="${-62 + index * 7}" stroke="${STONE}" stroke-width="1.5"/>`,
    ).join(''),
  skirt: () =>
    `<path d="M-55 -95 L55 -95 L60 -50 L-60 -50 Z" fill="#a58a62" ${stroke}/><rect x="-70" y="-50" width="140" height="14" fill="#7d6544" ${stroke}/>` +
    `<circle cx="0" cy="-43" r="20" fill="${BRONZE}" ${stroke}/>` +
    spiral(0, -43, 15) +
    Array.from(
      { length: 23 },
      (_, index) =>
        `<path d="M${-66 + index * 6} -36 Q${-68 + index * 6.2} 30 ${-72 + index * 6.5} 95" fill="none" stroke="#7d6544" stroke-width="2.4"/>`,
    ).join(''),
  'pharaoh-mask': () =>
    `<path d="M-95 95 L-85 -20 Q-80 -95 0 -100 Q80 -95 85 -20 L95 95 Z" fill="${GOLD}" ${stroke}/>` +
    Array.from(
      { length: 9 },
      (_, index) =>
        `<path d="M${index % 2 ? 80 : -80} ${-50 + index * 16} l${index % 2 ? 14 : -14} 0" stroke="${LAPIS}" stroke-width="7"/>`,
    ).join('') +
    lines(-88, -62, -40, 90, 12, `stroke="${LAPIS}" stroke-width="6"`) +
    lines(62, 88, -40, 90, 12, `stroke="${LAPIS}" stroke-width="6"`) +
    `<path d="M-55 -60 Q0 -75 55 -60 L55 40 Q0 75 -55 40 Z" fill="#e0b35a" ${stroke}/>` +
    `<path d="M-40 -22 Q-26 -32 -12 -22 Q-26 -14 -40 -22 Z M12 -22 Q26 -32 40 -22 Q26 -14 12 -22 Z" fill="${IVORY}" ${thin}/><circle cx="-26" cy="-23" r="4" fill="${INK}"/><circle cx="26" cy="-23" r="4" fill="${INK}"/>` +
    `<path d="M0 -15 L-6 15 L6 15 M-14 30 Q0 36 14 30" fill="none" ${thin}/><path d="M-8 45 L8 45 L5 92 L-5 92 Z" fill="${LAPIS}" ${stroke}/>` +
    `<path d="M-10 -75 Q0 -95 10 -75" fill="${GOLD}" ${stroke}/>`,
  cauldron: () =>
    `<path d="M-105 -50 L105 -50 Q110 60 0 90 Q-110 60 -105 -50 Z" fill="#c0c0c0" ${stroke}/>` +
    `<rect x="-105" y="-50" width="210" height="70" fill="#d5d5d5" ${stroke}/>` +
    [-70, 0, 70]
      .map(
        (x) =>
          `<rect x="${x - 28}" y="-44" width="56" height="58" fill="#b5b5b5" ${thin}/><circle cx="${x}" cy="-24" r="10" fill="#d9d9d9" ${thin}/><path d="M${x - 12} -34 l-8 -10 M${x + 12} -34 l8 -10 M${x - 14} 0 Q${x} 10 ${x + 14} 0" fill="none" ${thin}/>`,
      )
      .join('') +
    `<path d="M-30 40 Q0 55 30 40" fill="none" ${thin}/>`,
  seal: () =>
    `<rect x="-90" y="-90" width="180" height="180" rx="10" fill="#d7c6a6" ${stroke}/>` +
    dashes(-70, 70, -70, 8) +
    `<path d="M-20 30 L20 30 L25 50 L-25 50 Z" fill="${STONE_DARK}"/><circle cx="0" cy="-10" r="16" fill="${STONE_DARK}"/><path d="M-16 -18 Q-40 -50 -30 -55 M16 -18 Q40 -50 30 -55" fill="none" stroke="${STONE_DARK}" stroke-width="5"/>` +
    `<path d="M-20 8 L20 8 L14 30 L-14 30 Z" fill="${STONE_DARK}"/><path d="M-30 45 Q0 30 30 45" fill="none" stroke="${STONE_DARK}" stroke-width="5"/>` +
    `<path d="M-75 -20 q10 -15 20 0 l0 20 l-20 0 Z M55 -20 q10 -15 20 0 l0 20 l-20 0 Z M-70 50 l20 0 l0 20 l-20 0 Z M50 50 l20 0 l0 20 l-20 0 Z" fill="${STONE}"/>`,
  bust: () =>
    `<path d="M-75 100 Q-70 40 -25 30 L-20 5 Q-45 -10 -40 -40 L-30 -50 L-38 -100 L45 -100 L38 -50 Q45 -10 20 5 L25 30 Q70 40 75 100 Z" fill="#c98f5e" ${stroke}/>` +
    `<path d="M-38 -100 L45 -100 L38 -50 L-30 -50 Z" fill="${LAPIS}" ${stroke}/><path d="M-32 -58 L40 -58" stroke="${GOLD}" stroke-width="4"/>` +
    `<path d="M-25 30 Q0 42 25 30 L28 45 Q0 58 -28 45 Z" fill="${GOLD}" opacity="0.9"/><path d="M-55 60 Q0 80 55 60" fill="none" stroke="#3d7a5a" stroke-width="6"/>` +
    `<path d="M-14 -30 Q-8 -34 -2 -30" fill="none" ${thin}/><circle cx="-8" cy="-30" r="2.5" fill="${INK}"/>`,
  figurine: () =>
    `<ellipse cx="0" cy="-70" rx="26" ry="28" fill="#b98a5a" ${stroke}/>` +
    Array.from(
      { length: 6 },
      (_, index) =>
        `<path d="M-24 ${-88 + index * 8} Q0 ${-92 + index * 8} 24 ${-88 + index * 8}" fill="none" ${thin}/>`,
    ).join('') +
    `<path d="M-25 -45 Q-75 -20 -60 30 Q-65 70 -20 80 L-12 100 L12 100 L20 80 Q65 70 60 30 Q75 -20 25 -45 Z" fill="#c49664" ${stroke}/>` +
    `<circle cx="-22" cy="-10" r="20" fill="#cfa06c" ${thin}/><circle cx="22" cy="-10" r="20" fill="#cfa06c" ${thin}/><path d="M-45 35 Q0 55 45 35 M0 45 L0 80" fill="none" ${thin}/>` +
    `<path d="M-55 -20 Q-62 0 -48 10 M55 -20 Q62 0 48 10" fill="none" ${thin}/>`,
  warrior: () =>
    `<ellipse cx="0" cy="-80" rx="20" ry="22" fill="#a88a6a" ${stroke}/><path d="M-14 -100 Q0 -115 14 -100 L8 -95 L-8 -95 Z" fill="#8a6f52" ${stroke}/>` +
    `<path d="M-40 -55 L40 -55 L48 40 L-48 40 Z" fill="#9c7f60" ${stroke}/>` +
    Array.from({ length: 6 }, (_, row) =>
      Array.from(
        { length: 6 },
        (_, col) =>
          `<rect x="${-36 + col * 12}" y="${-48 + row * 12}" width="10" height="10" fill="none" stroke="#6b5540" stroke-width="1.2"/>`,
      ).join(''),
    ).join('') +
    `<path d="M-40 -50 L-62 20 L-50 24 M40 -50 L58 10 L46 16" fill="none" ${stroke}/><rect x="-30" y="40" width="24" height="58" fill="#8a6f52" ${stroke}/><rect x="6" y="40" width="24" height="58" fill="#8a6f52" ${stroke}/>`,
  'lion-man': () =>
    `<path d="M-30 -70 Q-35 -105 0 -105 Q35 -105 30 -70 Q28 -50 15 -45 L-15 -45 Q-28 -50 -30 -70 Z" fill="${IVORY}" ${stroke}/>` +
    `<path d="M-28 -90 L-40 -105 M28 -90 L40 -105" ${stroke}/><circle cx="-11" cy="-75" r="3" fill="${INK}"/><circle cx="11" cy="-75" r="3" fill="${INK}"/><path d="M-6 -60 L0 -55 L6 -60" fill="none" ${thin}/>` +
    `<path d="M-32 -45 L32 -45 Q40 0 30 30 L28 100 L8 100 L4 40 L-4 40 L-8 100 L-28 100 L-30 30 Q-40 0 -32 -45 Z" fill="${IVORY}" ${stroke}/>` +
    `<path d="M-32 -40 L-45 30 L-36 34 M32 -40 L45 30 L36 34" fill="none" ${stroke}/>` +
    lines(-40, -32, 0, 24, 6, thin) +
    `<path d="M-18 -20 L18 -20 M-15 -8 L15 -8" stroke="${STONE}" stroke-width="1.6"/>`,
  'chess-piece': () =>
    `<path d="M-60 100 L60 100 L55 80 Q50 20 45 -30 L-45 -30 Q-50 20 -55 80 Z" fill="${IVORY}" ${stroke}/>` +
    `<path d="M-45 -30 Q-48 -60 -40 -75 L40 -75 Q48 -60 45 -30" fill="${IVORY}" ${stroke}/>` +
    `<path d="M-38 -75 Q-40 -110 0 -108 Q40 -110 38 -75 Z" fill="${IVORY}" ${stroke}/><path d="M-38 -98 L38 -98" ${thin}/>` +
    `<circle cx="-13" cy="-58" r="5" fill="${INK}"/><circle cx="13" cy="-58" r="5" fill="${INK}"/><path d="M0 -55 L-5 -42 L5 -42 M-12 -36 Q0 -30 12 -36" fill="none" ${thin}/>` +
    `<path d="M-45 -20 Q-20 -5 -5 20 L-5 60 M45 -20 Q20 -5 5 20" fill="none" ${thin}/><path d="M-30 10 L30 10 L30 60 Q0 75 -30 60 Z" fill="#e4d6b6" ${stroke}/>` +
    lines(-26, 26, 20, 55, 8, `stroke="${STONE}" stroke-width="1.2"`),
  'sky-disc': () =>
    `<circle cx="0" cy="0" r="100" fill="${VERDIGRIS}" ${stroke}/><circle cx="-35" cy="-20" r="24" fill="${GOLD}" ${thin}/>` +
    `<path d="M35 -55 A32 32 0 1 0 40 12 A24 24 0 1 1 35 -55 Z" fill="${GOLD}" ${thin}/>` +
    `<path d="M-96 -28 A100 100 0 0 0 -96 28" fill="none" stroke="${GOLD}" stroke-width="9"/><path d="M96 -28 A100 100 0 0 1 96 28" fill="none" stroke="${GOLD}" stroke-width="9"/>` +
    `<path d="M-40 75 Q0 100 40 75" fill="none" stroke="${GOLD}" stroke-width="7"/>` +
    [
      [10, -70],
      [-60, 40],
      [60, 45],
      [-10, 50],
      [-70, -60],
      [70, -20],
      [20, 30],
      [-15, 15],
      [-5, 25],
      [5, 12],
      [-20, 28],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="${GOLD_LIGHT}"/>`)
      .join(''),
  'game-board': () => {
    const cell = 26;
    const squares: [number, number][] = [];
    for (let col = 0; col < 8; col += 1) {
      for (let row = 0; row < 3; row += 1) {
        if (row !== 1 && (col === 4 || col === 5)) continue;
        squares.push([col, row]);
      }
    }
    const rosettes = new Set(['0,0', '0,2', '3,1', '6,0', '6,2']);
    return (
      squares
        .map(([col, row]) => {
          const x = -104 + col * cell;
          const y = -39 + row * cell;
          const rosette = rosettes.has(`${col},${row}`);
          return (
            `<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${rosette ? IVORY : LAPIS}" ${thin}/>` +
            (rosette
              ? `<circle cx="${x + 13}" cy="${y + 13}" r="8" fill="#b3342a"/><circle cx="${x + 13}" cy="${y + 13}" r="3" fill="${IVORY}"/>`
              : `<circle cx="${x + 13}" cy="${y + 13}" r="5" fill="${IVORY}" opacity="0.7"/>`)
          );
        })
        .join('') +
      [
        [-70, 70],
        [-40, 75],
        [40, 70],
        [70, 75],
      ]
        .map(
          ([x, y], index) => `<circle cx="${x}" cy="${y}" r="10" fill="${index < 2 ? INK : IVORY}" ${thin}/>`,
        )
        .join('') +
      `<path d="M0 60 L-10 80 L10 80 Z" fill="${IVORY}" ${thin}/>`
    );
  },
};

const TYPE_ORNAMENT: Record<string, string> = {
  Tools: '⚒',
  Weapons: '⚔',
  Documents: '§',
  Writings: '✎',
  Pottery: '⚱',
  Jewelry: '◆',
  Clothing: '❖',
  'Religious Items': '☉',
  Art: '✦',
  Other: '✧',
};

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );
}

export function drawPlate(artifact: StarterArtifact, index: number): string {
  const motif = MOTIFS[artifact.motif];
  if (!motif) throw new Error(`No drawing for motif "${artifact.motif}" (${artifact.name})`);
  const nameSize = Math.min(30, Math.floor(520 / (artifact.name.length * 0.55)));
  const ornament = TYPE_ORNAMENT[artifact.type] ?? '✧';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 450" width="600" height="450" role="img" aria-label="${escapeXml(`${artifact.name}, ${artifact.createdAt}`)}">
<defs><radialGradient id="g" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="#f7ecd6"/><stop offset="0.75" stop-color="#ead7b1"/><stop offset="1" stop-color="#d9bf8e"/></radialGradient></defs>
<rect width="600" height="450" fill="url(#g)"/>
<rect x="14" y="14" width="572" height="422" fill="none" stroke="#7a5230" stroke-width="4"/>
<rect x="24" y="24" width="552" height="402" fill="none" stroke="${GOLD}" stroke-width="1.5"/>
<text x="40" y="52" font-family="Georgia,'Times New Roman',serif" font-size="14" letter-spacing="3" fill="#7a5230">${escapeXml(artifact.type.toUpperCase())}</text>
<text x="560" y="52" text-anchor="end" font-family="Georgia,'Times New Roman',serif" font-size="14" letter-spacing="2" fill="#7a5230">${ornament} No. ${String(index + 1).padStart(2, '0')}</text>
<ellipse cx="300" cy="318" rx="150" ry="14" fill="#7a5230" opacity="0.15"/>
<g transform="translate(300 200)">${motif()}</g>
<line x1="120" y1="345" x2="480" y2="345" stroke="${GOLD}" stroke-width="1.5"/>
<text x="300" y="382" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" font-size="${nameSize}" font-weight="bold" fill="${INK}">${escapeXml(artifact.name)}</text>
<text x="300" y="410" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" font-size="16" font-style="italic" fill="#7a5230">${escapeXml(artifact.createdAt)}</text>
</svg>
`;
}

function main(): void {
  fs.mkdirSync(IMAGES_DIR, { recursive: true });
  const expected = new Set<string>();
  STARTER_ARTIFACTS.forEach((artifact, index) => {
    const file = `${artifact.slug}.svg`;
    expected.add(file);
    const svg = drawPlate(artifact, index);
    fs.writeFileSync(path.join(IMAGES_DIR, file), svg);
    console.log(`${file.padEnd(32)} ${(svg.length / 1024).toFixed(1)} KB`);
  });
  for (const file of fs.readdirSync(IMAGES_DIR)) {
    if (file.endsWith('.svg') && !expected.has(file)) fs.rmSync(path.join(IMAGES_DIR, file));
  }
}

main();

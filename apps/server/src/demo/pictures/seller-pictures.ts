import { darken, inkOn, lighten, mix, SANS, SERIF, svgDocument, text } from './svg-kit.ts';

// A seller's logo (a monogram badge, square) and the wide banner at the top of the seller profile
// ([ROUTE-11]), both in the seller's palette and with a motif that says what the seller makes.

export type Motif = 'flame' | 'wave' | 'hex' | 'leaf' | 'pot' | 'peaks' | 'quill';
export type Landscape = 'forest' | 'coast' | 'farm' | 'headland' | 'studio' | 'ridges' | 'hills';

export interface Palette {
  primary: string;
  secondary: string;
  soft: string;
}

export interface SellerPictureInput {
  name: string;
  /** Two letters for the badge. */
  monogram: string;
  place: string;
  tagline: string;
  palette: Palette;
  motif: Motif;
  landscape: Landscape;
}

export const LOGO_SIZE = 240;
export const BANNER_WIDTH = 1200;
export const BANNER_HEIGHT = 400;

/** A small emblem centred on (0, 0), about 40 px across. */
export function motifIcon(motif: Motif, colour: string): string {
  switch (motif) {
    case 'flame':
      return `<path d="M0 -20 Q14 -4 9 8 Q5 16 0 16 Q-5 16 -9 8 Q-14 -4 0 -20 Z" fill="${colour}"/><path d="M0 -4 Q6 4 4 9 Q0 12 -4 9 Q-6 4 0 -4 Z" fill="#ffffff" opacity="0.6"/>`;
    case 'wave':
      return `<circle cx="0" cy="-6" r="9" fill="${colour}"/><path d="M-20 6 q5 -6 10 0 t10 0 t10 0 t10 0 M-16 14 q4 -5 8 0 t8 0 t8 0 t8 0" fill="none" stroke="${colour}" stroke-width="3.5" stroke-linecap="round"/>`;
    case 'hex':
      return `<path d="M0 -18 l15 9 v18 l-15 9 l-15 -9 v-18 Z" fill="${colour}"/><path d="M0 -8 l7 4 v8 l-7 4 l-7 -4 v-8 Z" fill="#ffffff" opacity="0.55"/>`;
    case 'leaf':
      return `<path d="M0 18 Q-20 -2 0 -20 Q20 -2 0 18 Z" fill="${colour}"/><path d="M0 16 V-14" stroke="#ffffff" stroke-width="2" opacity="0.6"/>`;
    case 'pot':
      return `<path d="M-10 -16 h20 l-2 6 q14 8 12 22 q-3 8 -20 8 q-17 0 -20 -8 q-2 -14 12 -22 Z" fill="${colour}"/>`;
    case 'peaks':
      return `<path d="M-22 14 L-8 -10 L0 2 L8 -16 L22 14 Z" fill="${colour}"/><path d="M8 -16 L13 -6 L5 -6 Z" fill="#ffffff" opacity="0.7"/>`;
    case 'quill':
      return `<path d="M14 -20 Q-12 -10 -10 14 L-14 20 M-10 14 Q10 6 14 -20" fill="${colour}" stroke="${colour}" stroke-width="2" stroke-linecap="round"/>`;
  }
}

export function sellerLogo(input: SellerPictureInput): string {
  const { primary, secondary, soft } = input.palette;
  const ink = inkOn(primary);
  const place = input.place.split(',')[0]?.toUpperCase() ?? '';
  const body = [
    `<rect width="240" height="240" fill="${soft}"/>`,
    `<circle cx="120" cy="120" r="108" fill="${primary}"/>`,
    `<circle cx="120" cy="120" r="96" fill="none" stroke="${lighten(primary, 0.35)}" stroke-width="2"/>`,
    `<g transform="translate(120 62)">${motifIcon(input.motif, secondary)}</g>`,
    text(120, 146, input.monogram, { size: 62, fill: ink, family: SERIF, weight: 700 }),
    `<path d="M72 160 H168" stroke="${secondary}" stroke-width="2"/>`,
    text(120, 181, place, { size: place.length > 12 ? 10 : 12, fill: ink, spacing: 2, weight: 700 }),
  ].join('');
  return svgDocument(LOGO_SIZE, LOGO_SIZE, body, `${input.name} logo`);
}

function scene(landscape: Landscape, palette: Palette): string {
  const { primary, secondary, soft } = palette;
  const far = mix(soft, primary, 0.35);
  const mid = mix(soft, primary, 0.6);
  const near = primary;
  switch (landscape) {
    case 'forest':
      return [
        `<rect width="1200" height="400" fill="${lighten(soft, 0.2)}"/>`,
        ...[520, 610, 700, 790, 880, 980, 1080, 1160].map(
          (x, i) =>
            `<rect x="${x}" y="${40 + (i % 3) * 20}" width="${18 + (i % 2) * 8}" height="360" fill="${i % 2 ? mix(soft, '#e9e1d4', 0.4) : lighten(secondary, 0.5)}"/><circle cx="${x + 12}" cy="${60 + (i % 3) * 20}" r="${70 + (i % 3) * 12}" fill="${i % 2 ? mid : far}" opacity="0.85"/>`,
        ),
        `<path d="M0 330 Q300 300 600 330 T1200 320 V400 H0 Z" fill="${near}"/>`,
        ...[620, 760, 930, 1090].map(
          (x) => `<path d="M${x} 330 q10 -30 20 0 q10 -24 20 0" fill="${secondary}"/>`,
        ),
      ].join('');
    case 'coast':
      return [
        `<rect width="1200" height="400" fill="${lighten(soft, 0.25)}"/>`,
        `<circle cx="940" cy="150" r="80" fill="${secondary}"/>`,
        `<path d="M0 220 Q150 200 300 220 T600 220 T900 220 T1200 220 V400 H0 Z" fill="${far}"/>`,
        `<path d="M0 270 Q150 240 300 270 T600 270 T900 270 T1200 270 V400 H0 Z" fill="${mid}"/>`,
        `<path d="M0 320 Q150 290 300 320 T600 320 T900 320 T1200 320 V400 H0 Z" fill="${near}"/>`,
        `<path d="M0 370 Q300 345 600 370 T1200 365 V400 H0 Z" fill="${lighten(secondary, 0.45)}"/>`,
      ].join('');
    case 'farm':
      return [
        `<rect width="1200" height="400" fill="${lighten(soft, 0.3)}"/>`,
        `<circle cx="1020" cy="90" r="50" fill="${lighten(secondary, 0.2)}"/>`,
        `<path d="M0 250 Q300 170 600 230 T1200 200 V400 H0 Z" fill="${far}"/>`,
        `<path d="M0 310 Q350 250 700 300 T1200 280 V400 H0 Z" fill="${mid}"/>`,
        ...[640, 720, 800, 880].map(
          (x) =>
            `<rect x="${x}" y="262" width="46" height="40" fill="#f6efe2"/><rect x="${x - 4}" y="256" width="54" height="10" fill="${secondary}"/><rect x="${x}" y="280" width="46" height="4" fill="${darken(soft, 0.2)}"/>`,
        ),
        `<path d="M0 350 Q400 320 800 350 T1200 345 V400 H0 Z" fill="${near}"/>`,
        ...Array.from(
          { length: 14 },
          (_, i) =>
            `<circle cx="${560 + i * 46}" cy="${356 + (i % 3) * 10}" r="6" fill="${lighten(secondary, 0.3)}"/>`,
        ),
      ].join('');
    case 'headland':
      return [
        `<rect width="1200" height="400" fill="${lighten(soft, 0.25)}"/>`,
        `<path d="M0 260 H1200 V400 H0 Z" fill="${mid}"/>`,
        `<path d="M600 260 Q760 140 1000 150 Q1120 156 1200 200 V260 Z" fill="${near}"/>`,
        `<rect x="930" y="70" width="30" height="84" fill="#fbf8f2"/><path d="M926 70 h38 l-6 -16 h-26 Z" fill="${secondary}"/><rect x="930" y="100" width="30" height="10" fill="${secondary}"/>`,
        `<path d="M0 300 q40 -10 80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0 t80 0" fill="none" stroke="${lighten(soft, 0.4)}" stroke-width="3"/>`,
        `<path d="M0 350 Q300 330 600 350 T1200 345 V400 H0 Z" fill="${lighten(secondary, 0.55)}"/>`,
      ].join('');
    case 'studio':
      return [
        `<rect width="1200" height="400" fill="${lighten(soft, 0.2)}"/>`,
        `<rect x="520" y="150" width="680" height="12" fill="${darken(soft, 0.25)}"/>`,
        `<rect x="520" y="300" width="680" height="12" fill="${darken(soft, 0.25)}"/>`,
        ...[
          [560, 150, 60, 80, near],
          [650, 150, 40, 110, secondary],
          [720, 150, 80, 56, mid],
          [840, 150, 50, 96, far],
          [930, 150, 70, 70, near],
          [1040, 150, 46, 120, mid],
          [1110, 150, 60, 64, secondary],
          [590, 300, 90, 60, mid],
          [710, 300, 50, 100, near],
          [800, 300, 70, 74, secondary],
          [910, 300, 56, 110, far],
          [1000, 300, 86, 60, near],
          [1120, 300, 50, 90, mid],
        ]
          .map(
            ([x, y, w, h, fill]) =>
              `<path d="M${x} ${y} h${w} q6 -${Number(h) * 0.6} -${Number(w) * 0.25} -${h} h-${Number(w) * 0.5} q-${Number(w) * 0.3} ${Number(h) * 0.4} -${Number(w) * 0.25} ${h} Z" fill="${fill}"/>`,
          )
          .join(''),
      ].join('');
    case 'ridges':
      return [
        `<rect width="1200" height="400" fill="${lighten(soft, 0.3)}"/>`,
        `<path d="M0 190 L140 150 L260 180 L400 120 L560 170 L700 110 L860 160 L1000 120 L1200 170 V400 H0 Z" fill="${lighten(far, 0.2)}"/>`,
        `<path d="M0 240 L160 200 L300 236 L460 190 L620 230 L780 180 L940 226 L1100 196 L1200 220 V400 H0 Z" fill="${far}"/>`,
        `<path d="M0 290 L180 256 L340 290 L520 250 L700 290 L880 246 L1040 284 L1200 262 V400 H0 Z" fill="${mid}"/>`,
        `<path d="M0 350 L220 310 L420 348 L640 300 L860 344 L1060 312 L1200 330 V400 H0 Z" fill="${near}"/>`,
        `<rect y="262" width="1200" height="30" fill="#ffffff" opacity="0.25"/>`,
      ].join('');
    case 'hills':
      return [
        `<rect width="1200" height="400" fill="${lighten(soft, 0.3)}"/>`,
        `<circle cx="1060" cy="100" r="46" fill="${lighten(secondary, 0.3)}"/>`,
        `<path d="M0 240 Q300 160 600 230 T1200 210 V400 H0 Z" fill="${far}"/>`,
        `<path d="M0 300 Q350 230 700 290 T1200 270 V400 H0 Z" fill="${mid}"/>`,
        ...Array.from(
          { length: 12 },
          (_, i) =>
            `<path d="M${520 + i * 56} 400 L${600 + i * 48} 290" stroke="${darken(mid, 0.15)}" stroke-width="5"/>`,
        ),
        `<path d="M0 360 Q400 330 800 360 T1200 355 V400 H0 Z" fill="${near}"/>`,
      ].join('');
  }
}

export function sellerBanner(input: SellerPictureInput): string {
  const { primary, secondary, soft } = input.palette;
  const panel = lighten(soft, 0.55);
  // Serif capitals run about 0.58 em wide: the name must fit the 600 px panel.
  const size = Math.min(56, Math.floor(600 / (input.name.length * 0.58)));
  const body = [
    scene(input.landscape, input.palette),
    `<path d="M0 0 H690 Q640 200 690 400 H0 Z" fill="${panel}" opacity="0.94"/>`,
    `<g transform="translate(84 110)">${motifIcon(input.motif, secondary)}</g>`,
    text(120, 124, input.place.toUpperCase(), {
      size: 15,
      fill: darken(primary, 0.1),
      anchor: 'start',
      spacing: 3,
      weight: 700,
    }),
    text(64, 200, input.name, {
      size,
      fill: darken(primary, 0.25),
      anchor: 'start',
      family: SERIF,
      weight: 700,
    }),
    `<path d="M66 226 H200" stroke="${secondary}" stroke-width="4"/>`,
    text(64, 268, input.tagline, { size: 22, fill: '#4a4540', anchor: 'start', family: SANS }),
  ].join('');
  return svgDocument(BANNER_WIDTH, BANNER_HEIGHT, body, `${input.name}, ${input.place}`);
}

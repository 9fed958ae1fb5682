import { darken, inkOn, lighten, luminance, SERIF, type Tones, text, tones } from './svg-kit.ts';

// Flat illustrations of the things the demo shop sells, each drawn in a 400×400 box centred on
// (200, 200) in the product's own colour. The views (main, close-up, lifestyle, flat-lay) place and scale
// these drawings; nothing here knows about the catalogue.

export const SHAPE_KINDS = [
  'tee',
  'tank',
  'shirt',
  'hoodie',
  'dress',
  'jumper',
  'cardigan',
  'cap',
  'beanie',
  'socks',
  'tote',
  'mug',
  'bowl',
  'plate',
  'vase',
  'planter',
  'candle',
  'candle-tin',
  'diffuser',
  'throw',
  'tea-towel',
  'honey-jar',
  'honeycomb',
  'soap',
  'tea-tin',
  'notebook',
  'card',
  'wax-wrap',
  'gift-box',
] as const;

export type ShapeKind = (typeof SHAPE_KINDS)[number];

export type Pattern = 'plain' | 'stripe' | 'check' | 'speckle' | 'dots';

export interface ShapeStyle {
  /** The product's colour. */
  colour: string;
  /** A second colour for prints, labels and trims (usually the seller's). */
  accent: string;
  /** A short word or two printed on labels (scent, variety, brand). */
  label: string;
  /** Initials of the maker, for prints and patches. */
  mark: string;
  pattern?: Pattern;
  /** Small print under the label ('500 g', 'SOY WAX'). */
  note?: string;
  /** A printed graphic on the chest of tees and hoodies. */
  print?: boolean;
}

const path = (d: string, fill: string, extra = '') =>
  `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const line = (d: string, stroke: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${extra ? ` ${extra}` : ''}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

/** A body path drawn flat, then covered by the pattern of the style (stripes, checks, knit). */
function fabric(id: string, d: string, t: Tones, style: ShapeStyle, knit = false): string {
  const clip = `<clipPath id="${id}"><path d="${d}"/></clipPath>`;
  let overlay = '';
  if (style.pattern === 'stripe') {
    overlay = `<g clip-path="url(#${id})" fill="${lighten(style.accent, 0.1)}">${Array.from(
      { length: 12 },
      (_, i) => rect(40, 70 + i * 24, 320, 9, 'inherit'),
    ).join('')}</g>`;
  } else if (style.pattern === 'check') {
    overlay = `<g clip-path="url(#${id})" opacity="0.45">${Array.from({ length: 9 }, (_, i) =>
      rect(40 + i * 40, 40, 14, 340, style.accent),
    ).join(
      '',
    )}${Array.from({ length: 9 }, (_, i) => rect(40, 40 + i * 40, 320, 14, style.accent)).join('')}</g>`;
  }
  const knitRows = knit
    ? `<g clip-path="url(#${id})" stroke="${t.shade}" stroke-width="2.4" fill="none" opacity="0.55">${Array.from(
        { length: 7 },
        (_, i) => `<path d="M${100 + i * 34} 70 v270" stroke-dasharray="7 5"/>`,
      ).join('')}</g>`
    : '';
  return `${clip}${path(d, t.base)}${overlay}${knitRows}`;
}

function shadeSide(d: string, t: Tones, opacity = 0.35) {
  return path(d, t.deep, `opacity="${opacity}"`);
}

function chestPrint(style: ShapeStyle, x: number, y: number, scale = 1): string {
  const ink = inkOn(style.colour) === '#ffffff' ? lighten(style.accent, 0.55) : style.accent;
  return `<g transform="translate(${x} ${y}) scale(${scale})">${circle(0, 0, 30, 'none', `stroke="${ink}" stroke-width="3.5"`)}${circle(0, -6, 10, ink)}${line('M-22 10 q5.5 -6 11 0 t11 0 t11 0 t11 0', ink, 3.5)}${line('M-18 19 q4.5 -5 9 0 t9 0 t9 0 t9 0', ink, 3)}</g>`;
}

function tee(style: ShapeStyle): string {
  const t = tones(style.colour);
  const body =
    'M140 92 L172 80 Q200 104 228 80 L260 92 L318 122 L296 176 L262 162 L262 322 Q200 330 138 322 L138 162 L104 176 L82 122 Z';
  return [
    fabric('tee', body, t, style),
    path('M176 82 Q200 98 224 82 Q200 92 176 82 Z', t.deep),
    line('M172 81 Q200 110 228 81', t.shade, 7),
    shadeSide('M240 162 L262 162 L262 322 Q250 325 240 325 Z', t, 0.22),
    line('M92 119 L113 170', t.shade, 2.5),
    line('M308 119 L287 170', t.shade, 2.5),
    line('M138 162 L140 96', t.shade, 2),
    line('M262 162 L260 96', t.shade, 2),
    line('M139 312 Q200 320 261 312', t.shade, 2.5),
    style.print ? chestPrint(style, 200, 178, 1.1) : '',
  ].join('');
}

function tank(style: ShapeStyle): string {
  const t = tones(style.colour);
  const body =
    'M158 78 L180 78 Q200 132 220 78 L242 78 Q244 134 274 160 L274 324 Q200 334 126 324 L126 160 Q156 134 158 78 Z';
  return [
    fabric('tank', body, t, style),
    line('M180 80 Q200 136 220 80', t.shade, 6),
    line('M160 80 Q158 136 128 160', t.shade, 5),
    line('M240 80 Q242 136 272 160', t.shade, 5),
    shadeSide('M252 160 L274 160 L274 324 Q262 327 252 327 Z', t, 0.2),
    line('M127 314 Q200 323 273 314', t.shade, 2.5),
  ].join('');
}

function shirt(style: ShapeStyle): string {
  const t = tones(style.colour);
  const body =
    'M140 92 L176 78 L200 100 L224 78 L260 92 L300 118 L334 300 L302 308 L266 176 L264 332 Q200 338 136 332 L134 176 L98 308 L66 300 L100 118 Z';
  return [
    fabric('shirt', body, t, style),
    shadeSide('M244 176 L266 176 L264 332 Q254 334 244 334 Z', t, 0.18),
    path('M98 308 L66 300 L71 280 L103 288 Z', t.shade),
    path('M302 308 L334 300 L329 280 L297 288 Z', t.shade),
    path('M176 78 L200 100 L186 120 L166 90 Z', t.light),
    path('M224 78 L200 100 L214 120 L234 90 Z', t.light),
    line('M200 100 L200 334', t.shade, 2.5),
    [130, 170, 210, 250, 290]
      .map((y) => circle(206, y, 4, t.light, `stroke="${t.shade}" stroke-width="1.5"`))
      .join(''),
    path('M150 150 h32 v34 q-16 6 -32 0 Z', 'none', `stroke="${t.shade}" stroke-width="2"`),
    line('M134 176 L140 96', t.shade, 2),
    line('M266 176 L260 96', t.shade, 2),
  ].join('');
}

function hoodie(style: ShapeStyle): string {
  const t = tones(style.colour);
  const body =
    'M146 94 L174 84 Q200 104 226 84 L254 94 L300 120 L334 296 L302 306 L268 180 L268 302 L132 302 L132 180 L98 306 L66 296 L100 120 Z';
  return [
    path('M152 104 Q152 50 200 48 Q248 50 248 104 Z', t.shade),
    fabric('hoodie', body, t, style),
    path('M168 96 Q172 66 200 64 Q228 66 232 96 Q200 116 168 96 Z', t.deep),
    shadeSide('M246 180 L268 180 L268 302 L246 302 Z', t, 0.2),
    `<rect x="130" y="298" width="140" height="28" rx="6" fill="${t.shade}"/>`,
    path('M98 306 L66 296 L70 276 L103 285 Z', t.shade),
    path('M302 306 L334 296 L330 276 L297 285 Z', t.shade),
    path('M160 232 L240 232 L256 290 L144 290 Z', t.shade, 'opacity="0.55"'),
    line('M160 232 L144 290 M240 232 L256 290', t.deep, 2),
    line('M188 104 L185 166', lighten(style.colour, 0.7), 3.5),
    line('M212 104 L215 160', lighten(style.colour, 0.7), 3.5),
    line('M132 180 L138 102 M268 180 L262 102', t.shade, 2),
    style.print ? chestPrint(style, 200, 192, 0.8) : '',
  ].join('');
}

function dress(style: ShapeStyle): string {
  const t = tones(style.colour);
  const bodice = 'M166 106 Q200 122 234 106 L242 196 Q200 204 158 196 Z';
  const skirt = 'M158 194 Q200 204 242 194 L306 340 Q200 362 94 340 Z';
  return [
    path('M168 66 L178 66 L184 110 L172 110 Z', t.shade),
    path('M232 66 L222 66 L216 110 L228 110 Z', t.shade),
    fabric('dress-top', bodice, t, style),
    fabric('dress-skirt', skirt, t, style),
    path('M170 106 Q200 130 230 106 Q200 118 170 106 Z', t.deep),
    shadeSide('M242 194 L306 340 Q290 344 276 346 L236 196 Z', t, 0.18),
    line('M184 206 L160 344 M200 206 L200 350 M216 206 L240 344', t.shade, 2),
    `<rect x="154" y="188" width="92" height="14" rx="7" fill="${t.shade}"/>`,
    path('M236 198 q16 24 2 60 q-6 -26 -14 -58 Z', t.shade),
  ].join('');
}

function jumper(style: ShapeStyle, cardigan = false): string {
  const t = tones(style.colour);
  const body =
    'M140 92 L172 82 Q200 98 228 82 L260 92 L302 118 L336 292 L304 302 L268 176 L268 312 L132 312 L132 176 L96 302 L64 292 L98 118 Z';
  const ribs = (x: number, y: number, w: number, h: number) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="5" fill="${t.shade}"/>${Array.from(
      { length: Math.floor(w / 8) },
      (_, i) => line(`M${x + 5 + i * 8} ${y + 3} v${h - 6}`, t.deep, 1.6, 'opacity="0.5"'),
    ).join('')}`;
  return [
    fabric(cardigan ? 'cardigan' : 'jumper', body, t, style, true),
    shadeSide('M246 176 L268 176 L268 312 L246 312 Z', t, 0.18),
    ribs(130, 304, 140, 28),
    path('M96 302 L64 292 L69 268 L102 279 Z', t.shade),
    path('M304 302 L336 292 L331 268 L298 279 Z', t.shade),
    cardigan
      ? [
          path('M172 82 L200 156 L228 82 Q200 92 172 82 Z', t.deep),
          line('M172 83 L200 158 L228 83', t.shade, 8),
          line('M200 158 L200 330', t.shade, 3),
          [180, 215, 250, 285].map((y) => circle(206, y, 5, lighten(style.accent, 0.3))).join(''),
        ].join('')
      : [
          path('M176 84 Q200 100 224 84 Q200 92 176 84 Z', t.deep),
          line('M170 84 Q200 114 230 84', t.shade, 10),
        ].join(''),
    line('M132 176 L138 102 M268 176 L262 102', t.shade, 2),
  ].join('');
}

function cap(style: ShapeStyle): string {
  const t = tones(style.colour);
  return [
    ellipse(200, 292, 118, 16, '#000000', 'opacity="0.08"'),
    path('M106 236 Q106 112 200 104 Q294 112 294 236 Z', t.base),
    line('M200 106 L200 234 M200 106 Q148 150 150 234 M200 106 Q252 150 250 234', t.shade, 2.2),
    shadeSide('M250 234 Q252 150 200 106 Q294 112 294 236 Z', t, 0.18),
    circle(200, 106, 8, t.shade),
    [150, 250].map((x) => circle(x, 160, 3.5, t.deep)).join(''),
    path('M98 230 Q200 214 302 230 L330 274 Q200 300 70 274 Z', t.shade),
    path('M70 274 Q200 300 330 274 L326 282 Q200 306 74 282 Z', t.deep),
    `<rect x="166" y="168" width="68" height="40" rx="8" fill="${style.accent}"/>`,
    text(200, 195, style.mark, { size: 20, fill: inkOn(style.accent), family: SERIF, weight: 700 }),
  ].join('');
}

function beanie(style: ShapeStyle): string {
  const t = tones(style.colour);
  const cuff = `<rect x="112" y="236" width="176" height="66" rx="12" fill="${t.shade}"/>${Array.from(
    { length: 21 },
    (_, i) => line(`M${120 + i * 8} 242 v54`, t.deep, 2, 'opacity="0.45"'),
  ).join('')}`;
  return [
    circle(
      200,
      104,
      36,
      lighten(style.colour, 0.35),
      `stroke="${t.shade}" stroke-width="3" stroke-dasharray="3 4"`,
    ),
    fabric('beanie', 'M120 250 Q118 124 200 118 Q282 124 280 250 Z', t, style, true),
    shadeSide('M240 128 Q282 150 280 250 L240 250 Z', t, 0.15),
    cuff,
    `<rect x="178" y="254" width="44" height="30" rx="4" fill="${style.accent}"/>`,
    text(200, 275, style.mark, { size: 15, fill: inkOn(style.accent), family: SERIF, weight: 700 }),
  ].join('');
}

function socks(style: ShapeStyle): string {
  const one = (t: Tones, stripe: string) => {
    const d = 'M150 80 L214 80 L214 244 Q216 296 186 314 L112 330 Q82 334 80 306 Q80 282 106 274 L150 258 Z';
    return [
      path(d, t.base),
      `<rect x="150" y="80" width="64" height="30" fill="${t.shade}"/>`,
      rect(150, 128, 64, 9, stripe),
      rect(150, 146, 64, 9, stripe),
      path('M150 232 Q146 262 170 282 Q196 276 214 250 L214 232 Z', t.shade, 'opacity="0.7"'),
      path('M112 330 Q82 334 80 306 Q80 284 104 275 Q100 306 112 330 Z', stripe),
    ].join('');
  };
  const t = tones(style.colour);
  return `<g transform="translate(58 -14)">${one(tones(darken(style.colour, 0.12)), darken(style.accent, 0.15))}</g>${one(t, style.accent)}`;
}

function tote(style: ShapeStyle): string {
  const t = tones(style.colour);
  return [
    line('M156 160 Q156 72 200 72 Q244 72 244 160', t.deep, 12),
    `<rect x="108" y="150" width="184" height="200" rx="6" fill="${t.base}"/>`,
    shadeSide('M270 150 L292 150 L292 350 L270 350 Z', t, 0.15),
    rect(108, 334, 184, 16, t.shade),
    line('M146 156 Q146 58 200 58 Q254 58 254 156', t.shade, 12),
    rect(140, 150, 12, 26, t.shade),
    rect(248, 150, 12, 26, t.shade),
    circle(200, 246, 46, style.accent),
    text(200, 258, style.mark, { size: 34, fill: inkOn(style.accent), family: SERIF, weight: 700 }),
    text(200, 316, style.label.toUpperCase(), { size: 12, fill: t.line, spacing: 2, weight: 700 }),
  ].join('');
}

function speckles(seed: number, count: number, box: [number, number, number, number], fill: string): string {
  let value = seed;
  const next = () => {
    value = (value * 9301 + 49297) % 233280;
    return value / 233280;
  };
  const [x, y, w, h] = box;
  return Array.from({ length: count }, () =>
    circle(
      Math.round(x + next() * w),
      Math.round(y + next() * h),
      1.5 + Math.round(next() * 2),
      fill,
      'opacity="0.55"',
    ),
  ).join('');
}

const CLAY = '#dcc3a1';

function mug(style: ShapeStyle): string {
  const t = tones(style.colour);
  return [
    ellipse(200, 326, 88, 12, '#000000', 'opacity="0.08"'),
    path('M270 180 Q334 178 334 236 Q334 292 268 292 L268 270 Q310 270 310 236 Q310 202 270 202 Z', t.shade),
    path('M130 150 L130 300 Q130 326 200 326 Q270 326 270 300 L270 150 Z', t.base),
    path('M130 272 Q168 288 200 278 Q236 266 270 280 L270 300 Q270 326 200 326 Q130 326 130 300 Z', CLAY),
    shadeSide('M240 150 L270 150 L270 300 Q262 318 240 322 Z', t, 0.18),
    rect(146, 166, 10, 92, t.light, 'rx="5" opacity="0.6"'),
    style.pattern === 'speckle' ? speckles(7, 26, [138, 162, 126, 106], t.deep) : '',
    ellipse(200, 150, 70, 14, t.light),
    ellipse(200, 152, 61, 10, t.deep),
  ].join('');
}

function bowl(style: ShapeStyle): string {
  const t = tones(style.colour);
  return [
    ellipse(200, 338, 110, 12, '#000000', 'opacity="0.08"'),
    rect(160, 318, 80, 20, CLAY, 'rx="4"'),
    path('M86 196 Q96 322 200 330 Q304 322 314 196 Z', t.base),
    shadeSide('M270 196 L314 196 Q310 286 240 322 Q286 270 270 196 Z', t, 0.2),
    style.pattern === 'speckle' ? speckles(11, 30, [110, 216, 180, 90], t.deep) : '',
    path('M92 212 Q200 244 308 212 L306 226 Q200 258 94 226 Z', lighten(style.accent, 0.2), 'opacity="0.85"'),
    ellipse(200, 196, 114, 28, t.light),
    ellipse(200, 198, 102, 21, t.shade),
  ].join('');
}

function plate(style: ShapeStyle): string {
  const t = tones(style.colour);
  const one = (y: number) =>
    `${ellipse(200, y + 8, 150, 40, t.deep)}${ellipse(200, y, 150, 40, t.base)}${ellipse(200, y, 98, 25, t.light, 'opacity="0.7"')}`;
  return [
    ellipse(200, 312, 150, 20, '#000000', 'opacity="0.08"'),
    one(290),
    one(262),
    one(234),
    style.pattern === 'speckle' ? speckles(5, 22, [110, 210, 180, 44], t.deep) : '',
    line('M60 234 Q200 290 340 234', lighten(style.accent, 0.1), 4, 'opacity="0.8"'),
  ].join('');
}

function stems(accent: string): string {
  const green = '#6f8f62';
  return [
    line('M196 100 Q180 40 150 14', '#7b6a4f', 3),
    line('M204 100 Q214 50 250 20', '#7b6a4f', 3),
    line('M200 100 Q202 50 196 0', '#7b6a4f', 3),
    [
      [160, 30, -40],
      [174, 58, -30],
      [236, 32, 35],
      [224, 58, 30],
      [198, 24, 0],
      [200, 56, 5],
    ]
      .map(([x, y, angle]) => ellipse(x ?? 0, y ?? 0, 13, 7, green, `transform="rotate(${angle} ${x} ${y})"`))
      .join(''),
    circle(150, 14, 6, accent),
    circle(250, 20, 6, accent),
  ].join('');
}

function vase(style: ShapeStyle): string {
  const t = tones(style.colour);
  return [
    stems(lighten(style.accent, 0.2)),
    ellipse(200, 338, 92, 10, '#000000', 'opacity="0.08"'),
    path(
      'M170 92 L230 92 L226 126 Q298 170 290 262 Q282 332 200 338 Q118 332 110 262 Q102 170 174 126 Z',
      t.base,
    ),
    shadeSide('M226 126 Q298 170 290 262 Q282 332 200 338 Q262 300 262 240 Q262 170 226 126 Z', t, 0.2),
    style.pattern === 'stripe'
      ? line(
          'M150 160 Q140 260 170 326 M180 140 Q172 250 186 334 M220 140 Q228 250 214 334 M250 160 Q260 260 230 326',
          t.shade,
          3,
        )
      : '',
    style.pattern === 'speckle' ? speckles(3, 26, [126, 150, 148, 170], t.deep) : '',
    rect(146, 168, 10, 90, t.light, 'rx="5" opacity="0.55"'),
    ellipse(200, 92, 30, 7, t.deep),
  ].join('');
}

function planter(style: ShapeStyle): string {
  const t = tones(style.colour);
  const leaf = (d: string, fill: string) => path(d, fill);
  return [
    leaf('M200 200 Q130 170 112 90 Q172 110 200 200 Z', '#5d8a55'),
    leaf('M200 200 Q270 160 290 80 Q226 108 200 200 Z', '#4a7446'),
    leaf('M200 200 Q176 110 204 40 Q230 110 200 200 Z', '#6f9d5f'),
    leaf('M200 200 Q150 150 92 150 Q140 196 200 200 Z', '#7aa868'),
    leaf('M200 200 Q260 140 312 150 Q262 200 200 200 Z', '#5a8750'),
    ellipse(200, 336, 80, 10, '#000000', 'opacity="0.08"'),
    path('M132 206 L268 206 L250 330 Q200 338 150 330 Z', t.base),
    shadeSide('M230 206 L268 206 L250 330 Q240 332 228 333 Z', t, 0.2),
    style.pattern === 'speckle' ? speckles(9, 20, [150, 230, 100, 90], t.deep) : '',
    `<rect x="122" y="190" width="156" height="28" rx="6" fill="${t.shade}"/>`,
    line('M144 262 Q200 274 256 262', lighten(style.accent, 0.15), 4),
  ].join('');
}

function flame(x: number, y: number): string {
  return [
    circle(x, y - 6, 30, '#ffd27a', 'opacity="0.25"'),
    path(
      `M${x} ${y - 34} Q${x + 14} ${y - 12} ${x + 8} ${y} Q${x} ${y + 6} ${x - 8} ${y} Q${x - 14} ${y - 12} ${x} ${y - 34} Z`,
      '#f4a630',
    ),
    path(
      `M${x} ${y - 20} Q${x + 6} ${y - 8} ${x + 4} ${y - 1} Q${x} ${y + 2} ${x - 4} ${y - 1} Q${x - 6} ${y - 8} ${x} ${y - 20} Z`,
      '#fde68a',
    ),
  ].join('');
}

function candle(style: ShapeStyle): string {
  const t = tones(style.colour);
  const words = style.label.toUpperCase().split(' ');
  return [
    ellipse(200, 334, 84, 11, '#000000', 'opacity="0.08"'),
    `<rect x="128" y="144" width="144" height="190" rx="20" fill="${t.base}"/>`,
    shadeSide('M244 144 h8 q20 0 20 20 v150 q0 20 -20 20 h-8 Z', t, 0.2),
    rect(142, 160, 10, 150, '#ffffff', 'rx="5" opacity="0.35"'),
    ellipse(200, 150, 64, 11, '#f4ecdc'),
    line('M200 148 L200 128', '#3b3530', 3),
    flame(200, 126),
    `<rect x="142" y="206" width="116" height="84" rx="6" fill="#fbf7ef"/>`,
    text(200, 230, style.mark, { size: 15, fill: style.accent, family: SERIF, weight: 700 }),
    text(200, 254, words.slice(0, 2).join(' '), {
      size: words.slice(0, 2).join(' ').length > 12 ? 10 : 12,
      fill: '#3d3a36',
      weight: 700,
      spacing: 1,
    }),
    words.length > 2
      ? text(200, 270, words.slice(2, 4).join(' '), { size: 10, fill: '#3d3a36', weight: 700, spacing: 1 })
      : '',
    text(200, 283, (style.note ?? 'SOY WAX').toUpperCase(), { size: 8, fill: '#7a746c', spacing: 2 }),
  ].join('');
}

function candleTin(style: ShapeStyle): string {
  const t = tones(style.colour);
  return [
    ellipse(200, 318, 112, 14, '#000000', 'opacity="0.08"'),
    ellipse(280, 198, 70, 68, t.shade),
    ellipse(280, 198, 58, 56, t.base),
    circle(280, 198, 40, '#fbf7ef'),
    text(280, 196, style.mark, { size: 18, fill: style.accent, family: SERIF, weight: 700 }),
    text(280, 214, style.label.split(' ')[0]?.toUpperCase() ?? '', { size: 8, fill: '#3d3a36', spacing: 1 }),
    path('M110 240 L110 296 Q110 318 190 318 Q270 318 270 296 L270 240 Z', t.base),
    shadeSide('M240 240 L270 240 L270 296 Q268 314 240 317 Z', t, 0.2),
    ellipse(190, 240, 80, 18, t.light),
    ellipse(190, 242, 72, 14, '#f4ecdc'),
    line('M190 240 L190 222', '#3b3530', 3),
    flame(190, 220),
  ].join('');
}

function diffuser(style: ShapeStyle): string {
  const t = tones(style.colour);
  const reeds = [-46, -28, -10, 8, 26, 44]
    .map((dx) => line(`M200 190 L${200 + dx * 2.2} ${50 + Math.abs(dx)}`, '#8a6a48', 3))
    .join('');
  return [
    reeds,
    ellipse(200, 336, 74, 10, '#000000', 'opacity="0.08"'),
    rect(182, 176, 36, 28, darken(style.colour, 0.3), 'rx="4"'),
    path(
      'M158 204 L242 204 Q264 214 264 242 L264 320 Q264 336 248 336 L152 336 Q136 336 136 320 L136 242 Q136 214 158 204 Z',
      t.base,
      'opacity="0.92"',
    ),
    rect(148, 220, 9, 100, '#ffffff', 'rx="4" opacity="0.35"'),
    `<rect x="158" y="252" width="84" height="56" rx="5" fill="#fbf7ef"/>`,
    text(200, 276, style.mark, { size: 14, fill: style.accent, family: SERIF, weight: 700 }),
    text(200, 296, style.label.split(' ')[0]?.toUpperCase() ?? '', { size: 9, fill: '#3d3a36', spacing: 1 }),
  ].join('');
}

function throwBlanket(style: ShapeStyle): string {
  const t = tones(style.colour);
  const fold = (x: number, y: number, w: number, h: number, id: string) =>
    `${rect(x, y + 6, w, h, t.deep, 'rx="18"')}${fabric(id, `M${x + 18} ${y} h${w - 36} q18 0 18 18 v${h - 36} q0 18 -18 18 h-${w - 36} q-18 0 -18 -18 v-${h - 36} q0 -18 18 -18 Z`, t, style)}${line(`M${x + 20} ${y + h - 10} h${w - 40}`, t.shade, 3)}`;
  const fringe = (x: number, y: number, h: number) =>
    Array.from({ length: Math.floor(h / 7) }, (_, i) =>
      line(`M${x} ${y + 6 + i * 7} h14`, t.shade, 2.5),
    ).join('');
  return [
    ellipse(200, 334, 150, 14, '#000000', 'opacity="0.08"'),
    fringe(312, 258, 62),
    fold(84, 252, 232, 72, 'throw-a'),
    fringe(304, 200, 58),
    fold(92, 196, 216, 64, 'throw-b'),
    fringe(296, 146, 54),
    fold(100, 142, 200, 60, 'throw-c'),
  ].join('');
}

function teaTowel(style: ShapeStyle): string {
  const t = tones(style.colour);
  return [
    circle(200, 56, 12, 'none', `stroke="#8d8476" stroke-width="5"`),
    rect(192, 62, 16, 34, '#8d8476', 'rx="4"'),
    line('M200 96 Q192 86 200 76', '#5c5348', 3),
    fabric('towel', 'M128 94 L272 94 L280 342 L120 342 Z', t, style),
    rect(124, 120, 152, 10, style.accent),
    rect(124, 138, 152, 4, style.accent),
    rect(122, 306, 156, 10, style.accent),
    rect(122, 290, 156, 4, style.accent),
    path('M272 94 L280 342 L248 342 Z', t.deep, 'opacity="0.12"'),
    line('M120 342 L280 342', t.shade, 3, 'stroke-dasharray="2 4"'),
  ].join('');
}

function honeyJar(style: ShapeStyle): string {
  const t = tones(style.colour);
  const lid = luminance(style.accent) > 0.45 ? darken(style.accent, 0.2) : style.accent;
  const words = style.label.toUpperCase().split(' ');
  return [
    ellipse(200, 334, 96, 12, '#000000', 'opacity="0.08"'),
    path(
      'M136 152 L264 152 Q286 162 286 188 L286 312 Q286 332 264 332 L136 332 Q114 332 114 312 L114 188 Q114 162 136 152 Z',
      t.base,
    ),
    shadeSide('M250 152 L264 152 Q286 162 286 188 L286 312 Q286 332 264 332 L250 332 Z', t, 0.22),
    rect(128, 178, 12, 138, '#ffffff', 'rx="6" opacity="0.4"'),
    `<rect x="138" y="108" width="124" height="48" rx="9" fill="${lid}"/>`,
    line('M146 122 h108 M146 134 h108 M146 146 h108', darken(lid, 0.2), 2, 'opacity="0.6"'),
    `<rect x="132" y="202" width="136" height="96" rx="8" fill="#fffaf0"/>`,
    path('M200 214 l10 6 v12 l-10 6 l-10 -6 v-12 Z', lid),
    text(200, 256, words.slice(0, 2).join(' '), {
      size: words.slice(0, 2).join(' ').length > 12 ? 11 : 13,
      fill: '#3d3120',
      weight: 700,
      spacing: 1,
    }),
    text(200, 274, (style.note ?? words.slice(2).join(' ')).toUpperCase(), {
      size: 10,
      fill: '#7a6a52',
      spacing: 1,
    }),
    text(200, 290, style.mark, { size: 9, fill: '#7a6a52', family: SERIF }),
  ].join('');
}

function honeycomb(style: ShapeStyle): string {
  const t = tones(style.colour);
  const hex = (x: number, y: number, fill: string) =>
    `<path d="M${x} ${y - 14} l12 7 v14 l-12 7 l-12 -7 v-14 Z" fill="${fill}" stroke="${t.shade}" stroke-width="2"/>`;
  // A repeating pattern of cells keeps the picture small; a few lighter cells catch the light.
  const pattern = `<pattern id="cells" width="26" height="46" patternUnits="userSpaceOnUse" x="91" y="96">${hex(13, 12, t.base)}${hex(0, 35, t.base)}${hex(26, 35, t.base)}</pattern>`;
  const light = [
    [156, 154],
    [234, 108],
    [195, 223],
    [260, 200],
    [143, 269],
    [221, 269],
  ]
    .map(([x, y]) => hex(x ?? 0, y ?? 0, t.light))
    .join('');
  return [
    ellipse(200, 330, 130, 12, '#000000', 'opacity="0.08"'),
    `<rect x="80" y="86" width="240" height="236" rx="6" fill="#b98a4e"/>`,
    `<defs>${pattern}<clipPath id="comb"><rect x="92" y="98" width="216" height="212"/></clipPath></defs>`,
    `<rect x="92" y="98" width="216" height="212" fill="${t.deep}"/>`,
    `<rect x="92" y="98" width="216" height="212" fill="url(#cells)"/>`,
    `<g clip-path="url(#comb)">${light}</g>`,
  ].join('');
}

function soap(style: ShapeStyle): string {
  const t = tones(style.colour);
  const bar = (x: number, y: number, tone: Tones) =>
    `<rect x="${x}" y="${y + 14}" width="170" height="96" rx="26" fill="${tone.shade}"/><rect x="${x}" y="${y}" width="170" height="96" rx="26" fill="${tone.base}"/>`;
  return [
    ellipse(200, 330, 130, 12, '#000000', 'opacity="0.08"'),
    bar(150, 150, tones(darken(style.colour, 0.06))),
    bar(90, 206, t),
    `<rect x="90" y="206" width="170" height="96" rx="26" fill="none" stroke="${t.light}" stroke-width="3" opacity="0.6"/>`,
    rect(150, 206, 50, 110, '#d6c1a0'),
    text(175, 262, style.mark, { size: 18, fill: '#5b4a34', family: SERIF, weight: 700 }),
    speckles(13, 18, [96, 212, 50, 86], t.deep),
    speckles(17, 14, [206, 212, 48, 86], t.deep),
  ].join('');
}

function teaTin(style: ShapeStyle): string {
  const t = tones(style.colour);
  const words = style.label.toUpperCase().split(' ');
  return [
    ellipse(200, 338, 90, 11, '#000000', 'opacity="0.08"'),
    [
      [120, 330],
      [150, 340],
      [270, 334],
      [290, 328],
      [104, 336],
    ]
      .map(([x, y]) => ellipse(x ?? 0, y ?? 0, 5, 2.5, '#4b3b2a'))
      .join(''),
    rect(136, 132, 128, 204, t.base, 'rx="8"'),
    shadeSide('M238 132 h18 q8 0 8 8 v188 q0 8 -8 8 h-18 Z', t, 0.2),
    rect(130, 112, 140, 46, t.shade, 'rx="8"'),
    rect(130, 150, 140, 6, t.deep),
    rect(146, 190, 108, 112, '#fffaf0', 'rx="6"'),
    path('M200 204 q18 6 12 28 q-20 -2 -12 -28 Z', '#6f8f62'),
    text(200, 254, words.slice(0, 2).join(' '), {
      size: words.slice(0, 2).join(' ').length > 11 ? 10 : 12,
      fill: '#2f2a24',
      weight: 700,
      spacing: 1,
    }),
    text(200, 270, words.slice(2, 4).join(' '), { size: 10, fill: '#2f2a24', weight: 700, spacing: 1 }),
    text(200, 290, (style.note ?? 'LOOSE LEAF').toUpperCase(), { size: 8, fill: '#7a746c', spacing: 2 }),
  ].join('');
}

function notebook(style: ShapeStyle): string {
  const t = tones(style.colour);
  return [
    ellipse(210, 344, 100, 10, '#000000', 'opacity="0.08"'),
    rect(128, 82, 172, 262, '#f4efe3', 'rx="6"'),
    rect(118, 76, 172, 262, t.base, 'rx="8"'),
    rect(118, 76, 18, 262, t.shade, 'rx="6"'),
    path('M240 338 L240 372 L250 362 L260 372 L260 338 Z', style.accent),
    rect(262, 76, 9, 262, t.deep),
    rect(150, 130, 104, 54, t.light, 'rx="4"'),
    text(202, 154, style.label.split(' ').slice(0, 2).join(' '), {
      size: 13,
      fill: t.line,
      family: SERIF,
      weight: 700,
    }),
    text(202, 172, style.mark, { size: 10, fill: t.line, spacing: 2 }),
  ].join('');
}

function card(style: ShapeStyle): string {
  const t = tones(style.colour);
  return [
    ellipse(200, 334, 130, 12, '#000000', 'opacity="0.08"'),
    `<g transform="rotate(-8 200 230)">${rect(88, 150, 230, 160, '#d9c3a0', 'rx="4"')}${path('M88 150 L203 236 L318 150 Z', '#cdb48d')}</g>`,
    `<g transform="rotate(5 220 200)">${rect(140, 80, 170, 236, '#fffdf8', 'rx="4"')}${rect(140, 80, 170, 236, 'none', `rx="4" stroke="${t.shade}" stroke-width="2"`)}`,
    circle(225, 170, 42, t.light),
    path('M225 140 q30 20 0 60 q-30 -40 0 -60 Z', t.base),
    path('M195 170 q30 -10 60 0 q-30 20 -60 0 Z', t.shade, 'opacity="0.7"'),
    text(225, 250, style.label.split(' ').slice(0, 2).join(' '), {
      size: 16,
      fill: t.line,
      family: SERIF,
      style: 'italic',
    }),
    text(225, 280, style.mark, { size: 10, fill: t.line, spacing: 2 }),
    '</g>',
  ].join('');
}

function waxWrap(style: ShapeStyle): string {
  const t = tones(style.colour);
  const square = (x: number, y: number, size: number, angle: number, fill: string, dots: string) =>
    `<g transform="rotate(${angle} ${x + size / 2} ${y + size / 2})">${rect(x, y, size, size, fill, 'rx="6"')}${Array.from(
      { length: 16 },
      (_, i) =>
        circle(x + 20 + (i % 4) * ((size - 40) / 3), y + 20 + Math.floor(i / 4) * ((size - 40) / 3), 6, dots),
    ).join('')}</g>`;
  return [
    ellipse(200, 330, 140, 12, '#000000', 'opacity="0.08"'),
    square(76, 150, 170, -8, tones(style.accent).base, lighten(style.accent, 0.45)),
    square(156, 130, 170, 6, t.base, t.light),
    square(118, 170, 150, -2, t.shade, lighten(style.colour, 0.5)),
  ].join('');
}

function giftBox(style: ShapeStyle): string {
  const t = tones(style.colour);
  const ribbon = style.accent;
  return [
    ellipse(200, 334, 130, 12, '#000000', 'opacity="0.08"'),
    rect(96, 196, 208, 136, t.base, 'rx="6"'),
    shadeSide('M270 196 h28 q6 0 6 6 v124 q0 6 -6 6 h-28 Z', t, 0.2),
    rect(86, 168, 228, 42, t.shade, 'rx="6"'),
    rect(186, 168, 28, 164, ribbon),
    path('M200 168 Q150 110 132 140 Q126 166 200 168 Z', ribbon),
    path('M200 168 Q250 110 268 140 Q274 166 200 168 Z', darken(ribbon, 0.15)),
    circle(200, 166, 12, darken(ribbon, 0.25)),
    rect(118, 238, 54, 34, '#fffaf0', 'rx="4" transform="rotate(-6 145 255)"'),
    text(145, 260, style.mark, { size: 13, fill: style.accent, family: SERIF, weight: 700 }),
  ].join('');
}

const DRAWERS: Record<ShapeKind, (style: ShapeStyle) => string> = {
  tee,
  tank,
  shirt,
  hoodie,
  dress,
  jumper: (style) => jumper(style),
  cardigan: (style) => jumper(style, true),
  cap,
  beanie,
  socks,
  tote,
  mug,
  bowl,
  plate,
  vase,
  planter,
  candle,
  'candle-tin': candleTin,
  diffuser,
  throw: throwBlanket,
  'tea-towel': teaTowel,
  'honey-jar': honeyJar,
  honeycomb,
  soap,
  'tea-tin': teaTin,
  notebook,
  card,
  'wax-wrap': waxWrap,
  'gift-box': giftBox,
};

/** The drawing of one thing in its 400×400 box. */
export function drawShape(kind: ShapeKind, style: ShapeStyle): string {
  return DRAWERS[kind](style);
}

/** Where the close-up view looks: the most telling part of each drawing. */
export const DETAIL_FOCUS: Record<ShapeKind, [number, number]> = {
  tee: [200, 160],
  tank: [200, 110],
  shirt: [196, 120],
  hoodie: [200, 120],
  dress: [200, 170],
  jumper: [200, 120],
  cardigan: [200, 190],
  cap: [200, 190],
  beanie: [200, 260],
  socks: [180, 140],
  tote: [200, 250],
  mug: [250, 200],
  bowl: [200, 220],
  plate: [200, 240],
  vase: [200, 110],
  planter: [200, 190],
  candle: [200, 190],
  'candle-tin': [250, 210],
  diffuser: [200, 240],
  throw: [280, 200],
  'tea-towel': [200, 130],
  'honey-jar': [200, 220],
  honeycomb: [200, 200],
  soap: [175, 250],
  'tea-tin': [200, 240],
  notebook: [200, 160],
  card: [225, 200],
  'wax-wrap': [220, 200],
  'gift-box': [200, 180],
};

/** The material a close-up shows on top of the drawing. */
export const MATERIAL: Record<ShapeKind, 'cotton' | 'knit' | 'linen' | 'glaze' | 'glass' | 'paper' | 'none'> =
  {
    tee: 'cotton',
    tank: 'cotton',
    shirt: 'linen',
    hoodie: 'cotton',
    dress: 'linen',
    jumper: 'knit',
    cardigan: 'knit',
    cap: 'cotton',
    beanie: 'knit',
    socks: 'knit',
    tote: 'cotton',
    mug: 'glaze',
    bowl: 'glaze',
    plate: 'glaze',
    vase: 'glaze',
    planter: 'glaze',
    candle: 'glass',
    'candle-tin': 'none',
    diffuser: 'glass',
    throw: 'linen',
    'tea-towel': 'linen',
    'honey-jar': 'glass',
    honeycomb: 'none',
    soap: 'none',
    'tea-tin': 'paper',
    notebook: 'paper',
    card: 'paper',
    'wax-wrap': 'cotton',
    'gift-box': 'paper',
  };

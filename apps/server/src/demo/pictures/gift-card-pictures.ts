import { type Motif, motifIcon, type Palette } from './seller-pictures.ts';
import { darken, inkOn, lighten, mix, SANS, SERIF, svgDocument, text } from './svg-kit.ts';

// Gift card designs (landscape, [CONST-08]: a gift card tile's picture is 0.62 as high as it is wide)
// and the MMS template artwork a recipient receives ([GIFT-01]): festive, legible on a phone, and
// signed with the shop's name.

export const CARD_WIDTH = 500;
export const CARD_HEIGHT = 310;
export const TEMPLATE_WIDTH = 640;
export const TEMPLATE_HEIGHT = 400;

export type GiftCardView = 'front' | 'closeup' | 'envelope' | 'back';
export const GIFT_CARD_VIEWS: readonly GiftCardView[] = ['front', 'closeup', 'envelope', 'back'];

export interface GiftCardInput {
  shop: string;
  palette: Palette;
  motif: Motif;
  /** '$25 – $150', shown on the back. */
  range: string;
}

function motifPattern(motif: Motif, colour: string): string {
  return `<pattern id="motif" width="70" height="70" patternUnits="userSpaceOnUse" patternTransform="rotate(-12)"><g transform="translate(35 35) scale(0.55)" opacity="0.16">${motifIcon(motif, colour)}</g></pattern>`;
}

/** The card itself, 500×310 at the origin. */
function cardFace(input: GiftCardInput): string {
  const { primary, secondary } = input.palette;
  const ink = inkOn(primary);
  return [
    `<defs><linearGradient id="face" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${lighten(primary, 0.12)}"/><stop offset="1" stop-color="${darken(primary, 0.18)}"/></linearGradient>${motifPattern(input.motif, ink)}</defs>`,
    `<rect width="500" height="310" rx="24" fill="url(#face)"/>`,
    `<rect width="500" height="310" rx="24" fill="url(#motif)"/>`,
    `<circle cx="430" cy="70" r="40" fill="${secondary}"/>`,
    `<g transform="translate(430 70) scale(1.2)">${motifIcon(input.motif, inkOn(secondary))}</g>`,
    text(40, 62, 'GIFT CARD', { size: 18, fill: ink, anchor: 'start', spacing: 5, weight: 700 }),
    `<path d="M40 80 H120" stroke="${secondary}" stroke-width="4"/>`,
    text(40, 236, input.shop, {
      size: input.shop.length > 20 ? 30 : 36,
      fill: ink,
      anchor: 'start',
      family: SERIF,
      weight: 700,
    }),
    text(40, 268, 'Sent by text, spent online', { size: 15, fill: ink, anchor: 'start', opacity: 0.85 }),
  ].join('');
}

function cardBack(input: GiftCardInput): string {
  const { primary, secondary } = input.palette;
  const bars = Array.from({ length: 38 }, (_, i) => {
    const width = (i * 7) % 3 === 0 ? 5 : (i * 5) % 4 === 0 ? 3 : 2;
    return `<rect x="${300 + i * 4.6}" y="206" width="${width}" height="56" fill="#26231f"/>`;
  }).join('');
  return [
    `<rect width="500" height="310" rx="24" fill="${lighten(primary, 0.82)}"/>`,
    `<rect y="34" width="500" height="50" fill="${primary}"/>`,
    text(40, 132, input.shop, {
      size: 24,
      fill: darken(primary, 0.2),
      anchor: 'start',
      family: SERIF,
      weight: 700,
    }),
    text(40, 162, `Values ${input.range}`, { size: 16, fill: '#4a4540', anchor: 'start' }),
    text(40, 190, 'Valid for 3 years from sending.', { size: 14, fill: '#4a4540', anchor: 'start' }),
    text(40, 214, 'Spend it on anything in the shop.', { size: 14, fill: '#4a4540', anchor: 'start' }),
    `<rect x="290" y="196" width="186" height="78" rx="6" fill="#ffffff"/>`,
    bars,
    text(40, 266, '•••• •••• •••• 0000', {
      size: 16,
      fill: darken(secondary, 0.3),
      anchor: 'start',
      spacing: 1,
    }),
  ].join('');
}

export function giftCardPicture(input: GiftCardInput, view: GiftCardView): string {
  const { secondary, soft } = input.palette;
  let body: string;
  switch (view) {
    case 'front':
      body = cardFace(input);
      break;
    case 'back':
      body = cardBack(input);
      break;
    case 'closeup':
      body = `<rect width="500" height="310" fill="${lighten(soft, 0.1)}"/><g transform="translate(250 165) rotate(-9) scale(1.08) translate(-250 -155)">${cardFace(input)}</g>`;
      break;
    case 'envelope':
      body = [
        `<rect width="500" height="310" fill="${lighten(soft, 0.2)}"/>`,
        `<g transform="rotate(-6 250 170)"><rect x="70" y="90" width="330" height="200" rx="6" fill="${mix(soft, '#c9a77c', 0.6)}"/><path d="M70 90 L235 200 L400 90 Z" fill="${mix(soft, '#b8926a', 0.6)}"/></g>`,
        `<g transform="translate(150 40) rotate(8) scale(0.56)">${cardFace(input)}</g>`,
        `<path d="M20 280 Q120 250 210 300" fill="none" stroke="${secondary}" stroke-width="8" stroke-linecap="round"/>`,
        `<circle cx="440" cy="260" r="26" fill="${secondary}"/><circle cx="440" cy="260" r="18" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.7"/>`,
      ].join('');
      break;
  }
  const what = { front: '', back: ', back', closeup: ', close-up', envelope: ', in its envelope' }[view];
  return svgDocument(CARD_WIDTH, CARD_HEIGHT, body, `${input.shop} gift card${what}`);
}

export const OCCASIONS = ['birthday', 'thank-you', 'congratulations', 'christmas', 'just-because'] as const;
export type Occasion = (typeof OCCASIONS)[number];

export const OCCASION_NAMES: Record<Occasion, string> = {
  birthday: 'Birthday',
  'thank-you': 'Thank You',
  congratulations: 'Congratulations',
  christmas: 'Christmas',
  'just-because': 'Just Because',
};

const GREETINGS: Record<Occasion, string> = {
  birthday: 'Happy Birthday!',
  'thank-you': 'Thank You',
  congratulations: 'Congratulations!',
  christmas: 'Merry Christmas',
  'just-because': 'Just Because',
};

function balloon(x: number, y: number, colour: string): string {
  return `<path d="M${x} ${y + 62} q-10 40 6 80" fill="none" stroke="#7a6f66" stroke-width="2"/><ellipse cx="${x}" cy="${y}" rx="40" ry="50" fill="${colour}"/><path d="M${x - 6} ${y + 50} h12 l-6 12 Z" fill="${colour}"/><ellipse cx="${x - 14}" cy="${y - 18}" rx="8" ry="14" fill="#ffffff" opacity="0.45"/>`;
}

function confetti(colours: string[], seed: number): string {
  let value = seed;
  const next = () => {
    value = (value * 9301 + 49297) % 233280;
    return value / 233280;
  };
  return Array.from({ length: 34 }, (_, i) => {
    const x = Math.round(next() * 640);
    let y = Math.round(next() * 400);
    // Keep the middle clear: the greeting must stay legible on a small phone screen.
    if (x > 90 && x < 550 && y > 130 && y < 380) y = y < 255 ? y - 120 : 382 + (y % 16);
    const colour = colours[i % colours.length];
    return i % 3 === 0
      ? `<circle cx="${x}" cy="${y}" r="5" fill="${colour}"/>`
      : `<rect x="${x}" y="${y}" width="12" height="5" rx="2" fill="${colour}" transform="rotate(${Math.round(next() * 180)} ${x} ${y})"/>`;
  }).join('');
}

function star(x: number, y: number, r: number, colour: string): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${Math.round(x + radius * Math.cos(angle))},${Math.round(y + radius * Math.sin(angle))}`;
  }).join(' ');
  return `<polygon points="${points}" fill="${colour}"/>`;
}

function flower(x: number, y: number, r: number, petal: string, centre: string): string {
  const petals = Array.from(
    { length: 6 },
    (_, i) =>
      `<ellipse cx="${x}" cy="${y - r}" rx="${r * 0.55}" ry="${r}" fill="${petal}" transform="rotate(${i * 60} ${x} ${y})"/>`,
  ).join('');
  return `${petals}<circle cx="${x}" cy="${y}" r="${r * 0.5}" fill="${centre}"/>`;
}

function heart(x: number, y: number, s: number, colour: string): string {
  return `<path d="M${x} ${y + s * 0.9} C${x - s * 1.6} ${y - s * 0.2} ${x - s * 0.6} ${y - s * 1.3} ${x} ${y - s * 0.4} C${x + s * 0.6} ${y - s * 1.3} ${x + s * 1.6} ${y - s * 0.2} ${x} ${y + s * 0.9} Z" fill="${colour}"/>`;
}

export function mmsTemplate(input: {
  shop: string;
  monogram: string;
  palette: Palette;
  occasion: Occasion;
}): string {
  const { primary, secondary } = input.palette;
  const greeting = GREETINGS[input.occasion];
  let background: string;
  let art: string;
  let ink = '#2b2622';
  switch (input.occasion) {
    case 'birthday':
      background = '#fff3d6';
      art = [
        confetti([primary, secondary, '#f28b82', '#7cc4a4'], 3),
        balloon(70, 70, '#f28b82'),
        balloon(150, 56, secondary),
        balloon(570, 62, primary),
        balloon(490, 80, '#7cc4a4'),
      ].join('');
      break;
    case 'thank-you':
      background = lighten(mix(primary, '#a8c3a0', 0.5), 0.7);
      art = [
        flower(70, 70, 26, '#f3b6a6', '#f6d57a'),
        flower(575, 330, 30, lighten(secondary, 0.3), '#f6d57a'),
        flower(600, 60, 18, '#ffffff', secondary),
        flower(50, 340, 20, '#ffffff', primary),
        `<path d="M120 40 q60 30 40 90 M520 370 q-60 -20 -50 -90" fill="none" stroke="#6f8f62" stroke-width="4"/>`,
        `<ellipse cx="150" cy="90" rx="16" ry="8" fill="#7d9b76" transform="rotate(50 150 90)"/><ellipse cx="486" cy="310" rx="16" ry="8" fill="#7d9b76" transform="rotate(-60 486 310)"/>`,
      ].join('');
      break;
    case 'congratulations':
      background = darken(primary, 0.35);
      ink = '#ffffff';
      art = [
        confetti(['#f6d57a', lighten(secondary, 0.3), '#ffffff'], 7),
        star(80, 80, 34, '#f6d57a'),
        star(570, 90, 26, lighten(secondary, 0.3)),
        star(560, 320, 36, '#f6d57a'),
        star(90, 320, 22, '#ffffff'),
      ].join('');
      break;
    case 'christmas':
      background = '#1f5a43';
      ink = '#ffffff';
      art = [
        `<path d="M0 0 Q160 60 320 20 Q480 60 640 0" fill="none" stroke="#e8d9a8" stroke-width="3"/>`,
        ...[
          [90, 44, '#d94b45'],
          [200, 46, '#f2c14e'],
          [440, 46, '#d94b45'],
          [550, 44, '#f2c14e'],
        ].map(
          ([x, y, c]) =>
            `<path d="M${x} 0 V${Number(y) - 14}" stroke="#e8d9a8" stroke-width="2"/><circle cx="${x}" cy="${y}" r="18" fill="${c}"/><rect x="${Number(x) - 5}" y="${Number(y) - 22}" width="10" height="8" fill="#c9b27a"/>`,
        ),
        star(320, 64, 22, '#f2c14e'),
        `<path d="M40 390 l30 -60 l30 60 Z M560 390 l30 -70 l30 70 Z" fill="#2f7a5b"/>`,
        `<ellipse cx="120" cy="360" rx="14" ry="9" fill="#3f8f64" transform="rotate(-30 120 360)"/><circle cx="132" cy="352" r="5" fill="#d94b45"/><circle cx="140" cy="360" r="5" fill="#d94b45"/>`,
      ].join('');
      break;
    case 'just-because':
      background = lighten(secondary, 0.75);
      art = [
        heart(90, 90, 30, '#e56b6f'),
        heart(560, 100, 22, primary),
        heart(540, 320, 34, '#e56b6f'),
        heart(100, 310, 20, primary),
        heart(200, 60, 12, secondary),
      ].join('');
      break;
  }
  const body = [
    `<rect width="640" height="400" fill="${background}"/>`,
    art,
    text(320, 200, greeting, {
      size: greeting.length > 14 ? 50 : 58,
      fill: ink,
      family: SERIF,
      weight: 700,
    }),
    `<path d="M250 232 H390" stroke="${input.occasion === 'christmas' ? '#f2c14e' : secondary}" stroke-width="4"/>`,
    text(320, 276, 'A gift card for you from', { size: 20, fill: ink, family: SANS }),
    text(320, 312, input.shop, { size: 26, fill: ink, family: SANS, weight: 700 }),
    `<g transform="translate(320 356)"><circle r="20" fill="${primary}"/>${text(0, 7, input.monogram, { size: 17, fill: inkOn(primary), family: SERIF, weight: 700 })}</g>`,
  ].join('');
  return svgDocument(
    TEMPLATE_WIDTH,
    TEMPLATE_HEIGHT,
    body,
    `${OCCASION_NAMES[input.occasion]} gift card from ${input.shop}`,
  );
}

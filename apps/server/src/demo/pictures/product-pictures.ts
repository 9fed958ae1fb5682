import { DETAIL_FOCUS, drawShape, MATERIAL, type ShapeKind, type ShapeStyle } from './product-shapes.ts';
import { darken, lighten, luminance, mix, SERIF, svgDocument, text, wrap } from './svg-kit.ts';

// The four pictures of a product (SPEC.md §2 Product page: a main picture and three secondary ones):
// the product alone on a soft background, a close-up, the product in a setting, and a flat-lay with its
// swing tag. Portrait 5:6, the ratio of a product tile's picture ([CONST-09]: height 1.2 × width).

export const PRODUCT_WIDTH = 500;
export const PRODUCT_HEIGHT = 600;

export type ProductView = 'main' | 'detail' | 'lifestyle' | 'flatlay';
export const PRODUCT_VIEWS: readonly ProductView[] = ['main', 'detail', 'lifestyle', 'flatlay'];

export type Setting = 'rail' | 'beach' | 'table' | 'bench' | 'sofa' | 'cabin' | 'garden';

export interface ProductPictureInput {
  kind: ShapeKind;
  style: ShapeStyle;
  name: string;
  brand: string;
  /** Where the maker is, printed on the swing tag ('Fremantle, WA'). */
  place: string;
  setting: Setting;
  /** The maker's soft background colour. */
  backdrop: string;
  /** Colourways shown as chips on the swing tag. */
  swatches: { title: string; hex: string }[];
  sizes: string[];
}

/** How far below the centre of its box each drawing ends, so it can stand on a table. */
const BASE: Partial<Record<ShapeKind, number>> = {
  cap: 104,
  beanie: 102,
  soap: 116,
  'candle-tin': 118,
  honeycomb: 122,
};
const baseOf = (kind: ShapeKind) => BASE[kind] ?? 136;

const place = (kind: ShapeKind, x: number, y: number, scale: number, style: ShapeStyle, extra = '') =>
  `<g transform="translate(${x} ${y}) scale(${scale}) translate(-200 -200)"${extra}>${drawShape(kind, style)}</g>`;

/** A backdrop that keeps the product readable: tinted by the product, deeper behind pale products. */
function backdropFor(input: ProductPictureInput): { bg: string; halo: string } {
  if (luminance(input.style.colour) > 0.5) {
    const bg = lighten(mix(input.backdrop, input.style.accent, 0.36), 0.1);
    return { bg, halo: darken(bg, 0.05) };
  }
  const bg = lighten(mix(input.backdrop, input.style.colour, 0.22), 0.3);
  return { bg, halo: lighten(bg, 0.45) };
}

/** Small things are drawn larger, so every product fills its picture about as much. */
const MAIN_SCALE: Partial<Record<ShapeKind, number>> = {
  soap: 1.32,
  'gift-box': 1.25,
  card: 1.2,
  'candle-tin': 1.22,
  'tea-tin': 1.24,
  'honey-jar': 1.22,
  candle: 1.24,
  mug: 1.24,
  bowl: 1.2,
  plate: 1.16,
  notebook: 1.16,
  socks: 1.14,
  cap: 1.22,
  beanie: 1.22,
  'wax-wrap': 1.18,
  diffuser: 1.12,
};

function main(input: ProductPictureInput): string {
  const { bg, halo } = backdropFor(input);
  return [
    `<defs><linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${darken(bg, 0.08)}"/></linearGradient></defs>`,
    `<rect width="500" height="600" fill="url(#floor)"/>`,
    `<circle cx="250" cy="290" r="200" fill="${halo}" opacity="0.75"/>`,
    `<ellipse cx="250" cy="512" rx="170" ry="18" fill="${darken(bg, 0.2)}" opacity="0.25"/>`,
    place(input.kind, 250, 300, MAIN_SCALE[input.kind] ?? 1.12, input.style),
  ].join('');
}

function texture(material: (typeof MATERIAL)[ShapeKind], colour: string): string {
  const ink = luminance(colour) > 0.45 ? '#000000' : '#ffffff';
  switch (material) {
    case 'cotton':
      return `<defs><pattern id="tx" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 6 L6 0" stroke="${ink}" stroke-width="1" opacity="0.10"/></pattern></defs><rect width="500" height="600" fill="url(#tx)"/>`;
    case 'linen':
      return `<defs><pattern id="tx" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 2 H8 M5 0 V8" stroke="${ink}" stroke-width="1" opacity="0.10"/></pattern></defs><rect width="500" height="600" fill="url(#tx)"/>`;
    case 'knit':
      return `<defs><pattern id="tx" width="16" height="14" patternUnits="userSpaceOnUse"><path d="M1 1 L8 10 L15 1" fill="none" stroke="${ink}" stroke-width="2" opacity="0.12"/></pattern></defs><rect width="500" height="600" fill="url(#tx)"/>`;
    case 'glaze':
      return `<rect width="500" height="600" fill="url(#shine)" opacity="0.5"/><defs><radialGradient id="shine" cx="0.3" cy="0.25" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>`;
    case 'glass':
      return `<path d="M120 0 L190 0 L90 600 L20 600 Z" fill="#ffffff" opacity="0.12"/>`;
    case 'paper':
      return `<defs><pattern id="tx" width="5" height="5" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="0.8" fill="${ink}" opacity="0.12"/></pattern></defs><rect width="500" height="600" fill="url(#tx)"/>`;
    default:
      return '';
  }
}

function detail(input: ProductPictureInput): string {
  const { bg } = backdropFor(input);
  const [fx, fy] = DETAIL_FOCUS[input.kind];
  return [
    `<rect width="500" height="600" fill="${darken(bg, 0.04)}"/>`,
    `<g transform="translate(250 300) scale(2.5) translate(${-fx} ${-fy})">${drawShape(input.kind, input.style)}</g>`,
    texture(MATERIAL[input.kind], input.style.colour),
    `<rect x="14" y="14" width="472" height="572" rx="4" fill="none" stroke="#ffffff" stroke-width="2" opacity="0.5"/>`,
  ].join('');
}

function leafSprig(x: number, y: number, angle: number, green = '#7d9b76'): string {
  const leaves = [0, 1, 2, 3, 4]
    .map((i) => {
      const ly = -i * 26;
      const side = i % 2 === 0 ? 1 : -1;
      return `<ellipse cx="${side * 12}" cy="${ly}" rx="14" ry="9" fill="${green}" transform="rotate(${side * 30} ${side * 12} ${ly})"/>`;
    })
    .join('');
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0 20 L0 -120" stroke="#6b5a44" stroke-width="3"/>${leaves}</g>`;
}

function hanger(x: number, y: number): string {
  return `<path d="M${x} ${y} q0 -14 12 -14 q12 0 12 12 q0 10 -12 14 L${x + 12} ${y + 22} M${x - 78} ${y + 58} L${x + 12} ${y + 22} L${x + 102} ${y + 58}" fill="none" stroke="#5f5346" stroke-width="5" stroke-linecap="round" transform="translate(-12 0)"/>`;
}

function lifestyle(input: ProductPictureInput): string {
  const { kind, style } = input;
  const muted = (hex: string) => mix(hex, '#d9cfc2', 0.55);
  const wearable = ['tee', 'tank', 'shirt', 'hoodie', 'dress', 'jumper', 'cardigan'].includes(kind);
  const onTable = (scale: number, top = 440) => place(kind, 250, top - baseOf(kind) * scale, scale, style);
  switch (input.setting) {
    case 'beach':
      return [
        `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fd3e6"/><stop offset="1" stop-color="#e6f4f1"/></linearGradient></defs>`,
        `<rect width="500" height="600" fill="url(#sky)"/>`,
        `<circle cx="396" cy="96" r="44" fill="#ffe29a"/>`,
        `<rect y="250" width="500" height="70" fill="#3f93b4"/>`,
        `<path d="M0 262 q30 -8 60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0 t60 0" fill="none" stroke="#d6eef5" stroke-width="3"/>`,
        `<path d="M0 292 q25 -7 50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0" fill="none" stroke="#cbe7f0" stroke-width="2.5"/>`,
        `<path d="M0 312 Q250 300 500 316 L500 600 L0 600 Z" fill="#efdcb5"/>`,
        `<g transform="rotate(12 420 360)"><rect x="396" y="170" width="56" height="340" rx="28" fill="#fdfaf2"/><rect x="420" y="170" width="8" height="340" fill="${style.accent}"/></g>`,
        `<rect x="58" y="392" width="330" height="150" rx="6" fill="${lighten(style.accent, 0.55)}" transform="rotate(-4 220 460)"/>`,
        `<rect x="58" y="392" width="330" height="24" fill="${style.accent}" opacity="0.5" transform="rotate(-4 220 460)"/>`,
        wearable ? place(kind, 228, 420, 0.78, style) : place(kind, 228, 420, 0.7, style),
      ].join('');
    case 'rail':
      return [
        `<rect width="500" height="600" fill="${lighten(input.backdrop, 0.35)}"/>`,
        `<rect x="330" y="150" width="120" height="150" fill="#ffffff" stroke="#c8b9a6" stroke-width="8"/>`,
        `<path d="M346 280 L382 214 L404 246 L420 226 L436 280 Z" fill="${lighten(style.accent, 0.4)}"/><circle cx="412" cy="190" r="12" fill="#f2c97b"/>`,
        `<rect y="500" width="500" height="100" fill="#cfae86"/>`,
        `<path d="M0 530 H500 M0 566 H500" stroke="#bb9870" stroke-width="2"/>`,
        `<path d="M40 90 H460 M50 90 V500 M450 90 V500" stroke="#5f5346" stroke-width="6" stroke-linecap="round"/>`,
        place('tee', 24, 310, 0.8, {
          ...style,
          colour: muted('#8ca0a8'),
          pattern: 'plain',
          label: '',
          mark: '',
        }),
        hanger(250, 92),
        wearable ? place(kind, 250, 316, 0.86, style) : place(kind, 250, 330, 0.7, style),
        place('planter', 420, 460, 0.38, { ...style, colour: '#c9825b', pattern: 'plain' }),
      ].join('');
    case 'cabin':
      return [
        `<rect width="500" height="600" fill="#e9dfd2"/>`,
        `<path d="M0 60 H500 M0 120 H500 M0 180 H500 M0 240 H500 M0 300 H500 M0 360 H500 M0 420 H500 M0 480 H500" stroke="#dccfbe" stroke-width="3"/>`,
        `<rect x="300" y="70" width="170" height="220" fill="#c7dbe8" stroke="#8a7560" stroke-width="10"/>`,
        `<path d="M305 200 L360 150 L410 190 L465 140 L465 285 L305 285 Z" fill="#7f9db8"/><path d="M305 236 L350 206 L400 236 L465 200 L465 285 L305 285 Z" fill="#5c7c9a"/><path d="M305 262 L380 246 L465 258 L465 285 L305 285 Z" fill="#445f7c"/>`,
        `<path d="M385 70 V290 M300 180 H470" stroke="#8a7560" stroke-width="6"/>`,
        `<rect y="520" width="500" height="80" fill="#a98563"/>`,
        `<circle cx="160" cy="84" r="10" fill="#6d5845"/>`,
        wearable
          ? place(kind, 160, 300, 0.82, style)
          : `<rect x="56" y="440" width="210" height="16" rx="4" fill="#8a6a4f"/><rect x="76" y="456" width="14" height="64" fill="#6d533d"/><rect x="232" y="456" width="14" height="64" fill="#6d533d"/>${place(kind, 161, 444 - baseOf(kind) * 0.78, 0.78, style)}`,
        leafSprig(420, 520, 8, '#6f8f62'),
        `<rect x="380" y="430" width="80" height="90" rx="6" fill="#c7b299"/>`,
      ].join('');
    case 'sofa':
      return [
        `<rect width="500" height="600" fill="${lighten(input.backdrop, 0.3)}"/>`,
        `<rect y="500" width="500" height="100" fill="#c9b49a"/>`,
        `<ellipse cx="250" cy="540" rx="230" ry="34" fill="${lighten(style.accent, 0.5)}"/>`,
        `<rect x="40" y="250" width="420" height="150" rx="40" fill="#b8ab9b"/>`,
        `<rect x="20" y="330" width="80" height="160" rx="30" fill="#a89a89"/><rect x="400" y="330" width="80" height="160" rx="30" fill="#a89a89"/>`,
        `<rect x="80" y="380" width="340" height="100" rx="22" fill="#c6baab"/>`,
        `<path d="M440 80 V330" stroke="#3f3a36" stroke-width="4"/><path d="M410 80 L470 80 L456 40 L424 40 Z" fill="#efe2c6"/>`,
        place(kind, 240, 360, 0.78, style),
      ].join('');
    case 'bench':
      return [
        `<defs><pattern id="tile" width="60" height="30" patternUnits="userSpaceOnUse"><rect width="60" height="30" fill="#f4f1ec"/><path d="M0 0 H60 M0 15 M30 0 V15 M0 15 H60 M0 15 V30" stroke="#dcd5ca" stroke-width="2"/></pattern></defs>`,
        `<rect width="500" height="420" fill="url(#tile)"/>`,
        `<rect x="300" y="150" width="130" height="190" rx="18" fill="#b98b5e"/><circle cx="365" cy="178" r="10" fill="url(#tile)"/>`,
        `<rect y="410" width="500" height="190" fill="#e4e1dc"/>`,
        `<path d="M40 460 Q200 430 330 480 M120 560 Q260 520 460 560" stroke="#cfcac2" stroke-width="2" fill="none"/>`,
        `<rect y="404" width="500" height="12" fill="#d1ccc4"/>`,
        onTable(0.92, 452),
        leafSprig(90, 420, -12),
      ].join('');
    case 'garden':
      return [
        `<rect width="500" height="600" fill="#e8efe4"/>`,
        `<path d="M0 0 H500 V140 Q380 170 250 140 Q120 110 0 150 Z" fill="#cfe0c8"/>`,
        `<rect y="420" width="500" height="180" fill="#d9c8ad"/>`,
        leafSprig(70, 430, -10, '#5d8a55'),
        leafSprig(440, 430, 14, '#6f9d5f'),
        onTable(0.95, 470),
      ].join('');
    default:
      return [
        `<rect width="500" height="600" fill="${lighten(input.backdrop, 0.3)}"/>`,
        `<rect x="40" y="60" width="170" height="220" fill="#dcecf3" stroke="#ffffff" stroke-width="12"/>`,
        `<path d="M125 60 V280 M40 170 H210" stroke="#ffffff" stroke-width="8"/>`,
        `<path d="M60 120 q40 -30 80 -10 q30 -30 60 0" fill="none" stroke="#9dbf95" stroke-width="10" stroke-linecap="round"/>`,
        `<rect y="420" width="500" height="180" fill="#c29a6e"/>`,
        `<rect y="420" width="500" height="14" fill="#ad855a"/>`,
        `<path d="M0 480 H500 M0 540 H500" stroke="#b38b60" stroke-width="2"/>`,
        `<rect x="372" y="362" width="90" height="22" rx="3" fill="${lighten(style.accent, 0.3)}"/><rect x="380" y="384" width="80" height="20" rx="3" fill="#e9e2d4"/><rect x="366" y="404" width="96" height="20" rx="3" fill="${darken(style.accent, 0.2)}"/>`,
        onTable(0.95, 446),
      ].join('');
  }
}

function flatlay(input: ProductPictureInput): string {
  const surface = lighten(input.backdrop, 0.2);
  const name = wrap(input.name, 16, 3);
  const chips = input.swatches.slice(0, 6);
  const tagY = 326;
  const brand = wrap(input.brand.toUpperCase(), 19, 2);
  return [
    `<defs><pattern id="weave" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="${surface}"/><path d="M0 3 H10 M6 0 V10" stroke="${darken(surface, 0.035)}" stroke-width="0.8"/></pattern></defs>`,
    `<rect width="500" height="600" fill="url(#weave)"/>`,
    leafSprig(70, 580, 30),
    place(input.kind, 178, 206, 0.84, input.style),
    `<g transform="rotate(-7 360 440)">`,
    `<path d="M356 ${tagY - 6} Q300 ${tagY - 120} 230 ${tagY - 150}" fill="none" stroke="#8d7a62" stroke-width="2"/>`,
    `<rect x="262" y="${tagY}" width="196" height="250" rx="10" fill="#fffdf8"/>`,
    `<rect x="262" y="${tagY}" width="196" height="250" rx="10" fill="none" stroke="${darken(surface, 0.15)}" stroke-width="1.5"/>`,
    `<circle cx="360" cy="${tagY + 20}" r="7" fill="${surface}" stroke="#c9b9a0" stroke-width="2"/>`,
    brand
      .map((line, i) =>
        text(360, tagY + 50 + i * 14 - (brand.length - 1) * 7, line, {
          size: 11,
          fill: input.style.accent,
          weight: 700,
          spacing: 1.2,
        }),
      )
      .join(''),
    `<path d="M290 ${tagY + 66} H430" stroke="${lighten(input.style.accent, 0.4)}" stroke-width="2"/>`,
    name
      .map((line, i) => text(360, tagY + 92 + i * 22, line, { size: 18, fill: '#2f2c28', family: SERIF }))
      .join(''),
    chips
      .map(
        (chip, i) =>
          `<circle cx="${360 - ((chips.length - 1) * 26) / 2 + i * 26}" cy="${tagY + 176}" r="10" fill="${chip.hex}" stroke="#d2c8ba" stroke-width="1.5"/>`,
      )
      .join(''),
    input.sizes.length
      ? text(360, tagY + 208, input.sizes.join(' · '), { size: 12, fill: '#6b655d', spacing: 1 })
      : '',
    // Without colours or sizes to list, the tag carries the maker's stamp.
    chips.length || input.sizes.length
      ? ''
      : `<circle cx="360" cy="${tagY + 180}" r="26" fill="none" stroke="${input.style.accent}" stroke-width="2"/>${text(360, tagY + 187, input.style.mark, { size: 18, fill: input.style.accent, family: SERIF, weight: 700 })}`,
    text(360, tagY + 232, input.place, { size: 11, fill: '#8a8379', style: 'italic', family: SERIF }),
    `</g>`,
  ].join('');
}

export function productPicture(input: ProductPictureInput, view: ProductView): string {
  const body =
    view === 'main'
      ? main(input)
      : view === 'detail'
        ? detail(input)
        : view === 'lifestyle'
          ? lifestyle(input)
          : flatlay(input);
  const what = { main: '', detail: ', close-up', lifestyle: ', in use', flatlay: ', with its tag' }[view];
  return svgDocument(PRODUCT_WIDTH, PRODUCT_HEIGHT, body, `${input.name}${what}`);
}

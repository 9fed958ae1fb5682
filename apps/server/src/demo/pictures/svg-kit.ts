// Small helpers shared by the picture generators: colour mixing, text escaping and the <svg> wrapper.
// Pictures use only generic font families so they render the same in browsers and in sharp (librsvg).

export const SANS = 'sans-serif';
export const SERIF = 'serif';

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  const part = (channel: number) =>
    Math.max(0, Math.min(255, Math.round(channel)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** `amount` 0 keeps `from`, 1 gives `to`. */
export function mix(from: string, to: string, amount: number): string {
  const a = toRgb(from);
  const b = toRgb(to);
  return toHex([a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount]);
}

export const lighten = (hex: string, amount: number) => mix(hex, '#ffffff', amount);
export const darken = (hex: string, amount: number) => mix(hex, '#1b1b1f', amount);

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Dark ink on light colours, white on dark ones. */
export const inkOn = (hex: string) => (luminance(hex) > 0.4 ? '#23262d' : '#ffffff');

/** The tones one flat illustration is drawn with. */
export interface Tones {
  base: string;
  shade: string;
  deep: string;
  light: string;
  line: string;
}

export function tones(base: string): Tones {
  const pale = luminance(base) > 0.7;
  return {
    base,
    shade: darken(base, pale ? 0.1 : 0.18),
    deep: darken(base, pale ? 0.22 : 0.36),
    light: lighten(base, pale ? 0.55 : 0.22),
    line: darken(base, pale ? 0.35 : 0.5),
  };
}

export const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

export function svgDocument(width: number, height: number, body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img"><title>${escapeXml(title)}</title>${body}</svg>`;
}

/** A line of text; `size` in px, anchored in the middle unless told. */
export function text(
  x: number,
  y: number,
  content: string,
  options: {
    size: number;
    fill: string;
    family?: string;
    weight?: number | string;
    anchor?: 'start' | 'middle' | 'end';
    spacing?: number;
    style?: 'italic';
    opacity?: number;
  },
): string {
  const attributes = [
    `x="${round(x)}"`,
    `y="${round(y)}"`,
    `font-family="${options.family ?? SANS}"`,
    `font-size="${options.size}"`,
    `fill="${options.fill}"`,
    `text-anchor="${options.anchor ?? 'middle'}"`,
    options.weight ? `font-weight="${options.weight}"` : '',
    options.spacing ? `letter-spacing="${options.spacing}"` : '',
    options.style ? `font-style="${options.style}"` : '',
    options.opacity !== undefined ? `opacity="${options.opacity}"` : '',
  ].filter(Boolean);
  return `<text ${attributes.join(' ')}>${escapeXml(content)}</text>`;
}

export const round = (value: number) => Math.round(value * 10) / 10;

/** Splits a title into at most `lines` lines of about `width` characters. */
export function wrap(content: string, width: number, lines = 2): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of content.split(/\s+/)) {
    if (current && `${current} ${word}`.length > width) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) out.push(current);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]}…`;
  return kept;
}

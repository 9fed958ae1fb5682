import { darken, inkOn, lighten, SERIF, svgDocument, text } from './svg-kit.ts';

// The picture of the sizing chart tab ([PDP-16]): a table of body measurements in centimetres for the
// sizes a garment comes in.

export type ChartKind = 'tops' | 'hoodies' | 'dresses' | 'knitwear' | 'socks';

export const CHART_WIDTH = 600;

const TITLES: Record<ChartKind, string> = {
  tops: 'Tees, tanks & shirts',
  hoodies: 'Hoodies & sweats',
  dresses: 'Dresses',
  knitwear: 'Knitwear',
  socks: 'Socks',
};

/** Each row: a measurement, its value at the smallest size (XS) and the step per size. */
const ROWS: Record<ChartKind, [string, number, number][]> = {
  tops: [
    ['Chest', 86, 6],
    ['Length', 66, 2],
    ['Sleeve', 19, 1],
  ],
  hoodies: [
    ['Chest', 96, 6],
    ['Length', 66, 2],
    ['Sleeve', 60, 1.5],
  ],
  dresses: [
    ['Bust', 80, 5],
    ['Waist', 64, 5],
    ['Hip', 88, 5],
    ['Length', 110, 1],
  ],
  knitwear: [
    ['Chest', 92, 6],
    ['Length', 62, 2],
    ['Sleeve', 58, 1.5],
  ],
  socks: [
    ['Foot length', 22, 2],
    ['AU shoe size', 4, 2.5],
  ],
};

const ORDER = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

export function sizingChart(input: {
  kind: ChartKind;
  sizes: string[];
  brand: string;
  colour: string;
}): string {
  const sizes = input.sizes.length ? input.sizes : ['S', 'M', 'L', 'XL'];
  const rows = ROWS[input.kind];
  const labelWidth = 150;
  const columnWidth = Math.min(80, (CHART_WIDTH - 60 - labelWidth) / sizes.length);
  const top = 110;
  const rowHeight = 44;
  const height = top + rowHeight * (rows.length + 1) + 70;
  const header = input.colour;
  const cells: string[] = [];
  cells.push(
    `<rect x="30" y="${top}" width="${labelWidth + columnWidth * sizes.length}" height="${rowHeight}" rx="6" fill="${header}"/>`,
  );
  cells.push(text(46, top + 28, 'Size', { size: 16, fill: inkOn(header), anchor: 'start', weight: 700 }));
  sizes.forEach((size, i) => {
    cells.push(
      text(30 + labelWidth + columnWidth * (i + 0.5), top + 28, size, {
        size: 16,
        fill: inkOn(header),
        weight: 700,
      }),
    );
  });
  rows.forEach(([label, start, step], r) => {
    const y = top + rowHeight * (r + 1);
    if (r % 2 === 0)
      cells.push(
        `<rect x="30" y="${y}" width="${labelWidth + columnWidth * sizes.length}" height="${rowHeight}" fill="${lighten(header, 0.85)}"/>`,
      );
    cells.push(text(46, y + 28, label, { size: 15, fill: '#3a3632', anchor: 'start' }));
    sizes.forEach((size, i) => {
      const index = Math.max(0, ORDER.indexOf(size));
      const value = start + step * index;
      cells.push(
        text(
          30 + labelWidth + columnWidth * (i + 0.5),
          y + 28,
          Number.isInteger(value) ? String(value) : value.toFixed(1),
          {
            size: 15,
            fill: '#3a3632',
          },
        ),
      );
    });
  });
  const body = [
    `<rect width="${CHART_WIDTH}" height="${height}" fill="#fffdf9"/>`,
    text(30, 52, `Size guide · ${TITLES[input.kind]}`, {
      size: 24,
      fill: darken(header, 0.2),
      anchor: 'start',
      family: SERIF,
      weight: 700,
    }),
    text(30, 80, input.brand, { size: 14, fill: '#7a736a', anchor: 'start', spacing: 1 }),
    ...cells,
    text(
      30,
      height - 30,
      input.kind === 'socks'
        ? 'Between sizes? Choose the larger one.'
        : 'Body measurements in cm. Between sizes? Size up for a relaxed fit.',
      { size: 13, fill: '#7a736a', anchor: 'start' },
    ),
  ].join('');
  return svgDocument(CHART_WIDTH, height, body, `Size guide, ${TITLES[input.kind]}`);
}

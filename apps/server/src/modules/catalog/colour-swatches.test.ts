import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openTestDatabase } from '../../db/database.ts';
import { aConfigurableProduct, aSeller } from '../../test/catalog-factory.ts';
import { importCatalogue } from './catalog-importer.ts';
import { guessSwatch } from './colour-swatches.ts';

// Colours named without a swatch get one from their name; a given swatch always wins.

describe('guessSwatch', () => {
  it('[PDP-07] knows common colour names, the last word of a shade, the first of a mix; nothing else', () => {
    expect(guessSwatch('Navy')).toBe('#1f2c4d');
    expect(guessSwatch('Heather Grey')).toBe('#8a8d91');
    expect(guessSwatch('black/white')).toBe('#1b1b1b');
    expect(guessSwatch('Red & Blue')).toBe('#c8312b');
    expect(guessSwatch('Salt')).toBeNull();
    expect(guessSwatch('Multi')).toBeNull();
  });
});

describe('swatches on import', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle?.close());

  const swatches = async () =>
    Object.fromEntries(
      (
        await handle.db
          .selectFrom('option_values')
          .select(['title', 'swatch'])
          .where('attribute_code', '=', 'color')
          .execute()
      ).map((row) => [row.title, row.swatch]),
    );
  const tee = (sku: string, colours: { title: string; swatch?: string }[] | undefined) =>
    aConfigurableProduct(sku, {
      options: colours ? { color: colours } : undefined,
      variants: ['Navy', 'Salt', 'Olive'].map((color) => ({ sku: `${sku}-${color}`, color, qty: 1 })),
    });

  it('[PDP-07] fills a colour without a swatch from its name, never replaces a swatch, and yields to a given one', async () => {
    await importCatalogue(handle.db, {
      sellers: [aSeller()],
      products: [tee('A', [{ title: 'Olive', swatch: '#556b2f' }])],
    });
    expect(await swatches()).toEqual({ Navy: '#1f2c4d', Salt: null, Olive: '#556b2f' });
    // A file without swatches does not undo the one given before.
    await importCatalogue(handle.db, { products: [tee('B', undefined)] });
    expect(await swatches()).toEqual({ Navy: '#1f2c4d', Salt: null, Olive: '#556b2f' });
    // A swatch given later changes the guessed one.
    await importCatalogue(handle.db, {
      products: [
        tee('C', [
          { title: 'Navy', swatch: '#000080' },
          { title: 'Salt', swatch: '#eeeeee' },
        ]),
      ],
    });
    expect(await swatches()).toEqual({ Navy: '#000080', Salt: '#eeeeee', Olive: '#556b2f' });
  });
});

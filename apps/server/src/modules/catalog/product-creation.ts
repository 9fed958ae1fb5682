import type { CreateVendorProductInput, ProductCategoriesReply } from '@quokka/contract/api/vendor-products';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ConflictError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import { type OptionValueRow, optionKey, upsertOptionValues } from './catalog-import-repository.ts';
import { formatPath, productOptionOrder } from './catalog-importer.ts';
import { guessSwatch } from './colour-swatches.ts';
import { type ProductInput, productInput } from './import-format.ts';
import { catalogueChange, type ProductEditor } from './product-editing.ts';

// [I32] Add product (docs/sellers.md): a seller's staff (their own seller only) or an operator (any seller)
// lists a new product from the back office. The rules are the importer's: the request is turned into the
// import format's product and checked by its validator (import-format.ts), so the name, SKU, price, stock
// and photo rules and their limits are the same; then the SKUs are checked against the whole catalogue
// (a SKU is unique across the shop: the database's products.sku is), and the category and the seller.
//
// With colours and/or sizes the product is configurable, one variant per colour × size (each with its own
// price and stock, SKU `<sku>-<colour>-<size>`), in the order the seller gave them; without, a simple
// product. Its photos (1–4) and pictures per colour are uploaded first (POST /products/pictures: the media
// store checks them) and named in the create call, so a product never exists without a photo — nothing
// to submit half-made. One transaction writes it all with its audit line and the catalogue's NOTIFY.
//
// PRODUCT_REVIEW=auto: shown at once. manual: a vendor's product is created 'waiting' (submitted_at now),
// hidden from shoppers (products.listed) until an operator approves it (product-review.ts); an operator's
// own product is approved at once (they are the reviewers).

export const SELLER_NEEDED = 'Choose the seller this product is for.';
export const NO_SUCH_SELLER = 'There is no such seller.';
export const NO_SUCH_CATEGORY = 'There is no such category: choose one from the list.';
export const skuTaken = (sku: string) =>
  `The SKU "${sku}" is already used by another product: choose another.`;

export interface ProductCreationDeps {
  db: Db;
  clock: Clock;
  productReview: 'auto' | 'manual';
}

/** A SKU's part made from free text: letters and digits in capitals, words joined by "-". */
function skuPart(text: string, maxWords = 3, maxLetters = 8): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean)
    .slice(0, maxWords)
    .map((word) => word.slice(0, maxLetters))
    .join('-');
}

/** The variants' SKUs: `<sku>-<colour>-<size>`, each at most 64 characters and all different. */
export function variantSkus(sku: string, variants: readonly { colour?: string; size?: string }[]): string[] {
  const seen = new Set<string>();
  return variants.map((variant, index) => {
    const parts = [variant.colour, variant.size].map((label) => (label ? skuPart(label, 2, 10) : ''));
    const suffix = parts.filter(Boolean).join('-') || String(index + 1);
    let candidate = `${sku.slice(0, 63 - suffix.length)}-${suffix}`;
    if (seen.has(candidate)) candidate = `${sku.slice(0, 60 - suffix.length)}-${suffix}-${index + 1}`;
    seen.add(candidate);
    return candidate;
  });
}

const sameLabel = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** The request's options and variants checked against each other; answers every problem at once. */
function optionProblems(body: CreateVendorProductInput): string[] {
  const problems: string[] = [];
  const { colours, sizes, variants } = body;
  if (new Set(body.photos).size !== body.photos.length) problems.push('The same photo is added twice.');
  const twice = (list: string[], what: string) => {
    list.forEach((label, index) => {
      if (list.findIndex((other) => sameLabel(other, label)) !== index)
        problems.push(`${what} "${label}" is listed twice.`);
    });
  };
  twice(colours, 'Colour');
  twice(sizes, 'Size');
  if (colours.length === 0 && sizes.length === 0) {
    if (variants.length > 0)
      problems.push('Variants need colours or sizes: add them, or leave variants out.');
    if (body.colour_photos.length > 0) problems.push('Pictures per colour need colours.');
    return problems;
  }
  const label = (colour?: string, size?: string) => [colour, size].filter(Boolean).join(' / ');
  const seen = new Set<string>();
  for (const variant of variants) {
    const name = label(variant.colour, variant.size) || '(no colour or size)';
    if (colours.length > 0 && !variant.colour) problems.push(`The variant ${name} needs a colour.`);
    if (colours.length === 0 && variant.colour)
      problems.push(`The variant ${name} has a colour, but the product has no colours.`);
    if (variant.colour && !colours.includes(variant.colour))
      problems.push(`The variant ${name} has a colour that is not in the list of colours.`);
    if (sizes.length > 0 && !variant.size) problems.push(`The variant ${name} needs a size.`);
    if (sizes.length === 0 && variant.size)
      problems.push(`The variant ${name} has a size, but the product has no sizes.`);
    if (variant.size && !sizes.includes(variant.size))
      problems.push(`The variant ${name} has a size that is not in the list of sizes.`);
    const key = `${variant.colour ?? ''}\u0000${variant.size ?? ''}`;
    if (seen.has(key)) problems.push(`The variant ${name} is listed twice.`);
    seen.add(key);
  }
  for (const colour of colours.length > 0 ? colours : [undefined])
    for (const size of sizes.length > 0 ? sizes : [undefined])
      if (!seen.has(`${colour ?? ''}\u0000${size ?? ''}`))
        problems.push(`Give a price and stock for ${label(colour, size)}.`);
  const pictured = new Set<string>();
  for (const picture of body.colour_photos) {
    if (!colours.includes(picture.colour))
      problems.push(`The picture for "${picture.colour}" names a colour the product does not have.`);
    if (pictured.has(picture.colour)) problems.push(`The colour ${picture.colour} has two pictures.`);
    pictured.add(picture.colour);
  }
  return problems;
}

export function createProductCreation({ db, clock, productReview }: ProductCreationDeps) {
  /** The seller the product is for: a vendor's own; an operator's choice (which must exist). */
  async function sellerOf(editor: ProductEditor, sellerId: number | undefined) {
    if (editor.role === 'vendor') {
      if (editor.sellerId === null || (sellerId !== undefined && sellerId !== editor.sellerId))
        throw new NotFoundError(NO_SUCH_SELLER);
      sellerId = editor.sellerId;
    }
    if (sellerId === undefined) throw new InvalidDataError(SELLER_NEEDED);
    const seller = await db
      .selectFrom('sellers')
      .select(['id', 'seller_url', 'suspended_at'])
      .where('id', '=', sellerId)
      .executeTakeFirst();
    if (!seller) throw new InvalidDataError(NO_SUCH_SELLER);
    return seller;
  }

  /** The import format's product for this request, checked by the importer's own validator. */
  function asImportProduct(body: CreateVendorProductInput, sellerUrl: string, category: string) {
    const configurable = body.colours.length > 0 || body.sizes.length > 0;
    const skus = variantSkus(body.sku, body.variants);
    const pictureOf = new Map(body.colour_photos.map((picture) => [picture.colour, picture.url]));
    const base = {
      sku: body.sku,
      name: body.name,
      seller: sellerUrl,
      price: (configurable ? Math.min(...body.variants.map((v) => v.price_cents)) : body.price_cents) / 100,
      description: body.description,
      categories: [category],
      images: body.photos,
    };
    const input = configurable
      ? {
          ...base,
          type: 'configurable' as const,
          options: {
            ...(body.colours.length > 0 ? { color: body.colours.map((title) => ({ title })) } : {}),
            ...(body.sizes.length > 0 ? { size: body.sizes.map((title) => ({ title })) } : {}),
          },
          variants: body.variants.map((variant, index) => ({
            sku: skus[index],
            ...(variant.colour ? { color: variant.colour } : {}),
            ...(variant.size ? { size: variant.size } : {}),
            price: variant.price_cents / 100,
            qty: variant.qty,
            ...(variant.colour && pictureOf.has(variant.colour)
              ? { image: pictureOf.get(variant.colour) }
              : {}),
          })),
        }
      : { ...base, type: 'simple' as const, qty: body.qty };
    const parsed = productInput.safeParse(input);
    if (!parsed.success)
      throw new InvalidDataError(
        parsed.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`).join('; '),
      );
    return parsed.data;
  }

  /** Creates the product; answers its id. */
  async function create(editor: ProductEditor, body: CreateVendorProductInput): Promise<number> {
    const problems = optionProblems(body);
    if (problems.length > 0) throw new InvalidDataError(problems.join(' '));
    const seller = await sellerOf(editor, body.seller_id);
    const category = await db
      .selectFrom('categories')
      .select(['id', 'code'])
      .where('id', '=', body.category_id)
      .executeTakeFirst();
    if (!category) throw new InvalidDataError(NO_SUCH_CATEGORY);
    const product = asImportProduct(body, seller.seller_url, category.code);
    const skus = [product.sku, ...(product.type === 'simple' ? [] : product.variants.map((v) => v.sku))];
    const taken = await db.selectFrom('products').select('sku').where('sku', 'in', skus).execute();
    if (taken.length > 0) throw new InvalidDataError(skuTaken(taken[0]!.sku));

    const waits = productReview === 'manual' && editor.role === 'vendor';
    const now = clock.now();
    try {
      return await catalogueChange(db, async (trx) => {
        const id = await writeProduct(trx, product, seller, category.id, waits, now);
        await recordStaffAction(trx, {
          actor: { staffId: editor.staffId },
          action: 'product.created',
          subject: `product:${id}`,
          before: null,
          after: { ...body, review_status: waits ? 'waiting' : 'approved' },
          at: now,
        });
        return { result: id, touched: 'all' };
      });
    } catch (error) {
      // Another create took one of these SKUs between the check and the write.
      if (isUniqueViolation(error, 'sku'))
        throw new ConflictError('One of these SKUs was just taken by another product: choose another.');
      throw error;
    }
  }

  /** A SKU made from the name (the first words, in capitals) that no product uses: "-2", "-3"… if needed. */
  async function suggestSku(name: string): Promise<string> {
    const base = skuPart(name).slice(0, 40).replace(/-+$/, '') || 'ITEM';
    const like = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await db
      .selectFrom('products')
      .select('sku')
      .where(sql<boolean>`upper(sku) like ${like} escape '\\'`)
      .execute();
    const used = new Set(rows.map((row) => row.sku.toUpperCase()));
    // The variants take `<sku>-…`: a SKU whose variants' SKUs are used too is not free either.
    const free = (sku: string) => !used.has(sku) && ![...used].some((other) => other.startsWith(`${sku}-`));
    if (free(base)) return base;
    for (let n = 2; ; n += 1) if (free(`${base}-${n}`)) return `${base}-${n}`;
  }

  /** The categories a product can be filed under, with their place in the tree ("Clothing › Tees"). */
  async function categories(): Promise<ProductCategoriesReply> {
    const rows = await db
      .selectFrom('categories')
      .select(['id', 'name', 'path', 'position'])
      .orderBy('path')
      .execute();
    const names = new Map(rows.map((row) => [row.id, row.name]));
    const items = rows.map((row) => {
      const chain = row.path
        .split('/')
        .filter(Boolean)
        .map((id) => names.get(Number(id)) ?? '');
      return { id: row.id, name: row.name, path: chain.filter(Boolean).join(' › ') || row.name };
    });
    items.sort((a, b) => a.path.localeCompare(b.path));
    return { items };
  }

  return { create, suggestSku, categories };
}

export type ProductCreation = ReturnType<typeof createProductCreation>;

/** Writes the parent, its variants, pictures and category link; answers the parent's id. */
async function writeProduct(
  trx: Db,
  product: ProductInput,
  seller: { id: number; suspended_at: Date | null },
  categoryId: number,
  waits: boolean,
  now: Date,
): Promise<number> {
  const sellerId = seller.id;
  // A suspended seller's products stay off the storefront until the suspension is lifted (children too).
  const sellerActive = seller.suspended_at === null;
  const review = waits
    ? { review_status: 'waiting' as const, submitted_at: now }
    : { review_status: 'approved' as const, submitted_at: null };
  const tabs = JSON.stringify({ shipping: [], sizing_chart_url: null, faq: [] });
  const parent = await trx
    .insertInto('products')
    .values({
      sku: product.sku,
      parent_id: null,
      seller_id: sellerId,
      type_id: product.type === 'simple' ? 'simple' : 'configurable',
      enabled: true,
      name: product.name,
      price_cents: Math.round(product.price * 100),
      qty: product.type === 'simple' ? product.qty : 0,
      description: product.description,
      color_id: null,
      size_id: null,
      gift_card_price_id: null,
      tabs,
      created_at: now,
      updated_at: now,
      seller_active: sellerActive,
      ...review,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('product_images')
    .values(product.images.map((url, position) => ({ product_id: parent.id, position, url })))
    .execute();
  await trx
    .insertInto('product_categories')
    .values({ product_id: parent.id, category_id: categoryId })
    .execute();
  if (product.type !== 'configurable') return parent.id;

  const order = productOptionOrder(product);
  const options: OptionValueRow[] = [];
  for (const [title] of order.color)
    options.push({
      attribute_code: 'color',
      title,
      swatch: null,
      guessedSwatch: guessSwatch(title),
      position: options.length,
    });
  for (const [title] of order.size)
    options.push({ attribute_code: 'size', title, swatch: null, position: options.length });
  const optionIds = await upsertOptionValues(trx, options);
  for (const variant of product.variants) {
    const labels = [variant.color, variant.size].filter(Boolean);
    const child = await trx
      .insertInto('products')
      .values({
        sku: variant.sku,
        parent_id: parent.id,
        seller_id: sellerId,
        type_id: 'simple',
        enabled: true,
        name: `${product.name} - ${labels.join(' / ')}`,
        price_cents: Math.round((variant.price ?? product.price) * 100),
        qty: variant.qty,
        color_id: variant.color ? (optionIds.get(optionKey('color', variant.color)) ?? null) : null,
        size_id: variant.size ? (optionIds.get(optionKey('size', variant.size)) ?? null) : null,
        gift_card_price_id: null,
        color_position: variant.color ? (order.color.get(variant.color) ?? null) : null,
        size_position: variant.size ? (order.size.get(variant.size) ?? null) : null,
        tabs: '{}',
        created_at: now,
        updated_at: now,
        seller_active: sellerActive,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (variant.image)
      await trx
        .insertInto('product_images')
        .values({ product_id: child.id, position: 0, url: variant.image })
        .execute();
  }
  return parent.id;
}

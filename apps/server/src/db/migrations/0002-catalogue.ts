import { type Kysely, sql } from 'kysely';

// The catalogue: sellers, a three-level category tree, products (simple, configurable parents with
// colour/size or gift-card-price children, each child with its own stock), pictures, tabs and MMS
// templates. Money in integer cents. Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sellers')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('seller_url', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('logo_url', 'text', (col) => col.notNull())
    .addColumn('banner_url', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('parent_id', 'integer', (col) => col.references('categories.id').onDelete('restrict'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('level', 'smallint', (col) => col.notNull().check(sql`level between 1 and 3`))
    // Materialised path of ids, '/3/17/42/': a category and its descendants are `path like '/3/17/%'`.
    .addColumn('path', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('categories_parent').on('categories').column('parent_id').execute();
  await sql`create index categories_path on categories (path text_pattern_ops)`.execute(db);

  await db.schema
    .createTable('option_values')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('attribute_code', 'text', (col) =>
      col.notNull().check(sql`attribute_code in ('color', 'size', 'gift_card_price')`),
    )
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('swatch', 'text')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('option_values_code_title', ['attribute_code', 'title'])
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('sku', 'text', (col) => col.notNull().unique())
    .addColumn('parent_id', 'integer', (col) => col.references('products.id').onDelete('cascade'))
    .addColumn('seller_id', 'integer', (col) => col.notNull().references('sellers.id'))
    .addColumn('type_id', 'text', (col) => col.notNull().check(sql`type_id in ('simple', 'configurable')`))
    .addColumn('is_giftcard', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull().check(sql`price_cents >= 0`))
    // Stock of a simple product or a child; a configurable parent's stock is its children's.
    .addColumn('qty', 'integer', (col) => col.notNull().defaultTo(0).check(sql`qty >= 0`))
    .addColumn('short_desc', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('color_id', 'integer', (col) => col.references('option_values.id'))
    .addColumn('size_id', 'integer', (col) => col.references('option_values.id'))
    .addColumn('gift_card_price_id', 'integer', (col) => col.references('option_values.id'))
    // { shipping: [{label, value}, …], sizing_chart_url, faq: [{question, answer}, …] }
    .addColumn('tabs', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // Lists show enabled top-level products in a stable order (by id).
  await sql`create index products_listing on products (id) where parent_id is null and enabled`.execute(db);
  await db.schema.createIndex('products_parent').on('products').column('parent_id').execute();
  await db.schema.createIndex('products_seller').on('products').columns(['seller_id', 'id']).execute();

  await db.schema
    .createTable('product_images')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_images_pk', ['product_id', 'position'])
    .execute();

  await db.schema
    .createTable('product_categories')
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (col) =>
      col.notNull().references('categories.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('product_categories_pk', ['category_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('product_categories_product')
    .on('product_categories')
    .column('product_id')
    .execute();

  await db.schema
    .createTable('mms_templates')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('product_id', 'integer', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('image_url', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('mms_templates_product_code', ['product_id', 'code'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'mms_templates',
    'product_categories',
    'product_images',
    'products',
    'option_values',
    'categories',
    'sellers',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

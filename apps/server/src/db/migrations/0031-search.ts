import { type Kysely, sql } from 'kysely';

// [I33] Storefront search (docs/search.md, modules/catalog/search.ts).
// - pg_trgm: trigram similarity for SKU fragments and for correcting a misspelt word (PGlite ships it as
//   a contrib extension, loaded wherever PGlite is opened: db/database.ts PGLITE_EXTENSIONS).
// - search_documents: one row per top-level product (listed or not: the back office searches them all),
//   written by the database itself in the same transaction as every write that changes what it holds —
//   statement triggers on products (the product or any child), product_categories, categories and
//   option_values queue the top-level product ids (search_queue → search_pending), and a deferred
//   constraint trigger calls search_refresh once for all of them at commit: an import refreshes each
//   product once, not once for the product, again for its children and again for its categories. It holds the name, every SKU (the product's and its
//   children's, lower case), the words (`tsv`: name and SKUs weight A, categories, colours and sizes B,
//   the description D; both 'simple' for prefixes and 'english' for plural and singular), and what the
//   filters read: categories, colours and sizes of listed children, the children's prices, the tile's
//   price (the lowest buyable, catalog-repository.ts buyablePriceRange), stock, seller and listed.
// - search_words: every word of the catalogue (3 letters or more, no digits), for correcting a query's
//   words by trigram; words are added, never removed (a stale word only offers a correction that finds
//   nothing).
// Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await sql`create table search_documents (
    product_id integer primary key,
    seller_id integer not null,
    listed boolean not null,
    name text not null,
    sku text not null,
    skus text not null,
    name_tsv tsvector not null,
    tsv tsvector not null,
    category_ids integer[] not null,
    colors text[] not null,
    sizes text[] not null,
    prices integer[] not null,
    price_cents integer not null,
    in_stock boolean not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index search_documents_tsv on search_documents using gin (tsv) where listed`.execute(db);
  await sql`create index search_documents_skus on search_documents using gin (skus gin_trgm_ops)`.execute(db);
  await sql`create index search_documents_name on search_documents using gin (lower(name) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index search_documents_seller on search_documents (seller_id)`.execute(db);
  // [I33] SKU fragments by prefix first (search-repository.ts skuFragmentMatch).
  await sql`create index products_sku_prefix on products (lower(sku) text_pattern_ops)`.execute(db);

  await sql`create table search_words (word text primary key)`.execute(db);
  await sql`create index search_words_pattern on search_words (word text_pattern_ops)`.execute(db);
  await sql`create index search_words_trgm on search_words using gin (word gin_trgm_ops)`.execute(db);

  await sql`create function search_refresh(refreshed integer[]) returns void language plpgsql as $$
  begin
    delete from search_documents d where d.product_id = any(refreshed)
      and not exists (select 1 from products p where p.id = d.product_id and p.parent_id is null);
    insert into search_documents as d (product_id, seller_id, listed, name, sku, skus, name_tsv, tsv,
      category_ids, colors, sizes, prices, price_cents, in_stock, created_at)
    select p.id, p.seller_id, p.listed, p.name, p.sku,
      lower(concat_ws(' ', p.sku, v.skus)),
      to_tsvector('simple', p.name) || to_tsvector('english', p.name),
      setweight(to_tsvector('simple', p.name) || to_tsvector('english', p.name)
          || to_tsvector('simple', concat_ws(' ', p.sku, v.skus)), 'A')
        || setweight(to_tsvector('simple', concat_ws(' ', k.names, array_to_string(v.colors, ' '),
            array_to_string(v.sizes, ' ')))
          || to_tsvector('english', coalesce(k.names, '')), 'B')
        || setweight(to_tsvector('english', regexp_replace(concat_ws(' ', p.short_desc, p.description),
            '<[^>]*>', ' ', 'g')), 'D'),
      coalesce(k.category_ids, '{}'), coalesce(v.colors, '{}'), coalesce(v.sizes, '{}'),
      case when p.type_id = 'configurable' and v.prices is not null then v.prices else array[p.price_cents] end,
      case when p.type_id = 'configurable' then coalesce(v.min_price, p.price_cents) else p.price_cents end,
      case when p.type_id = 'configurable' then coalesce(v.qty, 0) > 0 else p.qty > 0 end,
      p.created_at
    from products p
    left join lateral (
      select string_agg(c.sku, ' ') as skus,
        array_agg(distinct oc.title) filter (where oc.title is not null) as colors,
        array_agg(distinct os.title) filter (where os.title is not null) as sizes,
        array_agg(distinct c.price_cents) as prices,
        coalesce(min(c.price_cents) filter (where c.qty > 0), min(c.price_cents)) as min_price,
        sum(c.qty) as qty
      from products c
      left join option_values oc on oc.id = c.color_id
      left join option_values os on os.id = c.size_id
      where c.parent_id = p.id and c.listed
    ) v on true
    left join lateral (
      select array_agg(c.id) as category_ids, string_agg(c.name, ' ') as names
      from product_categories pc join categories c on c.id = pc.category_id
      where pc.product_id = p.id
    ) k on true
    where p.id = any(refreshed) and p.parent_id is null
    on conflict (product_id) do update set seller_id = excluded.seller_id, listed = excluded.listed,
      name = excluded.name, sku = excluded.sku, skus = excluded.skus, name_tsv = excluded.name_tsv,
      tsv = excluded.tsv, category_ids = excluded.category_ids, colors = excluded.colors,
      sizes = excluded.sizes, prices = excluded.prices, price_cents = excluded.price_cents,
      in_stock = excluded.in_stock, created_at = excluded.created_at;
    insert into search_words (word)
    select distinct w from search_documents d,
      regexp_split_to_table(lower(concat_ws(' ', d.name, array_to_string(d.colors, ' '),
        array_to_string(d.sizes, ' '), (select string_agg(c.name, ' ') from categories c
          where c.id = any(d.category_ids)),
        (select regexp_replace(concat_ws(' ', p.short_desc, p.description), '<[^>]*>', ' ', 'g')
          from products p where p.id = d.product_id))), '[^[:alpha:]]+') w
    where d.product_id = any(refreshed) and length(w) >= 3
    on conflict (word) do nothing;
  end $$`.execute(db);

  // [I33] The products a transaction touched, refreshed once at its commit (search_flush). Keyed by the
  // transaction so that concurrent writers never wait on each other's queue; emptied by the flush.
  await sql`create table search_pending (
    xact bigint not null,
    product_id integer not null,
    primary key (xact, product_id)
  )`.execute(db);
  await sql`create table search_pending_flush (xact bigint primary key)`.execute(db);
  await sql`create function search_queue(queued integer[]) returns void language plpgsql as $$
  begin
    insert into search_pending (xact, product_id)
    select txid_current(), q from unnest(queued) q where q is not null
    on conflict do nothing;
    insert into search_pending_flush (xact) values (txid_current()) on conflict do nothing;
  end $$`.execute(db);
  // One flush row a transaction, so the deferred trigger fires once (again if a later deferred trigger
  // queues more: PostgreSQL fires the events queued while it fires deferred ones).
  await sql`create function search_flush() returns trigger language plpgsql as $$
  declare
    refreshed integer[];
  begin
    delete from search_pending_flush where xact = new.xact;
    with done as (delete from search_pending where xact = new.xact returning product_id)
    select array_agg(product_id) into refreshed from done;
    if refreshed is not null then
      perform search_refresh(refreshed);
    end if;
    return null;
  end $$`.execute(db);
  await sql`create constraint trigger search_flush after insert on search_pending_flush
    deferrable initially deferred for each row execute function search_flush()`.execute(db);

  // After each statement, queued once for every product it touched; refreshed at commit.
  await sql`create function search_products_changed() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      perform search_queue(array(select distinct coalesce(parent_id, id) from new_rows));
    elsif tg_op = 'DELETE' then
      perform search_queue(array(select distinct coalesce(parent_id, id) from old_rows));
    else
      perform search_queue(array(select coalesce(parent_id, id) from new_rows
        union select coalesce(parent_id, id) from old_rows));
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger search_products_inserted after insert on products
    referencing new table as new_rows for each statement execute function search_products_changed()`.execute(
    db,
  );
  await sql`create trigger search_products_updated after update on products
    referencing old table as old_rows new table as new_rows
    for each statement execute function search_products_changed()`.execute(db);
  await sql`create trigger search_products_deleted after delete on products
    referencing old table as old_rows for each statement execute function search_products_changed()`.execute(
    db,
  );

  await sql`create function search_categories_filed() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' then
      perform search_queue(array(select distinct product_id from old_rows));
    else
      perform search_queue(array(select distinct product_id from new_rows));
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger search_product_categories_inserted after insert on product_categories
    referencing new table as new_rows for each statement execute function search_categories_filed()`.execute(
    db,
  );
  await sql`create trigger search_product_categories_deleted after delete on product_categories
    referencing old table as old_rows for each statement execute function search_categories_filed()`.execute(
    db,
  );

  // A category renamed, or a colour or size retitled: the products that show it.
  await sql`create function search_names_changed() returns trigger language plpgsql as $$
  begin
    if tg_table_name = 'categories' then
      perform search_queue(array(select distinct pc.product_id from product_categories pc
        join new_rows n on n.id = pc.category_id));
    else
      perform search_queue(array(select distinct coalesce(c.parent_id, c.id) from products c
        join new_rows n on n.id = c.color_id or n.id = c.size_id));
    end if;
    return null;
  end $$`.execute(db);
  await sql`create trigger search_categories_renamed after update on categories
    referencing new table as new_rows for each statement execute function search_names_changed()`.execute(db);
  await sql`create trigger search_option_values_renamed after update on option_values
    referencing new table as new_rows for each statement execute function search_names_changed()`.execute(db);

  // The products already there.
  await sql`select search_refresh(array(select id from products where parent_id is null))`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// [I33] Search's facets from one integer array (docs/search.md "Speed", modules/catalog/search-repository.ts).
// - search_documents.facet_codes: every filter value a product shows, as integers: its category ids as
//   they are, its seller as 100,000,000 + seller id, each colour of a listed child as 200,000,000 + the
//   option value's id, each size as 300,000,000 + its id. A search counts all four facets in one pass over
//   its matches (unnest and group), where four passes over three text arrays and one integer array cost
//   twice the whole search at 100,000 products.
// - search_refresh (migration 0031) is replaced to write it, and every document is refreshed once.
// Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table search_documents add column facet_codes integer[] not null default '{}'`.execute(db);
  await sql`create or replace function search_refresh(refreshed integer[]) returns void language plpgsql as $$
  begin
    delete from search_documents d where d.product_id = any(refreshed)
      and not exists (select 1 from products p where p.id = d.product_id and p.parent_id is null);
    insert into search_documents as d (product_id, seller_id, listed, name, sku, skus, name_tsv, tsv,
      category_ids, colors, sizes, prices, price_cents, in_stock, created_at, facet_codes)
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
      p.created_at,
      coalesce(k.category_ids, '{}') || (100000000 + p.seller_id) || coalesce(v.color_codes, '{}')
        || coalesce(v.size_codes, '{}')
    from products p
    left join lateral (
      select string_agg(c.sku, ' ') as skus,
        array_agg(distinct oc.title) filter (where oc.title is not null) as colors,
        array_agg(distinct os.title) filter (where os.title is not null) as sizes,
        array_agg(distinct 200000000 + oc.id) filter (where oc.id is not null) as color_codes,
        array_agg(distinct 300000000 + os.id) filter (where os.id is not null) as size_codes,
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
      in_stock = excluded.in_stock, created_at = excluded.created_at,
      facet_codes = excluded.facet_codes;
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

  await sql`select search_refresh(array(select product_id from search_documents))`.execute(db);
}

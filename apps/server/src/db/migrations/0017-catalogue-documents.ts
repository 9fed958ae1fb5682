import { type Kysely, sql } from 'kysely';

// [I13-hotpath] Rendered catalogue documents: each product's tile and product reply as the JSON text the
// storefront sends, kept in the database so a read that misses the in-process reply cache costs one
// lookup by primary key instead of rebuilding the reply (catalogue-documents.ts). A document is only ever
// served while it is current, which the database decides at read time, in the statement that reads it:
//
// - `signature`: the row versions it was rendered from — the product row's xmin and, for a configurable
//   product, each child's id and xmin. Any update of those rows (stock taken by an order, a price, a
//   name, switching a variant off) makes a new row version, so the document stops matching; only that
//   product's documents go. A change to a product's pictures touches its row (updated_at, by trigger
//   below) for the same effect.
// - `epoch`: catalogue_epoch.n when it was rendered. Sellers and option values show on many products;
//   a transaction that changes either (or empties product_images) moves the epoch on once, as it
//   commits. The bump runs in a deferred trigger, after the transaction's own statements, so it never
//   holds the epoch row while waiting for another row: writers cannot deadlock on it.
// A document read in the same statement as its content carries the signature and epoch of that content,
// so one stored late, after a change, is never served.
//
// Frozen once landed.

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table catalogue_epoch (
    one boolean primary key default true check (one),
    n bigint not null
  )`.execute(db);
  await sql`insert into catalogue_epoch (one, n) values (true, 1)`.execute(db);

  // One row per transaction that changed the catalogue's content, removed again at its commit.
  await sql`create table catalogue_change_marks (id bigserial primary key)`.execute(db);

  // Unlogged: documents are rendered again whenever they are missing, so they are not worth the write-ahead
  // log — writing them costs no WAL flush, and a crash or a failover simply empties the table.
  await sql`create unlogged table catalogue_documents (
    product_id integer not null,
    kind text not null check (kind in ('tile', 'product')),
    epoch bigint not null,
    signature text not null,
    body text not null,
    etag text not null,
    primary key (product_id, kind)
  )`.execute(db);

  // Marks the transaction once (a transaction-local setting remembers it was marked).
  await sql`create function catalogue_content_changed() returns trigger language plpgsql as $$
    begin
      if coalesce(current_setting('quokka.catalogue_changed', true), '') <> 'on' then
        perform set_config('quokka.catalogue_changed', 'on', true);
        insert into catalogue_change_marks default values;
      end if;
      return null;
    end
  $$`.execute(db);

  // At commit: the epoch moves on, and the mark goes.
  await sql`create function catalogue_bump_epoch() returns trigger language plpgsql as $$
    begin
      update catalogue_epoch set n = n + 1;
      delete from catalogue_change_marks where id = new.id;
      return null;
    end
  $$`.execute(db);
  await sql`create constraint trigger catalogue_change_marks_bump after insert on catalogue_change_marks
    deferrable initially deferred for each row execute function catalogue_bump_epoch()`.execute(db);

  for (const table of ['sellers', 'option_values']) {
    await sql`create trigger ${sql.raw(`${table}_catalogue_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function catalogue_content_changed()`.execute(db);
  }
  await sql`create trigger product_images_catalogue_emptied after truncate on product_images
    for each statement execute function catalogue_content_changed()`.execute(db);

  // A picture added, changed or removed touches its product's row (a variant's picture, the variant's),
  // once per statement — unless this transaction already wrote that row (an import writes products and
  // then their pictures): its version is new at commit anyway.
  for (const [event, table] of [
    ['insert', 'new'],
    ['update', 'new'],
    ['delete', 'old'],
  ] as const) {
    await sql`create function ${sql.raw(`catalogue_pictures_${event}d`)}() returns trigger language plpgsql as $$
      begin
        update products set updated_at = now()
        where id in (select product_id from ${sql.raw(`changed_${table}`)})
          and xmin <> pg_current_xact_id()::xid;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger ${sql.raw(`product_images_${event}d`)} after ${sql.raw(event)} on product_images
      referencing ${sql.raw(table)} table as ${sql.raw(`changed_${table}`)}
      for each statement execute function ${sql.raw(`catalogue_pictures_${event}d`)}()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.raw(`product_images_${event}d`)} on product_images`.execute(db);
    await sql`drop function ${sql.raw(`catalogue_pictures_${event}d`)}()`.execute(db);
  }
  await sql`drop trigger product_images_catalogue_emptied on product_images`.execute(db);
  for (const table of ['sellers', 'option_values']) {
    await sql`drop trigger ${sql.raw(`${table}_catalogue_changed`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop table catalogue_documents`.execute(db);
  await sql`drop table catalogue_change_marks`.execute(db);
  await sql`drop function catalogue_bump_epoch()`.execute(db);
  await sql`drop function catalogue_content_changed()`.execute(db);
  await sql`drop table catalogue_epoch`.execute(db);
}

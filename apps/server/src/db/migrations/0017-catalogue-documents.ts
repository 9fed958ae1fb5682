import { type Kysely, sql } from 'kysely';

// [I13-hotpath] Rendered catalogue documents: each product's tile and product reply as the JSON text the
// storefront sends, kept in the database so a read that misses the in-process reply cache costs one
// lookup by primary key instead of rebuilding the reply (catalogue-documents.ts). A document is only ever
// served while it is current, which the database decides at read time:
//
// - `epoch`: catalogue_epoch.n when it was rendered. Every transaction that changes what a reply shows
//   apart from stock — products (any column but qty and updated_at), product_images, sellers,
//   option_values; by the app, the importer or SQL by hand — bumps the epoch once, as it commits. The
//   bump runs in a deferred trigger, after the transaction's own statements, so it never holds the
//   epoch row while waiting for another row: writers cannot deadlock on it. A document read in the same
//   statement as its content carries the epoch of that content; a change that commits later makes it
//   stale.
// - `stock`: the stock it was rendered with (a simple product's qty; a configurable product's enabled
//   children as id:qty, in id order). Read compares it with the live rows, so an order that takes stock
//   needs no write here, and two orders never wait on a document row.
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

  await sql`create table catalogue_documents (
    product_id integer not null,
    kind text not null check (kind in ('tile', 'product')),
    epoch bigint not null,
    stock text not null,
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

  for (const table of ['product_images', 'sellers', 'option_values']) {
    await sql`create trigger ${sql.raw(`${table}_catalogue_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function catalogue_content_changed()`.execute(db);
  }
  await sql`create trigger products_catalogue_added_or_removed
    after insert or delete or truncate on products
    for each statement execute function catalogue_content_changed()`.execute(db);
  // Stock (qty, and the updated_at an order sets with it) is compared at read time instead.
  await sql`create trigger products_catalogue_changed
    after update on products for each row
    when ((to_jsonb(old) - 'qty' - 'updated_at') is distinct from (to_jsonb(new) - 'qty' - 'updated_at'))
    execute function catalogue_content_changed()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger products_catalogue_changed on products`.execute(db);
  await sql`drop trigger products_catalogue_added_or_removed on products`.execute(db);
  for (const table of ['product_images', 'sellers', 'option_values']) {
    await sql`drop trigger ${sql.raw(`${table}_catalogue_changed`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop table catalogue_documents`.execute(db);
  await sql`drop table catalogue_change_marks`.execute(db);
  await sql`drop function catalogue_bump_epoch()`.execute(db);
  await sql`drop function catalogue_content_changed()`.execute(db);
  await sql`drop table catalogue_epoch`.execute(db);
}

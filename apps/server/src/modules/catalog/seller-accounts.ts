import type { Db } from '../../db/database.ts';
import { invalidateCatalogueCache } from './catalog-cache.ts';
import { notifyCatalogueChanged } from './catalog-notifications.ts';

// [I32] A seller made by an operator's approval of an application to sell (docs/sellers.md): the
// catalogue's service for the sellers table, which the catalogue owns. The seller starts with its name, a
// unique `seller_url` made from it (harbour-goods, then harbour-goods-2, -3…) and an empty profile (no
// description, logo or banner) that its owner fills in the back office. Inside the caller's transaction:
// the insert moves the catalogue epoch on at commit (migration 0017's trigger on sellers, so no stored
// catalogue document outlives it) and NOTIFYs every process to drop its cached replies (seller lists,
// profiles); the caller calls `sellerAccountsCommitted()` after its commit for this process's own cache.

/** The longest seller_url made (the importer's limit is 64: room left for a suffix). */
const SLUG_MAX = 56;

export interface NewSeller {
  name: string;
  /** The app clock's now. */
  createdAt: Date;
}

export interface CreatedSeller {
  id: number;
  seller_url: string;
}

/** 'Saltline Surf Co.' → 'saltline-surf-co'; 'seller' when nothing of the name is left. */
export function sellerSlugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug === '' ? 'seller' : slug;
}

/** Inserts the seller in `trx` with the first free slug of its name. */
export async function createSeller(trx: Db, seller: NewSeller): Promise<CreatedSeller> {
  const base = sellerSlugOf(seller.name);
  // The slugs taken already: the base and its numbered ones.
  const taken = new Set(
    (
      await trx
        .selectFrom('sellers')
        .select('seller_url')
        .where((eb) => eb.or([eb('seller_url', '=', base), eb('seller_url', 'like', `${base}-%`)]))
        .execute()
    ).map((row) => row.seller_url),
  );
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (taken.has(candidate)) continue;
    // Another approval may take the same slug in a transaction of its own: the unique index says so,
    // and the next number is tried.
    const row = await trx
      .insertInto('sellers')
      .values({
        seller_url: candidate,
        name: seller.name,
        logo_url: '',
        banner_url: '',
        created_at: seller.createdAt,
      })
      .onConflict((oc) => oc.column('seller_url').doNothing())
      .returning(['id', 'seller_url'])
      .executeTakeFirst();
    if (row) {
      await notifyCatalogueChanged(trx);
      return row;
    }
    taken.add(candidate);
  }
}

/** After the commit of a transaction that called createSeller: this process's cached replies go. */
export function sellerAccountsCommitted(): void {
  invalidateCatalogueCache();
}

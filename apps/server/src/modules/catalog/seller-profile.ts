import type { SellerProfile } from '@quokka/contract/api/staff-admin';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import { invalidateCatalogueCache } from './catalog-cache.ts';
import { notifyCatalogueChanged } from './catalog-notifications.ts';

// [I32] A seller's profile (docs/sellers.md): the name shown, description, shipping info, logo and banner
// the storefront shows on the seller's page and beside each of their products. A seller's staff edit their
// own seller's; an operator any seller's (naming it). A change reaches the storefront at once: the sellers
// row's trigger moves the catalogue epoch on (migration 0017: every stored document is stale), the NOTIFY
// drops every process's cached replies when the change commits, and this process's straight away. Each
// change has its audit line, in its transaction.

export const SELLER_NOT_FOUND = 'There is no such seller.';
export const CHOOSE_SELLER = 'Choose the seller whose profile to edit (seller_id).';
export const NOT_A_SELLERS_STAFF = 'This sign-in is not linked to a seller.';

/** Who edits: their role and seller (an operator's seller_id is null). */
export interface ProfileEditor {
  staffId: number;
  role: 'operator' | 'vendor';
  sellerId: number | null;
}

export type ProfileWords = Pick<SellerProfile, 'name' | 'description' | 'shipping_info'>;
export type ProfilePicture = 'logo' | 'banner';

/** The seller an editor works on: a vendor's own (another seller's is 404), an operator's named one. */
export function profileSellerOf(editor: ProfileEditor, asked: number | undefined): number {
  if (editor.role === 'operator') {
    if (asked === undefined) throw new InvalidDataError(CHOOSE_SELLER);
    return asked;
  }
  if (editor.sellerId === null) throw new InvalidDataError(NOT_A_SELLERS_STAFF);
  if (asked !== undefined && asked !== editor.sellerId) throw new NotFoundError(SELLER_NOT_FOUND);
  return editor.sellerId;
}

/** Seller names by id (the back office's Staff list names each member's seller). */
export async function sellerNamesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('sellers').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export function createSellerProfiles({ db, clock }: { db: Db; clock: Clock }) {
  async function load(trx: Db, sellerId: number, lock = false): Promise<SellerProfile> {
    let query = trx
      .selectFrom('sellers')
      .select(['id', 'seller_url', 'name', 'description', 'shipping_info', 'logo_url', 'banner_url'])
      .where('id', '=', sellerId);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw new NotFoundError(SELLER_NOT_FOUND);
    const { id, ...rest } = row;
    return { seller_id: id, ...rest };
  }

  /** One change to the sellers row, its audit line and the caches' notice, in one transaction. */
  async function change(
    editor: ProfileEditor,
    sellerId: number,
    action: string,
    values: Partial<Omit<SellerProfile, 'seller_id' | 'seller_url'>>,
  ): Promise<SellerProfile> {
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const before = await load(trx, sellerId, true);
      const name = values.name;
      if (name !== undefined && name.toLowerCase() !== before.name.toLowerCase()) {
        const taken = await trx
          .selectFrom('sellers')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
          .where('id', '<>', sellerId)
          .executeTakeFirst();
        if (taken) throw new InvalidDataError(`Another seller is called "${name}": choose another name.`);
      }
      const changed = Object.fromEntries(
        Object.entries(values).filter(([key, value]) => before[key as keyof SellerProfile] !== value),
      );
      if (Object.keys(changed).length === 0) return;
      await trx.updateTable('sellers').set(changed).where('id', '=', sellerId).execute();
      await recordStaffAction(trx, {
        actor: { staffId: editor.staffId },
        action,
        subject: `seller:${sellerId}`,
        before: Object.fromEntries(
          Object.keys(changed).map((key) => [key, before[key as keyof SellerProfile]]),
        ),
        after: changed,
        at: now,
      });
      // Delivered to every listening process when this commits, never when it rolls back.
      await notifyCatalogueChanged(trx);
    });
    invalidateCatalogueCache();
    return load(db, sellerId);
  }

  return {
    get: (editor: ProfileEditor, asked: number | undefined) => load(db, profileSellerOf(editor, asked)),

    /** Checks the editor may edit the seller's profile (before a picture is stored): answers its id. */
    async assertEditable(editor: ProfileEditor, asked: number | undefined): Promise<number> {
      const sellerId = profileSellerOf(editor, asked);
      await load(db, sellerId);
      return sellerId;
    },

    update: (editor: ProfileEditor, asked: number | undefined, words: ProfileWords) =>
      change(editor, profileSellerOf(editor, asked), 'seller.profile_updated', words),

    /** Sets the logo or banner to a picture already in the media store (its /media path). */
    setPicture: (editor: ProfileEditor, sellerId: number, which: ProfilePicture, url: string) =>
      change(
        editor,
        sellerId,
        `seller.${which}_changed`,
        which === 'logo' ? { logo_url: url } : { banner_url: url },
      ),
  };
}

export type SellerProfiles = ReturnType<typeof createSellerProfiles>;

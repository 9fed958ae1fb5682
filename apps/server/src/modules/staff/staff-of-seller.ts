import type { Db } from '../../db/database.ts';

// [I32] The seller's live staff (not removed), for the texts about the seller (a suspension and its
// lifting, modules/sellers/suspension-routes.ts): the staff table is this module's.

export interface SellerStaffMember {
  id: number;
  name: string;
  mobile: string;
}

export function liveStaffOfSeller(db: Db, sellerId: number): Promise<SellerStaffMember[]> {
  return db
    .selectFrom('staff')
    .select(['id', 'name', 'mobile'])
    .where('seller_id', '=', sellerId)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
}

import type { Db } from '../../db/database.ts';

// [I32] Who is texted about a seller's products (an operator's approval or refusal of a new product or of
// a held change, modules/catalog/product-review.ts): the seller's owner; a seller without an owner (one
// made before owners existed, by the catalogue file or the CLI) has every live member of its staff texted.
// The staff table is this module's.

export interface SellerContact {
  id: number;
  name: string;
  mobile: string;
}

export async function sellerOwnerContacts(db: Db, sellerId: number): Promise<SellerContact[]> {
  const staff = await db
    .selectFrom('staff')
    .select(['id', 'name', 'mobile', 'seller_owner'])
    .where('seller_id', '=', sellerId)
    .where('removed_at', 'is', null)
    .orderBy('id')
    .execute();
  const owners = staff.filter((member) => member.seller_owner);
  return (owners.length > 0 ? owners : staff).map(({ id, name, mobile }) => ({ id, name, mobile }));
}

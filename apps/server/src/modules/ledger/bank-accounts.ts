import { type BankAccount, type BankAccountReply, maskAccountNumber } from '@quokka/contract/api/payouts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';

// [I16-payouts] Where a seller is paid (seller_bank_accounts, one per seller). A vendor reads and sets
// their own seller's account only (another seller's is 404, as if it did not exist); operators read every
// seller's and may set one (a seller onboarded without a back-office login) — both after a fresh passkey
// check (the route's guard). Nothing here ever answers the full account number: staff see '••••5678'. Every
// change is written to the staff audit log with masked values, in the change's transaction.

/** Who is asking: the signed-in member of staff. */
export interface MoneyViewer {
  staffId: number;
  role: 'operator' | 'vendor';
  sellerId: number | null;
}

export interface BankAccountInput {
  account_name: string;
  /** '062-000' (normalised by the contract's schema). */
  bsb: string;
  account_number: string;
}

const NOT_FOUND = 'No such seller.';

/** The seller a viewer may act for: a vendor their own only, an operator any that exists. */
export async function sellerFor(db: Db, viewer: MoneyViewer, sellerId: number) {
  if (viewer.role === 'vendor' && viewer.sellerId !== sellerId) throw new NotFoundError(NOT_FOUND);
  const seller = await db
    .selectFrom('sellers')
    .select(['id', 'name'])
    .where('id', '=', sellerId)
    .executeTakeFirst();
  if (!seller) throw new NotFoundError(NOT_FOUND);
  return seller;
}

interface AccountRow {
  seller_id: number;
  account_name: string;
  bsb: string;
  account_number: string;
  updated_at: Date | string;
}

export function maskedAccount(row: AccountRow, sellerName: string): BankAccount {
  return {
    seller_id: row.seller_id,
    seller_name: sellerName,
    account_name: row.account_name,
    bsb: row.bsb,
    account_number_masked: maskAccountNumber(row.account_number),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function loadBankAccount(
  db: Db,
  viewer: MoneyViewer,
  sellerId: number,
): Promise<BankAccountReply> {
  const seller = await sellerFor(db, viewer, sellerId);
  const row = await db
    .selectFrom('seller_bank_accounts')
    .selectAll()
    .where('seller_id', '=', seller.id)
    .executeTakeFirst();
  return {
    seller_id: seller.id,
    seller_name: seller.name,
    account: row ? maskedAccount(row, seller.name) : null,
  };
}

/** Operators: every seller, with their masked account or null. */
export async function listBankAccounts(db: Db): Promise<BankAccountReply[]> {
  const rows = await db
    .selectFrom('sellers')
    .leftJoin('seller_bank_accounts as b', 'b.seller_id', 'sellers.id')
    .select([
      'sellers.id',
      'sellers.name',
      'b.seller_id as account_seller_id',
      'b.account_name',
      'b.bsb',
      'b.account_number',
      'b.updated_at',
    ])
    .orderBy('sellers.name')
    .orderBy('sellers.id')
    .execute();
  return rows.map((row) => ({
    seller_id: row.id,
    seller_name: row.name,
    account:
      row.account_seller_id !== null && row.account_name && row.bsb && row.account_number && row.updated_at
        ? maskedAccount(
            {
              seller_id: row.id,
              account_name: row.account_name,
              bsb: row.bsb,
              account_number: row.account_number,
              updated_at: row.updated_at,
            },
            row.name,
          )
        : null,
  }));
}

/** Sets (or replaces) a seller's account; audited with masked values before and after. */
export async function saveBankAccount(
  db: Db,
  clock: Clock,
  viewer: MoneyViewer,
  sellerId: number,
  input: BankAccountInput,
): Promise<BankAccountReply> {
  const seller = await sellerFor(db, viewer, sellerId);
  const at = clock.now();
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('seller_bank_accounts')
      .selectAll()
      .where('seller_id', '=', seller.id)
      .forUpdate()
      .executeTakeFirst();
    const row = {
      seller_id: seller.id,
      account_name: input.account_name,
      bsb: input.bsb,
      account_number: input.account_number,
      updated_at: at,
      updated_by: viewer.staffId,
    };
    await trx
      .insertInto('seller_bank_accounts')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('seller_id').doUpdateSet({
          account_name: row.account_name,
          bsb: row.bsb,
          account_number: row.account_number,
          updated_at: row.updated_at,
          updated_by: row.updated_by,
        }),
      )
      .execute();
    const audited = (value: AccountRow | undefined) =>
      value
        ? {
            account_name: value.account_name,
            bsb: value.bsb,
            account_number: maskAccountNumber(value.account_number),
          }
        : null;
    await recordStaffAction(trx, {
      actor: { staffId: viewer.staffId },
      action: 'bank_account.saved',
      subject: `seller:${seller.id}`,
      before: audited(before),
      after: audited(row),
      at,
    });
  });
  return loadBankAccount(db, viewer, sellerId);
}

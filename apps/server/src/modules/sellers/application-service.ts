import {
  type AdminSellerApplication,
  type ApproveSellerApplicationReply,
  SELLER_APPLICATION_PURPOSE,
  SELLER_APPLICATION_TEXTS,
  type SellerApplicationReply,
  type SellerApplicationStatus,
  sellerApprovedText,
  sellerRefusedText,
  VENDOR_TERMS_VERSION,
} from '@quokka/contract/api/seller-applications';
import { normalAbn, type SellerApplicationBody } from '@quokka/contract/api/seller-applications-requests';
import { formatMobileNational, parseAuMobile } from '@quokka/contract/mobile';
import type { Selectable } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { SellerApplicationTable } from '../../db/schema.ts';
import { InputValidationError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { verifyLinkToken } from '../auth/link-tokens.ts';
import { createSeller, sellerAccountsCommitted } from '../catalog/seller-accounts.ts';
import { enqueueMessage, type OutboxSender } from '../messages/outbox.ts';
import { addSellerOwner } from '../staff/seller-owner.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';

// [I32] Applying to sell (docs/sellers.md "Applying to sell"). The storefront's "Sell with us" sends the
// form with the verified-mobile token of the one-time code (the sign-in's sendmobilecode and
// confirmmobilecode): the token's mobile must be the form's. At most one waiting application per mobile
// (the unique index seller_applications_one_waiting: two sent at once, one is kept). The vendor terms'
// version, the time they were accepted and the client's address are kept with it.
//
// An operator approves or refuses it, each one conditional update of the waiting row: two operators at
// once, one wins and the other is told it was decided already. An approval, in one transaction, makes the
// seller (the catalogue's createSeller: a unique seller_url, an empty profile), its owner's staff account
// with the invite text (the staff module's addSellerOwner; refused when the mobile has a live account)
// and the approval text; a refusal texts its reason. Both texts are transactional (no quiet hours, no
// opt-out), queued in the outbox in the decision's transaction and sent after it commits; both decisions
// are in the audit log.

export interface SellerApplicationServiceDeps {
  db: Db;
  clock: Clock;
  /** Verifies the one-time code's verified-mobile token (services.keys.tokenKey). */
  tokenKey?: Uint8Array;
  outbox: Pick<OutboxSender, 'sendNow'>;
  storeName: string;
  /** PUBLIC_URL as the app resolved it: the invite's link. */
  publicUrl: string;
}

type ApplicationRow = Selectable<SellerApplicationTable>;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function toAdmin(row: ApplicationRow): AdminSellerApplication {
  return {
    id: row.id,
    business_name: row.business_name,
    abn: row.abn,
    contact_name: row.contact_name,
    mobile: row.mobile,
    email: row.email,
    sells: row.sells,
    website: row.website,
    terms_version: row.terms_version,
    terms_accepted_at: row.terms_accepted_at.toISOString(),
    client_address: row.client_address,
    status: row.status,
    created_at: row.created_at.toISOString(),
    decided_at: iso(row.decided_at),
    decided_by: row.decided_by,
    refusal_reason: row.refusal_reason,
    seller_id: row.seller_id,
  };
}

const mobileError = (message: string) => new InputValidationError({ mobile: [message] });

export function createSellerApplicationService(deps: SellerApplicationServiceDeps) {
  const { db, clock, outbox } = deps;
  const T = SELLER_APPLICATION_TEXTS;

  /** The waiting application's conditional update, or why there is none (404, or decided already: 400). */
  async function decide(
    trx: Db,
    id: number,
    set: { status: 'approved' | 'refused'; refusal_reason?: string },
    staffId: number,
    now: Date,
  ): Promise<ApplicationRow> {
    const row = await trx
      .updateTable('seller_applications')
      .set({ ...set, decided_at: now, decided_by: staffId })
      .where('id', '=', id)
      .where('status', '=', 'waiting')
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
    const found = await trx
      .selectFrom('seller_applications')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) throw new NotFoundError(T.notFound);
    throw new InvalidDataError(T.alreadyDecided(found.status));
  }

  return {
    /** POST {ns}/sellerApplications: the form is valid (the contract's rules); the mobile's proof is checked here. */
    async apply(body: SellerApplicationBody, clientAddress: string | null): Promise<SellerApplicationReply> {
      const now = clock.now();
      const mobile = parseAuMobile(body.mobile);
      if (!mobile) throw mobileError(T.confirmMobile);
      if (!deps.tokenKey) throw new Error('sellerApplications: no token key to check the mobile with');
      const proof = await verifyLinkToken(deps.tokenKey, body.jwt, now);
      if (proof.status === 'expired') throw mobileError(T.codeExpired);
      if (proof.status !== 'valid') throw mobileError(T.codeInvalid);
      if (proof.claims.mobile !== mobile) throw mobileError(T.mobileMismatch);
      const row = await db
        .insertInto('seller_applications')
        .values({
          business_name: body.business_name.trim(),
          abn: normalAbn(body.abn),
          contact_name: body.contact_name.trim().replace(/\s+/g, ' '),
          mobile,
          email: body.email.trim(),
          sells: body.sells.trim(),
          website: body.website.trim(),
          terms_version: VENDOR_TERMS_VERSION,
          terms_accepted_at: now,
          client_address: clientAddress,
          created_at: now,
        })
        .onConflict((oc) => oc.column('mobile').where('status', '=', 'waiting').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) throw mobileError(T.alreadyWaiting);
      return { status: true, id: row.id, mobile: formatMobileNational(mobile) };
    },

    /** Waiting ones oldest first (the queue); decided ones newest decision first. */
    async list(status: SellerApplicationStatus): Promise<AdminSellerApplication[]> {
      let query = db.selectFrom('seller_applications').selectAll().where('status', '=', status);
      query =
        status === 'waiting'
          ? query.orderBy('id', 'asc')
          : query.orderBy('decided_at', 'desc').orderBy('id', 'desc');
      const rows = await query.limit(500).execute();
      return rows.map(toAdmin);
    },

    async approve(id: number, staffId: number): Promise<ApproveSellerApplicationReply> {
      const now = clock.now();
      const done = await db.transaction().execute(async (trx) => {
        const decided = await decide(trx, id, { status: 'approved' }, staffId, now);
        const seller = await createSeller(trx, { name: decided.business_name, createdAt: now });
        const owner = await addSellerOwner(
          trx,
          {
            mobile: decided.mobile,
            name: decided.contact_name,
            sellerId: seller.id,
            sellerName: decided.business_name,
            approvedBy: staffId,
          },
          { storeName: deps.storeName, publicUrl: deps.publicUrl },
          now,
        );
        const row = await trx
          .updateTable('seller_applications')
          .set({ seller_id: seller.id })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const approvalId = await enqueueMessage(
          trx,
          {
            kind: 'sms',
            to: decided.mobile,
            purpose: SELLER_APPLICATION_PURPOSE,
            body: sellerApprovedText(deps.storeName, decided.business_name),
            key: `seller_application_approved:${id}`,
          },
          now,
        );
        await recordStaffAction(trx, {
          actor: { staffId },
          action: 'seller_application.approved',
          subject: `seller_application:${id}`,
          before: { status: 'waiting' },
          after: {
            status: 'approved',
            seller_id: seller.id,
            seller_url: seller.seller_url,
            staff_id: owner.staffId,
          },
          at: now,
        });
        return { row, seller, owner, texts: [owner.inviteMessageId, approvalId] };
      });
      sellerAccountsCommitted();
      await outbox.sendNow(done.texts);
      return { application: toAdmin(done.row), seller: done.seller, staff_id: done.owner.staffId };
    },

    async refuse(id: number, reason: string, staffId: number): Promise<AdminSellerApplication> {
      const now = clock.now();
      const why = reason.trim();
      const done = await db.transaction().execute(async (trx) => {
        const row = await decide(trx, id, { status: 'refused', refusal_reason: why }, staffId, now);
        const textId = await enqueueMessage(
          trx,
          {
            kind: 'sms',
            to: row.mobile,
            purpose: SELLER_APPLICATION_PURPOSE,
            body: sellerRefusedText(deps.storeName, row.business_name, why),
            key: `seller_application_refused:${id}`,
          },
          now,
        );
        await recordStaffAction(trx, {
          actor: { staffId },
          action: 'seller_application.refused',
          subject: `seller_application:${id}`,
          before: { status: 'waiting' },
          after: { status: 'refused', reason: why },
          at: now,
        });
        return { row, texts: [textId] };
      });
      await outbox.sendNow(done.texts);
      return toAdmin(done.row);
    },
  };
}

export type SellerApplicationService = ReturnType<typeof createSellerApplicationService>;

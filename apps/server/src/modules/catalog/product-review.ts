import type { ProductReviewQueueReply } from '@quokka/contract/api/vendor-products';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { ProductChangeSet } from '../../db/schema.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import { sellerOwnerContacts } from '../staff/seller-owner-contacts.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import {
  catalogueChange,
  loadVendorProduct,
  PRODUCT_NOT_FOUND,
  type ProductEditor,
  productChangeOf,
} from './product-editing.ts';

// [I32] Products › Waiting for approval (PRODUCT_REVIEW=manual, docs/sellers.md). An operator approves a
// seller's new product (review_status 'waiting' → 'approved': products.listed turns true and the product
// is on the storefront at once, in every process, by the catalogue's NOTIFY) or refuses it with a reason
// ('refused': the seller sees the reason on the product's page, edits it and sends it for approval again,
// back to 'waiting'). A held change of an approved product's name, description or photos (product_changes,
// product-editing.ts) is approved (written to the product) or refused (the product stays as it was).
// Each decision is one transaction with its audit line and the text to the seller's owner (purpose
// 'product_review', transactional: no quiet hours), which the route sends after the commit.

export const PRODUCT_REVIEW_PURPOSE = 'product_review';
export const NOT_WAITING = 'This product is not waiting for approval (another operator may have decided it).';
export const CHANGE_NOT_FOUND = 'There is no such change.';
export const CHANGE_NOT_WAITING =
  'This change is not waiting for approval (another operator may have decided it).';
export const NOT_REFUSED = 'Only a refused product is sent for approval again.';

export interface ProductReviewDeps {
  db: Db;
  clock: Clock;
  productReview: 'auto' | 'manual';
  storeName: string;
  publicUrl: string;
}

/** An operator as the editing module's reader sees them (every seller's products). */
const operatorView = (staffId: number): ProductEditor => ({
  staffId,
  role: 'operator',
  sellerId: null,
  assertFreshPasskey: async () => {},
});

const parseChanges = (changes: ProductChangeSet | string): ProductChangeSet =>
  typeof changes === 'string' ? JSON.parse(changes) : changes;

export function createProductReview({ db, clock, productReview, storeName, publicUrl }: ProductReviewDeps) {
  const pageOf = (id: number) => `${publicUrl}/admin/products/${id}`;

  /** Queues the text to the seller's owner in `trx`; answers the outbox ids. */
  async function textSeller(trx: Db, sellerId: number, key: string, body: string): Promise<number[]> {
    const ids: number[] = [];
    for (const contact of await sellerOwnerContacts(trx, sellerId))
      ids.push(
        await enqueueMessage(
          trx,
          {
            kind: 'sms',
            to: contact.mobile,
            purpose: PRODUCT_REVIEW_PURPOSE,
            body: `${storeName}: ${body}`,
            key: `${key}:${contact.mobile}`,
          },
          clock.now(),
        ),
      );
    return ids;
  }

  const audit = (
    trx: Db,
    staffId: number,
    action: string,
    subject: string,
    before: unknown,
    after: unknown,
  ) => recordStaffAction(trx, { actor: { staffId }, action, subject, before, after, at: clock.now() });

  async function queue(staffId: number): Promise<ProductReviewQueueReply> {
    const viewer = operatorView(staffId);
    const waiting = await db
      .selectFrom('products')
      .select(['id', 'submitted_at'])
      .where('parent_id', 'is', null)
      .where('review_status', '=', 'waiting')
      .orderBy('submitted_at')
      .orderBy('id')
      .limit(200)
      .execute();
    const changes = await db
      .selectFrom('product_changes')
      .selectAll()
      .where('status', '=', 'waiting')
      .orderBy('submitted_at')
      .orderBy('id')
      .limit(200)
      .execute();
    return {
      products: await Promise.all(
        waiting.map(async (row) => ({
          product: await loadVendorProduct(db, viewer, row.id),
          submitted_at: new Date(row.submitted_at ?? clock.now()).toISOString(),
        })),
      ),
      changes: await Promise.all(
        changes.map(async (row) => ({
          change: productChangeOf(row),
          product: await loadVendorProduct(db, viewer, row.product_id),
        })),
      ),
    };
  }

  /** The product locked, top-level; NotFoundError otherwise (a vendor sees only their seller's). */
  async function lockedProduct(trx: Db, id: number, sellerId?: number) {
    let query = trx.selectFrom('products').selectAll().where('id', '=', id).where('parent_id', 'is', null);
    if (sellerId !== undefined) query = query.where('seller_id', '=', sellerId);
    const row = await query.forUpdate().executeTakeFirst();
    if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
    return row;
  }

  /** Approves a waiting product: it is on the storefront at once. Answers the texts to send. */
  function approve(staffId: number, id: number): Promise<number[]> {
    return catalogueChange(db, async (trx) => {
      const row = await lockedProduct(trx, id);
      if (row.review_status !== 'waiting') throw new ConflictError(NOT_WAITING);
      await trx
        .updateTable('products')
        .set({ review_status: 'approved', review_reason: null, updated_at: clock.now() })
        .where('id', '=', id)
        .execute();
      await audit(
        trx,
        staffId,
        'product.approved',
        `product:${id}`,
        { review_status: 'waiting' },
        {
          review_status: 'approved',
        },
      );
      const texts = await textSeller(
        trx,
        row.seller_id,
        `product_review:${id}:approved:${clock.now().getTime()}`,
        `"${row.name}" is approved and ${row.enabled ? 'on sale now' : 'ready to switch on sale'}.`,
      );
      return { result: texts, touched: 'all' };
    });
  }

  /** Refuses a waiting product with a reason the seller sees. Answers the texts to send. */
  function refuse(staffId: number, id: number, reason: string): Promise<number[]> {
    return catalogueChange(db, async (trx) => {
      const row = await lockedProduct(trx, id);
      if (row.review_status !== 'waiting') throw new ConflictError(NOT_WAITING);
      await trx
        .updateTable('products')
        .set({ review_status: 'refused', review_reason: reason, updated_at: clock.now() })
        .where('id', '=', id)
        .execute();
      await audit(
        trx,
        staffId,
        'product.refused',
        `product:${id}`,
        { review_status: 'waiting' },
        {
          review_status: 'refused',
          reason,
        },
      );
      const texts = await textSeller(
        trx,
        row.seller_id,
        `product_review:${id}:refused:${clock.now().getTime()}`,
        `"${row.name}" was not approved: ${reason} Change it and send it for approval again: ${pageOf(id)}`,
      );
      return { result: texts, touched: [id] };
    });
  }

  /**
   * The seller sends a refused product for approval again: 'waiting' (submitted now); under
   * PRODUCT_REVIEW=auto (the shop stopped reviewing) it is approved at once.
   */
  function submit(editor: ProductEditor, id: number): Promise<void> {
    const scope = editor.role === 'operator' ? undefined : (editor.sellerId ?? -1);
    return catalogueChange(db, async (trx) => {
      const row = await lockedProduct(trx, id, scope);
      if (row.review_status !== 'refused') throw new ConflictError(NOT_REFUSED);
      const status = productReview === 'manual' ? ('waiting' as const) : ('approved' as const);
      await trx
        .updateTable('products')
        .set({ review_status: status, submitted_at: clock.now(), updated_at: clock.now() })
        .where('id', '=', id)
        .execute();
      await audit(
        trx,
        editor.staffId,
        'product.submitted',
        `product:${id}`,
        { review_status: 'refused' },
        {
          review_status: status,
        },
      );
      return { result: undefined, touched: status === 'approved' ? 'all' : [id] };
    });
  }

  async function lockedChange(trx: Db, changeId: number) {
    const row = await trx
      .selectFrom('product_changes')
      .selectAll()
      .where('id', '=', changeId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new NotFoundError(CHANGE_NOT_FOUND);
    if (row.status !== 'waiting') throw new ConflictError(CHANGE_NOT_WAITING);
    return row;
  }

  /** Writes a held change to its product (the storefront shows it at once). Answers the texts to send. */
  function approveChange(staffId: number, changeId: number): Promise<number[]> {
    return catalogueChange(db, async (trx) => {
      const change = await lockedChange(trx, changeId);
      const product = await lockedProduct(trx, change.product_id);
      const changes = parseChanges(change.changes);
      const set: { name?: string; description?: string } = {};
      if (changes.name !== undefined) set.name = changes.name;
      if (changes.description !== undefined) set.description = changes.description;
      await trx
        .updateTable('products')
        .set({ ...set, updated_at: clock.now() })
        .where('id', '=', product.id)
        .execute();
      let photosBefore: string[] | undefined;
      if (changes.photos) {
        const rows = await trx
          .selectFrom('product_images')
          .select('url')
          .where('product_id', '=', product.id)
          .orderBy('position')
          .execute();
        photosBefore = rows.map((r) => r.url);
        await trx.deleteFrom('product_images').where('product_id', '=', product.id).execute();
        await trx
          .insertInto('product_images')
          .values(changes.photos.map((url, position) => ({ product_id: product.id, position, url })))
          .execute();
      }
      await trx
        .updateTable('product_changes')
        .set({ status: 'approved', decided_at: clock.now(), decided_by: staffId })
        .where('id', '=', change.id)
        .execute();
      await audit(
        trx,
        staffId,
        'product.change_approved',
        `product:${product.id}`,
        {
          ...(set.name !== undefined ? { name: product.name } : {}),
          ...(set.description !== undefined ? { description: product.description } : {}),
          ...(photosBefore ? { photos: photosBefore } : {}),
        },
        { change_id: change.id, ...changes },
      );
      const texts = await textSeller(
        trx,
        product.seller_id,
        `product_change:${change.id}:approved`,
        `your change to "${changes.name ?? product.name}" is approved and shown now.`,
      );
      return { result: texts, touched: 'all' };
    });
  }

  /** Refuses a held change: the product stays as approved. Answers the texts to send. */
  function refuseChange(staffId: number, changeId: number, reason: string): Promise<number[]> {
    return catalogueChange(db, async (trx) => {
      const change = await lockedChange(trx, changeId);
      const product = await lockedProduct(trx, change.product_id);
      await trx
        .updateTable('product_changes')
        .set({ status: 'refused', refusal_reason: reason, decided_at: clock.now(), decided_by: staffId })
        .where('id', '=', change.id)
        .execute();
      await audit(trx, staffId, 'product.change_refused', `product:${product.id}`, null, {
        change_id: change.id,
        reason,
      });
      const texts = await textSeller(
        trx,
        product.seller_id,
        `product_change:${change.id}:refused`,
        `your change to "${product.name}" was not approved: ${reason} The product stays as it was: ${pageOf(product.id)}`,
      );
      return { result: texts, touched: [] };
    });
  }

  return { queue, approve, refuse, submit, approveChange, refuseChange };
}

export type ProductReview = ReturnType<typeof createProductReview>;

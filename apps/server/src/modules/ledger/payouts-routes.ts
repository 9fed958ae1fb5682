import { errorReplies } from '@quokka/contract/api/errors';
import {
  bankAccountBodySchema,
  bankAccountListReplySchema,
  bankAccountReplySchema,
  createPayoutRunBodySchema,
  invoiceNumberText,
  invoiceParams,
  payoutRunDetailSchema,
  payoutRunListReplySchema,
  payoutsDueQuerySchema,
  payoutsDueReplySchema,
  runParams,
  sellerParams,
  taxInvoiceListReplySchema,
  taxInvoiceSchema,
} from '@quokka/contract/api/payouts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { downloadReply } from '../../http/openapi-back-office.ts';
import { currentStaff, requireFreshPasskey, requireStaff } from '../staff/staff-guards.ts';
import { STEP_UP_MINUTES } from '../staff/staff-routes.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import type { AbaSettings } from './aba-file.ts';
import { listBankAccounts, loadBankAccount, type MoneyViewer, saveBankAccount } from './bank-accounts.ts';
import { invoicePdf } from './invoice-pdf.ts';
import {
  cancelRun,
  createRun,
  defaultDueBy,
  listDue,
  listRuns,
  loadRun,
  markRemitted,
  runAbaFile,
} from './payouts.ts';
import { listInvoices, loadInvoice, sydneyDate } from './tax-invoices.ts';

// [I16-payouts, I16-invoices] Bank accounts, payout runs and tax invoices under /admin/api
// (docs/payouts-and-invoices.md). Every route needs a full staff session. A vendor reads and sets only
// their own seller's bank account and reads only their own invoices (another seller's: 404). Payout runs
// are the operator's (a vendor gets 403, as on the orders routes' operator actions). Setting a bank
// account, making a run and marking it remitted need a passkey check in the last 5 minutes.

export interface PayoutRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
}

/** The ABA settings of config.ts. */
export function abaSettingsOf(config: Config): AbaSettings {
  return {
    bankCode: config.ABA_BANK_CODE,
    userId: config.ABA_USER_ID,
    userName: config.ABA_USER_NAME,
    remitterBsb: config.ABA_REMITTER_BSB,
    remitterAccount: config.ABA_REMITTER_ACCOUNT,
    remitterName: config.ABA_REMITTER_NAME,
  };
}

function viewerOf(request: FastifyRequest): MoneyViewer {
  const { staff } = currentStaff(request);
  return { staffId: staff.id, role: staff.role, sellerId: staff.seller_id };
}

// The error replies (the shared shape): 401 without a session; 403 without the CSRF token, for a vendor
// at an operator's call, or STEP_UP_REQUIRED; 404 another seller's or no such row; 409 a run's state.
const listErrors = errorReplies(401, 403);
const queryErrors = errorReplies(400, 401, 403);
const readErrors = errorReplies(400, 401, 403, 404);
const runErrors = errorReplies(400, 401, 403, 404, 409);

export function payoutRoutes(deps: PayoutRoutesDeps) {
  const { db, clock, config, sessions } = deps;
  const aba = abaSettingsOf(config);
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const staff = requireStaff(sessions);
    const operator = requireStaff(sessions, { role: 'operator' });
    const freshPasskey = requireFreshPasskey(() => clock.now(), STEP_UP_MINUTES);
    const noStore = { 'cache-control': 'no-store' };
    documentRoutes(api, 'Back office: payouts and invoices');

    // ------------------------------------------------------------ bank accounts

    api.get(
      '/bank-accounts',
      { schema: { response: { 200: bankAccountListReplySchema, ...listErrors } }, preHandler: operator },
      async () => ({ items: await listBankAccounts(db) }),
    );

    api.get(
      '/bank-accounts/:sellerId',
      {
        schema: { params: sellerParams, response: { 200: bankAccountReplySchema, ...readErrors } },
        preHandler: staff,
      },
      async (request, reply) =>
        reply.headers(noStore).send(await loadBankAccount(db, viewerOf(request), request.params.sellerId)),
    );

    api.put(
      '/bank-accounts/:sellerId',
      {
        schema: {
          params: sellerParams,
          body: bankAccountBodySchema,
          response: { 200: bankAccountReplySchema, ...readErrors },
        },
        preHandler: [staff, freshPasskey],
      },
      async (request) => saveBankAccount(db, clock, viewerOf(request), request.params.sellerId, request.body),
    );

    // ------------------------------------------------------------ payout runs

    api.get(
      '/payouts/due',
      {
        schema: {
          querystring: payoutsDueQuerySchema,
          response: { 200: payoutsDueReplySchema, ...queryErrors },
        },
        preHandler: operator,
      },
      // [I34] Without `by`, the next remittance date with something due (or today), so the screen opens
      // on what there is to pay rather than 'Nothing is due'.
      async (request) => listDue(db, request.query.by ?? (await defaultDueBy(db, sydneyDate(clock.now())))),
    );

    api.get(
      '/payouts',
      { schema: { response: { 200: payoutRunListReplySchema, ...listErrors } }, preHandler: operator },
      async () => ({ items: await listRuns(db) }),
    );

    api.post(
      '/payouts',
      {
        schema: { body: createPayoutRunBodySchema, response: { 200: payoutRunDetailSchema, ...runErrors } },
        preHandler: [operator, freshPasskey],
      },
      async (request) =>
        createRun(db, clock, viewerOf(request).staffId, {
          by: request.body.by,
          processOn: request.body.process_on ?? request.body.by,
        }),
    );

    api.get(
      '/payouts/:id',
      {
        schema: { params: runParams, response: { 200: payoutRunDetailSchema, ...readErrors } },
        preHandler: operator,
      },
      async (request) => loadRun(db, request.params.id),
    );

    api.get(
      '/payouts/:id/aba',
      {
        schema: {
          params: runParams,
          response: { 200: downloadReply('text/plain', 'The run’s ABA file, for the bank'), ...runErrors },
        },
        preHandler: operator,
      },
      async (request, reply) => {
        const file = await runAbaFile(db, clock, viewerOf(request).staffId, request.params.id, aba);
        return reply
          .header('content-type', 'text/plain; charset=us-ascii')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .headers(noStore)
          .send(file.text);
      },
    );

    api.post(
      '/payouts/:id/remitted',
      {
        schema: { params: runParams, response: { 200: payoutRunDetailSchema, ...runErrors } },
        preHandler: [operator, freshPasskey],
      },
      async (request) => markRemitted(db, clock, viewerOf(request).staffId, request.params.id),
    );

    api.post(
      '/payouts/:id/cancel',
      {
        schema: { params: runParams, response: { 200: payoutRunDetailSchema, ...runErrors } },
        preHandler: operator,
      },
      async (request) => cancelRun(db, clock, viewerOf(request).staffId, request.params.id),
    );

    // ------------------------------------------------------------ tax invoices

    api.get(
      '/invoices',
      { schema: { response: { 200: taxInvoiceListReplySchema, ...listErrors } }, preHandler: staff },
      async (request) => ({ items: await listInvoices(db, viewerOf(request)) }),
    );

    api.get(
      '/invoices/:id',
      {
        schema: { params: invoiceParams, response: { 200: taxInvoiceSchema, ...readErrors } },
        preHandler: staff,
      },
      async (request) => loadInvoice(db, viewerOf(request), request.params.id),
    );

    api.get(
      '/invoices/:id/pdf',
      {
        schema: {
          params: invoiceParams,
          response: { 200: downloadReply('application/pdf', 'The tax invoice as a PDF'), ...readErrors },
        },
        preHandler: staff,
      },
      async (request, reply) => {
        const invoice = await loadInvoice(db, viewerOf(request), request.params.id);
        const pdf = await invoicePdf(invoice, config.identity);
        return reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="tax-invoice-${invoiceNumberText(invoice.invoice_number)}.pdf"`,
          )
          .headers(noStore)
          .send(pdf);
      },
    );
  };
}

import { idParamsSchema as params } from '@quokka/contract/api/admin';
import { errorReplies } from '@quokka/contract/api/errors';
import {
  statementListQuerySchema,
  statementListReplySchema,
  statementReplySchema,
} from '@quokka/contract/api/ledger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { downloadReply } from '../../http/openapi-back-office.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import { currentStaff, requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { statementCsv } from './statement-csv.ts';
import { statementPdf } from './statement-pdf.ts';
import { listStatements, loadStatement, type StatementViewer } from './statement-read.ts';

// [I16-statements] /admin/api/statements: the list (operator: all, by seller and week; vendor: their own),
// one statement with every line, and its CSV and PDF. A vendor asking for another seller's statement gets
// 404 on every route. Reading changes nothing, so no passkey check; every route needs a staff session.
// [I27-audit] A download (CSV or PDF) is on the audit log: who, which statement, which format.

export interface StatementRoutesDeps {
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  storeName: string;
}

// 401 without a session, 403 without a full one, 404 no such statement or another seller's.
const readErrors = errorReplies(400, 401, 403, 404);

function viewerOf(request: FastifyRequest): StatementViewer {
  const { staff } = currentStaff(request);
  return { role: staff.role, sellerId: staff.seller_id };
}

const fileName = (sellerId: number, week: string, ext: string) => `statement-${sellerId}-${week}.${ext}`;

/** The audit line of a statement's download. */
function recordDownload(
  db: Db,
  request: FastifyRequest,
  statement: { id: number; seller_id: number; week_ends_on: string },
  format: 'csv' | 'pdf',
  at: Date,
) {
  return recordStaffAction(db, {
    actor: { staffId: currentStaff(request).staff.id },
    action: 'statement.downloaded',
    subject: `statement:${statement.id}`,
    after: { format, seller_id: statement.seller_id, week_ends_on: statement.week_ends_on },
    at,
  });
}

export function statementRoutes(deps: StatementRoutesDeps) {
  const { db, clock, sessions } = deps;
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const staff = requireStaff(sessions);
    documentRoutes(api, 'Back office: statements');

    api.get(
      '/statements',
      {
        schema: {
          querystring: statementListQuerySchema,
          response: { 200: statementListReplySchema, ...errorReplies(400, 401, 403) },
        },
        preHandler: staff,
      },
      async (request) => ({ items: await listStatements(db, request.query, viewerOf(request)) }),
    );

    api.get(
      '/statements/:id',
      { schema: { params, response: { 200: statementReplySchema, ...readErrors } }, preHandler: staff },
      async (request) => loadStatement(db, request.params.id, viewerOf(request)),
    );

    const csvReply = downloadReply('text/csv', 'The statement as CSV');
    api.get(
      '/statements/:id/csv',
      { schema: { params, response: { 200: csvReply, ...readErrors } }, preHandler: staff },
      async (request, reply) => {
        const statement = await loadStatement(db, request.params.id, viewerOf(request));
        const { seller_id, week_ends_on } = statement.statement;
        const csv = statementCsv(statement);
        await recordDownload(db, request, statement.statement, 'csv', clock.now());
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName(seller_id, week_ends_on, 'csv')}"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    const pdfReply = downloadReply('application/pdf', 'The statement as a PDF');
    api.get(
      '/statements/:id/pdf',
      { schema: { params, response: { 200: pdfReply, ...readErrors } }, preHandler: staff },
      async (request, reply) => {
        const statement = await loadStatement(db, request.params.id, viewerOf(request));
        const { seller_id, week_ends_on } = statement.statement;
        const pdf = await statementPdf(statement, deps.storeName);
        await recordDownload(db, request, statement.statement, 'pdf', clock.now());
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName(seller_id, week_ends_on, 'pdf')}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  };
}

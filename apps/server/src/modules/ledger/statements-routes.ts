import { idParam } from '@quokka/contract/api/common';
import {
  statementListQuerySchema,
  statementListReplySchema,
  statementReplySchema,
} from '@quokka/contract/api/ledger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
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

const params = z.object({ id: idParam });

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

    api.get(
      '/statements',
      {
        schema: { querystring: statementListQuerySchema, response: { 200: statementListReplySchema } },
        preHandler: staff,
      },
      async (request) => ({ items: await listStatements(db, request.query, viewerOf(request)) }),
    );

    api.get(
      '/statements/:id',
      { schema: { params, response: { 200: statementReplySchema } }, preHandler: staff },
      async (request) => loadStatement(db, request.params.id, viewerOf(request)),
    );

    api.get('/statements/:id/csv', { schema: { params }, preHandler: staff }, async (request, reply) => {
      const statement = await loadStatement(db, request.params.id, viewerOf(request));
      const { seller_id, week_ends_on } = statement.statement;
      const csv = statementCsv(statement);
      await recordDownload(db, request, statement.statement, 'csv', clock.now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(seller_id, week_ends_on, 'csv')}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    });

    api.get('/statements/:id/pdf', { schema: { params }, preHandler: staff }, async (request, reply) => {
      const statement = await loadStatement(db, request.params.id, viewerOf(request));
      const { seller_id, week_ends_on } = statement.statement;
      const pdf = await statementPdf(statement, deps.storeName);
      await recordDownload(db, request, statement.statement, 'pdf', clock.now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName(seller_id, week_ends_on, 'pdf')}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    });
  };
}

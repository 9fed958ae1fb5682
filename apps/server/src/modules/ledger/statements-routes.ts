import { idParam } from '@quokka/contract/api/common';
import {
  statementListQuerySchema,
  statementListReplySchema,
  statementReplySchema,
} from '@quokka/contract/api/ledger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { currentStaff, requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { statementCsv } from './statement-csv.ts';
import { statementPdf } from './statement-pdf.ts';
import { listStatements, loadStatement, type StatementViewer } from './statement-read.ts';

// [I16-statements] /admin/api/statements: the list (operator: all, by seller and week; vendor: their own),
// one statement with every line, and its CSV and PDF. A vendor asking for another seller's statement gets
// 404 on every route. Reading changes nothing, so no passkey check; every route needs a staff session.

export interface StatementRoutesDeps {
  db: Db;
  sessions: StaffSessions;
  storeName: string;
}

const params = z.object({ id: idParam });

function viewerOf(request: FastifyRequest): StatementViewer {
  const { staff } = currentStaff(request);
  return { role: staff.role, sellerId: staff.seller_id };
}

const fileName = (sellerId: number, week: string, ext: string) => `statement-${sellerId}-${week}.${ext}`;

export function statementRoutes(deps: StatementRoutesDeps) {
  const { db, sessions } = deps;
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
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(seller_id, week_ends_on, 'csv')}"`)
        .header('cache-control', 'no-store')
        .send(statementCsv(statement));
    });

    api.get('/statements/:id/pdf', { schema: { params }, preHandler: staff }, async (request, reply) => {
      const statement = await loadStatement(db, request.params.id, viewerOf(request));
      const { seller_id, week_ends_on } = statement.statement;
      const pdf = await statementPdf(statement, deps.storeName);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName(seller_id, week_ends_on, 'pdf')}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    });
  };
}

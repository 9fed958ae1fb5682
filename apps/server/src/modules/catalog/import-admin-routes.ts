import { PassThrough } from 'node:stream';
import {
  CATALOGUE_IMPORT_CONTENT_TYPE,
  CATALOGUE_IMPORT_MAX_BYTES,
  type CatalogueImportLine,
  catalogueImportLineSchema,
  catalogueImportQuerySchema,
} from '@quokka/contract/api/catalogue-import';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { currentStaff, requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import {
  failedLine,
  IMPORT_TEXTS,
  type ImportActor,
  importTarget,
  readUpload,
  runAdminImport,
  type UploadPictures,
  uploadFormat,
  uploadText,
} from './import-admin.ts';
import type { StockWatch } from './stock-rises.ts';

// [I32] Import in the back office: Shopify, Magento or our JSON, with progress and the CLI's report (docs/sellers.md).
//
// POST /admin/api/catalogue-imports?format=&seller_id= with the file itself as the body (any content
// type; at most 20 MB, else 413). What is wrong with the request (no session 401, no CSRF token 403,
// another seller 404, no seller or format 400, a suspended seller 409) is an ordinary error reply; once
// the request is good the reply is application/x-ndjson: `progress` lines, then `done` with the report or
// `failed` with every problem of the file (nothing imported). The whole import runs in this one request
// on this one process, so the progress needs nothing shared between the scale-out's processes.

export interface CatalogueImportAdminRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  /** The outbox's sender: the texts a change queued go before the reply. */
  outbox: Pick<OutboxSender, 'sendNow'>;
  /** PUBLIC_URL as the app resolved it. */
  publicUrl: string;
  /** Stores a photo in the media store; answers its /media URL (throws InvalidDataError for a bad one). */
  storePicture: (bytes: Buffer) => Promise<string>;
  /** The catalogue's pictures into the media store, as the CLI's import takes them (app.ts). */
  pictures: UploadPictures;
  /** [I31] The stock alerts' watch: stock the import brings back texts the shoppers waiting for it. */
  stockWatch: StockWatch;
}

/** An error the error handler answers with its status and message (http/error-handler.ts). */
const tooLarge = () => Object.assign(new Error(IMPORT_TEXTS.tooLarge), { statusCode: 413 });

export function catalogueImportAdminRoutes(deps: CatalogueImportAdminRoutesDeps) {
  const { config, db, clock, sessions, pictures, stockWatch } = deps;
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // The products' tag: the import is the Products screen's (and checked with its calls, openapi.test.ts).
    documentRoutes(api, 'Back office: products');
    // Only in this plugin: any body (text/csv, application/json, …) is the file's bytes, counted as they come.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (request, payload, done) => {
      const declared = Number(request.headers['content-length']);
      if (declared > CATALOGUE_IMPORT_MAX_BYTES) {
        done(tooLarge(), undefined);
        payload.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let finished = false;
      const finish = (error: Error | null, body?: Buffer) => {
        if (finished) return;
        finished = true;
        done(error, body);
      };
      payload.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > CATALOGUE_IMPORT_MAX_BYTES) {
          chunks.length = 0;
          finish(tooLarge());
          return;
        }
        if (!finished) chunks.push(chunk);
      });
      payload.on('end', () => finish(null, Buffer.concat(chunks)));
      payload.on('error', (error) => finish(error));
    });
    const staff = requireStaff(sessions);

    api.post(
      '/catalogue-imports',
      {
        bodyLimit: CATALOGUE_IMPORT_MAX_BYTES + 1024,
        schema: {
          querystring: catalogueImportQuerySchema,
          response: {
            // Documented as one line: the reply is a stream of them (sent as it is, not serialised).
            200: catalogueImportLineSchema.describe(
              'Each line of the application/x-ndjson reply: progress lines, then one done or failed line.',
            ),
            ...errorReplies(400, 401, 403, 404, 409, 413),
          },
          description:
            'The catalogue file as the body (a Shopify product CSV export, a Magento catalog_product export or a Quokka JSON catalogue; at most 20 MB). 200: application/x-ndjson lines — {"type":"progress","phase","done","total"}…, then {"type":"done","report"} or {"type":"failed","message","problems"}.',
        },
        preHandler: staff,
      },
      async (request, reply) => {
        const { staff: member } = currentStaff(request);
        const actor: ImportActor = { staffId: member.id, role: member.role, sellerId: member.seller_id };
        const target = await importTarget(db, actor, request.query.seller_id);
        const text = uploadText(request.body);
        const format = uploadFormat(text, request.query.format);

        const stream = new PassThrough();
        // A browser that goes away does not stop the import (one transaction: it commits or not); the
        // lines after that go nowhere.
        stream.on('error', () => undefined);
        const write = (line: CatalogueImportLine) => {
          if (!stream.destroyed) stream.write(`${JSON.stringify(line)}\n`);
        };
        const work = async () => {
          try {
            const parsed = await readUpload(db, pictures, actor, target, format, text);
            const report = await runAdminImport(
              { db, config, clock, pictures, stockWatch },
              actor,
              target,
              format,
              parsed,
              write,
            );
            write({ type: 'done', report });
          } catch (error) {
            const failed = failedLine(error);
            if (!failed) request.log.error({ err: error }, 'catalogue import failed');
            write(failed ?? { type: 'failed', message: IMPORT_TEXTS.broken, problems: [] });
          } finally {
            if (!stream.destroyed) stream.end();
          }
        };
        void work();
        // A stream is sent as it is: the 200 schema only documents its lines.
        return (
          (reply as FastifyReply)
            .header('content-type', `${CATALOGUE_IMPORT_CONTENT_TYPE}; charset=utf-8`)
            .header('cache-control', 'no-store')
            // nginx passes each line on as it comes instead of holding the reply back.
            .header('x-accel-buffering', 'no')
            .send(stream)
        );
      },
    );
  };
}

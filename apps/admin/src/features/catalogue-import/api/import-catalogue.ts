// POST /admin/api/catalogue-imports?format=&seller_id= with the file itself as the body; the reply is a
// stream of JSON lines (progress…, then done or failed), read as it comes so the bar moves. Not through
// the ApiClient, which reads a whole reply: the same CSRF header and the same error messages, by hand.
import {
  CATALOGUE_IMPORT_CONTENT_TYPE,
  type CatalogueImportFormat,
  type CatalogueImportLine,
  catalogueImportLineSchema,
} from '@quokka/contract/api/catalogue-import';
import { API_BASE, ApiError, messageOf, queryString } from '../../../lib/api-client';

export const CONNECTION_LOST =
  'The connection was lost before the import finished. Check your products before importing the file again.';
const OFFLINE = 'The server could not be reached. Check the connection and try again.';
const UNEXPECTED = 'Something went wrong on our side. Please try again.';

export interface ImportCatalogueRequest {
  file: Blob;
  format: CatalogueImportFormat;
  /** Operators: the seller the products are imported as. */
  sellerId?: number;
  csrfToken: string | null;
  /** Each line as it arrives. */
  onLine: (line: CatalogueImportLine) => void;
}

/** Sends the file and reads the reply's lines; answers the last (done or failed). Throws ApiError. */
export async function importCatalogue(request: ImportCatalogueRequest): Promise<CatalogueImportLine> {
  const headers: Record<string, string> = {
    accept: CATALOGUE_IMPORT_CONTENT_TYPE,
    'content-type': request.file.type || 'application/octet-stream',
  };
  if (request.csrfToken) headers['x-csrf-token'] = request.csrfToken;
  let response: Response;
  try {
    response = await fetch(
      `${API_BASE}/catalogue-imports${queryString({ format: request.format, seller_id: request.sellerId })}`,
      { method: 'POST', headers, credentials: 'same-origin', body: request.file },
    );
  } catch {
    throw new ApiError(0, OFFLINE, null);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (response.status >= 500) throw new ApiError(response.status, UNEXPECTED, body);
    throw new ApiError(response.status, messageOf(body, `The request failed (${response.status}).`), body);
  }
  let last: CatalogueImportLine | undefined;
  const take = (text: string) => {
    if (!text.trim()) return;
    const parsed = catalogueImportLineSchema.safeParse(JSON.parse(text));
    if (!parsed.success)
      throw new ApiError(200, 'The server answered in a shape this page does not know.', text);
    last = parsed.data;
    request.onLine(parsed.data);
  };
  const decoder = new TextDecoder();
  let pending = '';
  try {
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pending += decoder.decode(value, { stream: true });
        let end = pending.indexOf('\n');
        while (end !== -1) {
          take(pending.slice(0, end));
          pending = pending.slice(end + 1);
          end = pending.indexOf('\n');
        }
      }
    } else {
      pending = await response.text();
    }
    pending += decoder.decode();
    for (const line of pending.split('\n')) take(line);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, CONNECTION_LOST, null);
  }
  // Set by `take` (a closure: TypeScript does not see it).
  const finished = last as CatalogueImportLine | undefined;
  if (!finished || finished.type === 'progress') throw new ApiError(0, CONNECTION_LOST, null);
  return finished;
}

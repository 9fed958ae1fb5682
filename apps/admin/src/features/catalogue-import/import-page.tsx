// [I32] Import (docs/sellers.md): a seller uploads a Shopify or Magento CSV export or a Quokka JSON
// catalogue (the CLI's formats and code); operators choose the seller first. The reply is read as it
// streams: a <progress> bar ("Fetching pictures N of M", then "Imported N of M products"), then "Import
// finished: N products added, M updated" or every problem of the file with its row and column (nothing
// imported).
import {
  CATALOGUE_IMPORT_FORMAT_LABELS,
  CATALOGUE_IMPORT_FORMATS,
  CATALOGUE_IMPORT_MAX_BYTES,
  type CatalogueImportFormat,
  type CatalogueImportLine,
  type CatalogueImportProblem,
  type CatalogueImportReport,
  catalogueImportFormatSchema,
  guessCatalogueImportFormat,
} from '@quokka/contract/api/catalogue-import';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { plural } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { sellersQueryOptions } from './api/get-sellers';
import { importCatalogue } from './api/import-catalogue';
import './catalogue-import.css';

/** The Products screen's queries all start with this key (features/products/api/get-products.ts). */
const PRODUCTS_QUERY_KEY = ['products'] as const;

type Progress = Extract<CatalogueImportLine, { type: 'progress' }>;

type Outcome =
  | { kind: 'idle' }
  | { kind: 'running'; progress: Progress | null }
  | { kind: 'done'; report: CatalogueImportReport }
  | { kind: 'failed'; message: string; problems: CatalogueImportProblem[] };

const MAX_MB = CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024;

/** The first line of a CSV (its header), for the format's guess; '' when it cannot be read. */
async function firstLineOf(file: File): Promise<string> {
  try {
    const head = file.slice(0, 4096);
    const text = typeof head.text === 'function' ? await head.text() : '';
    return text.split(/\r?\n/, 1)[0] ?? '';
  } catch {
    return '';
  }
}

export function progressText(progress: Progress | null): string {
  if (!progress) return 'Sending the file…';
  return progress.phase === 'pictures'
    ? `Fetching pictures: ${progress.done} of ${progress.total}`
    : `Imported ${progress.done} of ${plural(progress.total, 'product')}`;
}

export function finishedText(report: CatalogueImportReport): string {
  return `Import finished: ${plural(report.products.created, 'product')} added, ${report.products.updated} updated`;
}

export function ImportPage() {
  const { api, setMe } = useSession();
  const me = useMe();
  const operator = me.staff.role === 'operator';
  const queryClient = useQueryClient();
  const sellers = useQuery({ ...sellersQueryOptions(api), enabled: operator });
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<CatalogueImportFormat | ''>('');
  const [sellerId, setSellerId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const running = outcome.kind === 'running';

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setProblem(null);
    setOutcome({ kind: 'idle' });
    if (!chosen) return;
    const byName = guessCatalogueImportFormat(chosen.name);
    if (byName === 'json') {
      setFormat('json');
      return;
    }
    const guessed = guessCatalogueImportFormat(chosen.name, await firstLineOf(chosen));
    if (guessed) setFormat(guessed);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    if (operator && !sellerId) return setProblem('Choose the seller to import the products into.');
    if (!file) return setProblem('Choose the catalogue file.');
    if (!format) return setProblem('Choose the file’s format.');
    if (file.size > CATALOGUE_IMPORT_MAX_BYTES) {
      return setProblem(`The file is larger than ${MAX_MB} MB: split it into smaller files and import each.`);
    }
    setProblem(null);
    setOutcome({ kind: 'running', progress: null });
    try {
      const last = await importCatalogue({
        file,
        format,
        ...(operator ? { sellerId: Number(sellerId) } : {}),
        csrfToken: me.csrf_token,
        onLine: (line) => {
          if (line.type === 'progress') setOutcome({ kind: 'running', progress: line });
        },
      });
      if (last.type === 'done') {
        setOutcome({ kind: 'done', report: last.report });
        void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      } else if (last.type === 'failed') {
        setOutcome({ kind: 'failed', message: last.message, problems: last.problems });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setMe(null);
      setOutcome({ kind: 'idle' });
      setProblem(errorText(error));
    }
  };

  const progress = outcome.kind === 'running' ? outcome.progress : null;
  return (
    <section className="catalogue-import">
      <div className="page-head">
        <h1>Import</h1>
        <Link className="button secondary" to="/products">
          Products
        </Link>
      </div>
      <p className="muted">
        Add or update products from a Shopify product CSV export, a Magento product CSV export or a Quokka
        JSON catalogue (at most {MAX_MB} MB). Pictures are taken from their web addresses in the file. A file
        with any problem imports nothing: every problem is listed with its row and column.
      </p>
      <form className="panel" onSubmit={submit} noValidate aria-label="Import a catalogue">
        {operator && (
          <div className="field">
            <label htmlFor={`${id}-seller`}>Seller</label>
            <select
              id={`${id}-seller`}
              value={sellerId}
              disabled={running}
              onChange={(event) => setSellerId(event.target.value)}
            >
              <option value="">Choose a seller</option>
              {(sellers.data?.items ?? []).map((seller) => (
                <option key={seller.id} value={seller.id} disabled={seller.suspended_at !== null}>
                  {seller.name}
                  {seller.suspended_at !== null ? ' (suspended)' : ''}
                </option>
              ))}
            </select>
            <p className="small muted">Every product in the file is imported as this seller’s.</p>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-file`}>Catalogue file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            disabled={running}
            onChange={chooseFile}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-format`}>Format</label>
          <select
            id={`${id}-format`}
            value={format}
            disabled={running}
            onChange={(event) => {
              const parsed = catalogueImportFormatSchema.safeParse(event.target.value);
              setFormat(parsed.success ? parsed.data : '');
            }}
          >
            <option value="">Choose the format</option>
            {CATALOGUE_IMPORT_FORMATS.map((value) => (
              <option key={value} value={value}>
                {CATALOGUE_IMPORT_FORMAT_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button wide" disabled={running}>
          {running ? 'Importing…' : 'Import'}
        </button>
      </form>

      {outcome.kind === 'running' && (
        <div className="panel import-progress">
          <progress
            aria-label="Import progress"
            max={progress?.total || 1}
            value={progress ? progress.done : undefined}
          />
          <p aria-live="polite">{progressText(progress)}</p>
        </div>
      )}

      {outcome.kind === 'done' && <ImportReport report={outcome.report} />}

      {outcome.kind === 'failed' && (
        <div className="panel import-problems" role="alert">
          <p className="error">{outcome.message}</p>
          {outcome.problems.length > 0 && (
            <ul className="plain-list" aria-label="Problems">
              {outcome.problems.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: problems are shown once, in the importer's order.
                <li key={index}>
                  <strong>{item.location}</strong>: {item.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function ImportReport({ report }: { report: CatalogueImportReport }) {
  return (
    <div className="panel import-report">
      <p className="notice" role="status">
        {finishedText(report)}
      </p>
      <ul className="plain-list">
        <li>Seller: {report.seller.name}</li>
        <li>{plural(report.products.unchanged, 'product')} unchanged</li>
        <li>
          Variants: {report.variants.created} added, {report.variants.updated} updated
          {report.variants.disabled > 0 ? `, ${report.variants.disabled} no longer listed` : ''}
        </li>
        <li>
          Pictures: {report.pictures.stored} stored, {report.pictures.named - report.pictures.stored} already
          in the media store
        </li>
        {report.categories.created > 0 && (
          <li>{plural(report.categories.created, 'new category', 'new categories')}</li>
        )}
      </ul>
      {report.waiting_for_approval > 0 && (
        <p className="notice">
          {plural(report.waiting_for_approval, 'new product')} wait for an operator’s approval before shoppers
          see them.
        </p>
      )}
      {report.changes_waiting_for_approval > 0 && (
        <p className="notice">
          {report.changes_waiting_for_approval === 1
            ? '1 change to an approved product waits for an operator’s approval.'
            : `${report.changes_waiting_for_approval} changes to approved products wait for an operator’s approval.`}
        </p>
      )}
      {report.warnings.length > 0 && (
        <>
          <h2>Warnings</h2>
          <ul aria-label="Warnings">
            {report.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

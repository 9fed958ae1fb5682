// [I15-audit, I34] The audit log (GET /admin/api/audit), operators only: who did what, to what, when, in
// words: "Sam Seller (Harbour Goods) · changed the price of a variant · Beach Run Tee · Price of
// TEE-1-RED-S: $36.50 → $40.00", each person and thing a link to its page. Filters by person, action,
// thing and Sydney days sit in the address, so a filtered view can be shared; paged, newest first. One
// table that a phone shows as cards (list-table); the line's before and after stay folded away.
import {
  AUDIT_THING_KIND_WORDS,
  AUDIT_THING_KINDS,
  type AuditChoices,
  type AuditEntry,
} from '@quokka/contract/api/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Pager } from '../../components/pager';
import { errorText } from '../../lib/error-text';
import { plural, shopTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { auditQueryOptions } from './api/get-audit';
import { type AuditFilters, filtersFrom, isFiltered, NO_FILTERS, pageFrom, searchFor } from './audit-query';
import './audit.css';

export function AuditPage() {
  const { api } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const applied = filtersFrom(params);
  const page = pageFrom(params);
  const appliedKey = JSON.stringify(applied);
  const [draft, setDraft] = useState<AuditFilters>(applied);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft follows the address when it changes
  useEffect(() => setDraft(filtersFrom(params)), [appliedKey]);

  const query = useQuery({ ...auditQueryOptions(api, applied, page), placeholderData: keepPreviousData });
  const data = query.data;
  const go = (filters: AuditFilters, toPage = 1) =>
    navigate({ pathname: '/audit', search: searchFor(filters, toPage) });
  const set = (key: keyof AuditFilters, value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    go(draft);
  }

  return (
    <section className="audit-page">
      <div className="page-head">
        <h1>Audit log</h1>
      </div>
      <p className="muted small">Every action taken by staff and the CLI, newest first. Times in Sydney.</p>
      <FilterForm
        draft={draft}
        choices={data?.choices}
        set={set}
        onSubmit={submit}
        onClear={() => go(NO_FILTERS)}
      />
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {!data && query.isPending && <p className="muted">Loading…</p>}
      {data && (
        <>
          <p className="muted" aria-live="polite">
            {plural(data.total, 'entry', 'entries')}
            {isFiltered(applied) ? (data.total === 1 ? ' matches' : ' match') : ''}
          </p>
          {data.items.length === 0 ? (
            <p className="panel">Nothing in the log matches.</p>
          ) : (
            <table className="list-table audit">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Did what</th>
                  <th scope="col">To what</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          )}
          <Pager
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            onPage={(next) => go(applied, next)}
          />
        </>
      )}
    </section>
  );
}

function FilterForm({
  draft,
  choices,
  set,
  onSubmit,
  onClear,
}: {
  draft: AuditFilters;
  choices: AuditChoices | undefined;
  set: (key: keyof AuditFilters, value: string) => void;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
}) {
  const people = choices?.people ?? [];
  const actions = choices?.actions ?? [];
  return (
    <form className="filters audit-filters" onSubmit={onSubmit} aria-label="Filter the audit log">
      <div className="field">
        <label htmlFor="audit-person">Person</label>
        <select
          id="audit-person"
          value={draft.staff_id}
          onChange={(event) => set('staff_id', event.target.value)}
        >
          <option value="">Anyone</option>
          {draft.staff_id && !people.some((person) => String(person.id) === draft.staff_id) && (
            <option value={draft.staff_id}>Staff #{draft.staff_id}</option>
          )}
          {people.map((person) => (
            <option key={person.id} value={String(person.id)}>
              {person.name}
              {person.removed ? ' (removed)' : ''}
            </option>
          ))}
        </select>
      </div>
      <div className="field audit-action">
        <label htmlFor="audit-action">Action</label>
        <select
          id="audit-action"
          value={draft.action}
          onChange={(event) => set('action', event.target.value)}
        >
          <option value="">Any action</option>
          {draft.action && !actions.some((action) => action.code === draft.action) && (
            <option value={draft.action}>{draft.action}</option>
          )}
          {actions.map((action) => (
            <option key={action.code} value={action.code}>
              {action.words}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-kind">About</label>
        <select id="audit-kind" value={draft.kind} onChange={(event) => set('kind', event.target.value)}>
          <option value="">Anything</option>
          {AUDIT_THING_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIT_THING_KIND_WORDS[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="audit-thing">Its ID</label>
        <input
          id="audit-thing"
          inputMode="numeric"
          pattern="[0-9]*"
          placeholder="as in /products/14"
          value={draft.thing_id}
          onChange={(event) => set('thing_id', event.target.value.replace(/\D/g, ''))}
        />
      </div>
      <div className="field">
        <label htmlFor="audit-from">From</label>
        <input
          id="audit-from"
          type="date"
          value={draft.from}
          onChange={(event) => set('from', event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="audit-to">To</label>
        <input
          id="audit-to"
          type="date"
          value={draft.to}
          onChange={(event) => set('to', event.target.value)}
        />
      </div>
      <div className="filter-buttons">
        <button type="submit" className="button primary">
          Filter
        </button>
        <button type="button" className="button link" onClick={onClear}>
          Clear
        </button>
      </div>
    </form>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { who, thing } = entry;
  const role =
    who.role === 'operator'
      ? 'Operator'
      : who.role === 'vendor'
        ? `Staff of ${who.seller_name ?? 'a seller'}`
        : null;
  return (
    <tr>
      <td data-label="When">
        <time dateTime={entry.created_at}>{shopTime(entry.created_at)}</time>
      </td>
      <td data-label="Who">
        <span className="cell">
          {who.path ? <Link to={who.path}>{who.name}</Link> : who.name}
          {role && <span className="muted small"> · {role}</span>}
        </span>
      </td>
      <td data-label="Did what">{entry.did}</td>
      <td data-label="To what">
        {thing ? (
          <span className="cell">
            {thing.path ? <Link to={thing.path}>{thing.label}</Link> : thing.label}
            {thing.id !== null && (
              <Link
                className="muted small audit-history"
                to={{
                  pathname: '/audit',
                  search: searchFor({ ...NO_FILTERS, kind: thing.kind, thing_id: String(thing.id) }),
                }}
                aria-label={`History of ${thing.label}`}
              >
                History
              </Link>
            )}
          </span>
        ) : (
          '—'
        )}
      </td>
      <td data-label="Details">
        <span className="cell">
          {entry.changes.length > 0 && (
            <ul className="audit-changes">
              {entry.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          )}
          <Change label="Before" value={entry.before} />
          <Change label="After" value={entry.after} />
        </span>
      </td>
    </tr>
  );
}

function Change({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <details className="json">
      <summary>{label}</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

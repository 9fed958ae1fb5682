// [I29] Subscribers (/subscribers): the counts (subscribed, pending, unsubscribed), a paged list with the
// evidence of each consent (mobile, state, source, when, the words shown, client address), Export CSV,
// and Import: a file or pasted CSV of `mobile,consent_source` lines. Every imported number gets a
// confirmation text first and only its YES subscribes it; the reply says what happened and which lines
// were refused.
import type { ConsentSource, ConsentState, Subscriber } from '@quokka/contract/api/text-offers';
import { consentStateSchema } from '@quokka/contract/api/text-offers';
import { formatMobileNational } from '@quokka/contract/mobile';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Badge } from '../../components/badges';
import { Pager } from '../../components/pager';
import { errorText } from '../../lib/error-text';
import { plural, shopTime } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import {
  SUBSCRIBERS_PAGE_SIZE,
  SUBSCRIBERS_QUERY_KEY,
  subscribersCsvHref,
  subscribersQueryOptions,
} from './api/get-subscribers';
import { importSubscribers } from './api/import-subscribers';
import './subscribers.css';

const STATE_TEXT: Record<ConsentState, [string, 'ok' | 'warn' | 'plain']> = {
  subscribed: ['Subscribed', 'ok'],
  pending: ['Waiting for YES', 'warn'],
  unsubscribed: ['Unsubscribed', 'plain'],
};

const SOURCE_TEXT: Record<ConsentSource, string> = {
  checkout: 'Checkout box',
  account: 'My Account',
  keyword: 'Text (JOIN)',
  import: 'Import',
};

function stateFrom(params: URLSearchParams): ConsentState | '' {
  const parsed = consentStateSchema.safeParse(params.get('state'));
  return parsed.success ? parsed.data : '';
}

export function SubscribersPage() {
  const { api } = useSession();
  const operator = useMe().staff.role === 'operator';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = stateFrom(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({
    ...subscribersQueryOptions(api, { state, page }),
    placeholderData: keepPreviousData,
  });
  const go = (nextState: ConsentState | '', nextPage = 1) => {
    const search = new URLSearchParams();
    if (nextState) search.set('state', nextState);
    if (nextPage > 1) search.set('page', String(nextPage));
    const text = search.toString();
    navigate({ pathname: '/subscribers', search: text ? `?${text}` : '' });
  };
  const data = query.data;
  return (
    <section className="subscribers-page">
      <div className="page-head">
        <h1>Subscribers</h1>
        <a className="button secondary" href={subscribersCsvHref(state)} download>
          Export CSV
        </a>
      </div>
      <p className="muted">
        The shoppers who said yes to your texts, with the evidence of each consent. A STOP reply or the
        opt-out link in a text ends it at once.
      </p>
      {data && (
        <dl className="subscriber-counts" aria-label="Counts">
          <div>
            <dt>Subscribed</dt>
            <dd>{data.subscribed}</dd>
          </div>
          <div>
            <dt>Waiting for YES</dt>
            <dd>{data.pending}</dd>
          </div>
          <div>
            <dt>Unsubscribed</dt>
            <dd>{data.unsubscribed}</dd>
          </div>
        </dl>
      )}
      <div className="filters">
        <div className="field">
          <label htmlFor="subscriber-state">State</label>
          <select
            id="subscriber-state"
            value={state}
            onChange={(event) => go(event.target.value as ConsentState | '')}
          >
            <option value="">Any state</option>
            {Object.entries(STATE_TEXT).map(([value, [label]]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {!data && query.isPending && <p className="muted">Loading subscribers…</p>}
      {data && (
        <>
          <p className="muted" aria-live="polite">
            {plural(data.total, 'subscriber')}
          </p>
          {data.items.length === 0 ? (
            <p className="panel">No subscribers {state ? 'in this state' : 'yet'}.</p>
          ) : (
            <table className="list-table" aria-label="Subscribers">
              <thead>
                <tr>
                  <th scope="col">Mobile</th>
                  <th scope="col">State</th>
                  <th scope="col">Source</th>
                  <th scope="col">When</th>
                  <th scope="col">Words shown</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((subscriber) => (
                  <SubscriberRow
                    key={`${subscriber.seller_id}-${subscriber.mobile}`}
                    subscriber={subscriber}
                    operator={operator}
                  />
                ))}
              </tbody>
            </table>
          )}
          <Pager
            page={page}
            pageSize={SUBSCRIBERS_PAGE_SIZE}
            total={data.total}
            onPage={(next) => go(state, next)}
          />
        </>
      )}
      <ImportPanel operator={operator} />
    </section>
  );
}

function SubscriberRow({ subscriber, operator }: { subscriber: Subscriber; operator: boolean }) {
  const [label, tone] = STATE_TEXT[subscriber.state];
  return (
    <tr>
      <td data-label="Mobile">
        <span className="cell">
          {formatMobileNational(subscriber.mobile)}
          {operator && <span className="sub">Seller #{subscriber.seller_id}</span>}
        </span>
      </td>
      <td data-label="State">
        <span className="badges">
          <Badge tone={tone}>{label}</Badge>
          {subscriber.stopped_all && <Badge tone="bad">STOP to all</Badge>}
        </span>
      </td>
      <td data-label="Source">
        <span className="cell">
          {SOURCE_TEXT[subscriber.source] ?? subscriber.source}
          {subscriber.client_address && <span className="sub">from {subscriber.client_address}</span>}
        </span>
      </td>
      <td data-label="When">
        <span className="cell">
          {subscriber.subscribed_at
            ? `Yes ${shopTime(subscriber.subscribed_at)}`
            : `Asked ${shopTime(subscriber.requested_at)}`}
          {subscriber.unsubscribed_at && (
            <span className="sub">Stopped {shopTime(subscriber.unsubscribed_at)}</span>
          )}
        </span>
      </td>
      <td data-label="Words shown" className="words">
        “{subscriber.words}”
      </td>
    </tr>
  );
}

function ImportPanel({ operator }: { operator: boolean }) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const ids = useId();
  const [csv, setCsv] = useState('');
  const [sellerId, setSellerId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: ({ text, seller }: { text: string; seller?: number }) => importSubscribers(api, text, seller),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SUBSCRIBERS_QUERY_KEY }),
  });

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setCsv(await file.text());
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (csv.trim() === '') {
      setProblem('Choose a CSV file or paste its lines.');
      return;
    }
    let seller: number | undefined;
    if (operator) {
      seller = Number(sellerId);
      if (!/^\d+$/.test(sellerId.trim()) || seller < 1) {
        setProblem('Give the number of the seller the list belongs to.');
        return;
      }
    }
    setProblem(null);
    run.mutate({ text: csv, seller });
  }

  const reply = run.data;
  return (
    <section className="panel import-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Import subscribers</h2>
      <p>
        A CSV with the columns <code>mobile,consent_source</code> (where each number gave its consent). Every
        imported number first gets a text asking it to reply YES; it gets offers only after that YES, and
        numbers that replied STOP are left alone.
      </p>
      <form onSubmit={submit} noValidate>
        {operator && (
          <div className="field">
            <label htmlFor={`${ids}-seller`}>Seller number</label>
            <input
              id={`${ids}-seller`}
              inputMode="numeric"
              value={sellerId}
              onChange={(event) => setSellerId(event.target.value)}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor={`${ids}-file`}>CSV file</label>
          <input id={`${ids}-file`} type="file" accept=".csv,text/csv,text/plain" onChange={onFile} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-csv`}>Or paste the lines</label>
          <textarea
            id={`${ids}-csv`}
            rows={6}
            value={csv}
            placeholder={'mobile,consent_source\n0412 345 678,Signed up at our market stall'}
            onChange={(event) => setCsv(event.target.value)}
          />
        </div>
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
        {run.error && (
          <p className="error" role="alert">
            {errorText(run.error)}
          </p>
        )}
        <button type="submit" className="button primary" disabled={run.isPending}>
          {run.isPending ? 'Importing…' : 'Import'}
        </button>
      </form>
      {reply && (
        <div className="import-result" role="status" aria-label="Import result">
          <p>
            {plural(reply.rows, 'line')} read: <strong>{reply.asked} asked to reply YES</strong>,{' '}
            {reply.already_subscribed} already subscribed, {reply.stopped} stopped (not asked).
          </p>
          {reply.errors.length > 0 && (
            <>
              <p>{plural(reply.errors.length, 'line was', 'lines were')} not imported:</p>
              <ul className="plain-list import-errors">
                {reply.errors.map((error) => (
                  <li key={error.line}>
                    Line {error.line}: {error.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

// [I32] Sellers (operators; docs/sellers.md): every seller with its status, "Selling" or "Suspended since
// <date>: <reason>". "Suspend" asks for the reason ("Suspend seller"): the seller's products leave the
// storefront at once and its staff are texted the reason. "Lift suspension" puts them back.
import type { AdminSeller } from '@quokka/contract/api/sellers';
import { SUSPENSION_REASON_MAX } from '@quokka/contract/api/sellers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../lib/error-text';
import { shopTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { liftSellerSuspension } from './api/sellers-lift';
import { SELLERS_QUERY_KEY, sellersQueryOptions } from './api/sellers-list';
import { suspendSeller } from './api/sellers-suspend';
import { SellersTabs } from './sellers-tabs';
import './suspensions.css';

/** "Selling", or "Suspended since 24 Nov 2026, 8:13 pm: <reason>". */
export function suspensionStatus(item: { suspended_at: string | null; suspended_reason: string | null }) {
  return item.suspended_at
    ? `Suspended since ${shopTime(item.suspended_at)}: ${item.suspended_reason ?? ''}`
    : null;
}

export function SellersPage() {
  const { api } = useSession();
  const query = useQuery(sellersQueryOptions(api));
  const [done, setDone] = useState<string | null>(null);
  return (
    <section>
      <SellersTabs />
      <h1>Sellers</h1>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {query.isPending && <p className="muted">Loading sellers…</p>}
      {query.data?.length === 0 && <p className="panel">No sellers yet.</p>}
      {query.data && (
        <ul className="suspension-list">
          {query.data.map((seller) => (
            <SellerItem key={seller.id} seller={seller} onDone={setDone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SellerItem({ seller, onDone }: { seller: AdminSeller; onDone(message: string): void }) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (call: () => Promise<AdminSeller>) => call(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SELLERS_QUERY_KEY }),
  });
  const status = suspensionStatus(seller);
  const reasonId = `seller-${seller.id}-reason`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setProblem('Please give the reason for the suspension.');
    setProblem(null);
    change.mutate(() => suspendSeller(api, seller.id, reason.trim()), {
      onSuccess: () => {
        setOpen(false);
        setReason('');
        onDone(`${seller.name} is suspended: its products are hidden from the shop.`);
      },
    });
  }

  const failure = problem ?? (change.error ? errorText(change.error) : null);
  return (
    <li className="panel suspension-item" aria-label={seller.name}>
      <div className="suspension-head">
        <div>
          <h2>{seller.name}</h2>
          <p className="muted">{seller.seller_url}</p>
        </div>
        <p className={status ? 'suspension-status suspended' : 'suspension-status'}>{status ?? 'Selling'}</p>
      </div>
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
      {seller.suspended_at ? (
        <button
          type="button"
          className="button secondary"
          disabled={change.isPending}
          onClick={() =>
            change.mutate(() => liftSellerSuspension(api, seller.id), {
              onSuccess: () => onDone(`${seller.name} can sell again: its products are back in the shop.`),
            })
          }
        >
          {change.isPending ? 'Lifting…' : 'Lift suspension'}
        </button>
      ) : open ? (
        <form onSubmit={submit} noValidate aria-label={`Suspend ${seller.name}`}>
          <div className="field">
            <label htmlFor={reasonId}>Reason</label>
            <textarea
              id={reasonId}
              value={reason}
              maxLength={SUSPENSION_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <div className="suspension-buttons">
            <button type="button" className="button secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="button danger" disabled={change.isPending}>
              {change.isPending ? 'Suspending…' : 'Suspend seller'}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button secondary" onClick={() => setOpen(true)}>
          Suspend
        </button>
      )}
    </li>
  );
}

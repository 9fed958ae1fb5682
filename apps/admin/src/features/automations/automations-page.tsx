// [I31] Automations (/automations): the texts that go by themselves (docs/automations.md): back in stock,
// the cart left behind and the thank-you after delivery. One card per flow, in AUTOMATION_FLOWS order, each
// with its switch, words, timing and results (automation-card.tsx). A seller's staff see their own seller's
// flows; an operator chooses the seller first (kept in the address as ?seller_id=).
import { AUTOMATION_FLOWS } from '@quokka/contract/api/automations';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../lib/error-text';
import { useMe, useSession } from '../../lib/session';
import { automationsQueryOptions } from './api/get-automations';
import { automationSellersQueryOptions } from './api/get-sellers';
import { AutomationCard } from './automation-card';
import './automations.css';

/** The seller in the address, or null when none (or not a number). */
function sellerOf(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export function AutomationsPage() {
  const { api } = useSession();
  const me = useMe();
  const operator = me.staff.role === 'operator';
  const [params, setParams] = useSearchParams();
  const chosen = operator ? sellerOf(params.get('seller_id')) : null;
  const ids = useId();

  const sellers = useQuery({ ...automationSellersQueryOptions(api), enabled: operator });
  const list = useQuery({ ...automationsQueryOptions(api, chosen), enabled: !operator || chosen !== null });

  const sellerChoices = sellers.data ?? [];
  const items = list.data
    ? [...list.data.items].sort((a, b) => AUTOMATION_FLOWS.indexOf(a.flow) - AUTOMATION_FLOWS.indexOf(b.flow))
    : [];

  return (
    <section className="automations">
      <div className="page-head">
        <h1>Automations</h1>
      </div>
      <p className="muted automations-intro">
        Texts that go by themselves when a shopper's own action makes them welcome. Each names the seller and
        carries an opt-out link; they go only to shoppers who agreed, never between 8 pm and 6 am in the
        shopper's time zone (those wait until 6 am), and count toward the weekly limit shared with campaigns.
      </p>

      {operator && (
        <div className="filters automations-seller">
          <div className="field grow">
            <label htmlFor={`${ids}-seller`}>Seller</label>
            <select
              id={`${ids}-seller`}
              value={chosen === null ? '' : String(chosen)}
              onChange={(event) => {
                const next = new URLSearchParams(params);
                if (event.target.value) next.set('seller_id', event.target.value);
                else next.delete('seller_id');
                setParams(next);
              }}
            >
              <option value="">Choose a seller</option>
              {chosen !== null && !sellerChoices.some((seller) => seller.id === chosen) && (
                <option value={String(chosen)}>
                  {list.data?.seller_id === chosen ? list.data.seller_name : `Seller #${chosen}`}
                </option>
              )}
              {sellerChoices.map((seller) => (
                <option key={seller.id} value={String(seller.id)}>
                  {seller.name}
                </option>
              ))}
            </select>
          </div>
          {sellers.isError && (
            <p className="error grow" role="alert">
              {errorText(sellers.error)}
            </p>
          )}
        </div>
      )}

      {operator && chosen === null ? (
        <p className="panel muted">Choose a seller to see and set their automations.</p>
      ) : list.isError ? (
        <p className="error" role="alert">
          {errorText(list.error)}
        </p>
      ) : !list.data ? (
        <p className="muted">Loading the automations…</p>
      ) : (
        <>
          {operator && (
            <p className="automations-for">
              Automations of <strong>{list.data.seller_name}</strong>
            </p>
          )}
          <div className="automation-list">
            {items.map((automation) => (
              <AutomationCard
                key={`${list.data.seller_id}-${automation.flow}`}
                automation={automation}
                sellerName={list.data.seller_name}
                sellerId={operator ? list.data.seller_id : null}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

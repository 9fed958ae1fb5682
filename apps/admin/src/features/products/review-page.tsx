// [I32] Products › Waiting for approval (operators; PRODUCT_REVIEW=manual, docs/sellers.md): the sellers'
// new products, oldest first, each with its photos, seller, price and variants, to "Approve" (on the
// storefront at once) or "Refuse" with a reason (texted to the seller, shown on the product's page); then
// the held changes of approved products (name, description, photos: the storefront keeps the approved
// version meanwhile) to "Approve change" or "Refuse change". The seller is texted either way.

import type { ProductChange, VendorProduct } from '@quokka/contract/api/vendor-products';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { ApiClient } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { money, shopTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { approveChange } from './api/approve-change';
import { approveProduct } from './api/approve-product';
import { PRODUCTS_QUERY_KEY } from './api/get-products';
import { reviewQueueQueryOptions } from './api/get-review-queue';
import { refuseChange } from './api/refuse-change';
import { refuseProduct } from './api/refuse-product';
import { photoAt } from './photo-url';
import './products.css';

type Decision = (api: ApiClient) => Promise<VendorProduct>;

function useDecision() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decide: Decision) => decide(api),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY }),
  });
}

function PhotoStrip({ photos, label }: { photos: string[]; label: string }) {
  return (
    <ul className="review-photos" aria-label={label}>
      {photos.map((url, index) => (
        <li key={url}>
          <img src={photoAt(url, 240)} alt={`${label} ${index + 1}`} width={96} height={96} loading="lazy" />
        </li>
      ))}
    </ul>
  );
}

function Variants({ product }: { product: VendorProduct }) {
  if (product.kind === 'simple')
    return (
      <p>
        {money(product.price_cents)} · {product.variants[0]?.stock ?? 0} in stock
      </p>
    );
  return (
    <ul className="review-variants" aria-label={`Variants of ${product.name}`}>
      {product.variants.map((variant) => (
        <li key={variant.id}>
          {[variant.colour, variant.size, variant.amount].filter(Boolean).join(' / ')}:{' '}
          {money(variant.price_cents)} · {variant.stock} in stock
        </li>
      ))}
    </ul>
  );
}

/** "Refuse" opens a reason and the button that sends it. */
function RefuseForm({
  idPrefix,
  opener,
  button,
  onRefuse,
  pending,
}: {
  idPrefix: string;
  /** The first button's words ("Refuse", "Refuse change"). */
  opener: string;
  button: string;
  onRefuse(reason: string): void;
  pending: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (!open)
    return (
      <button type="button" className="button danger-outline" onClick={() => setOpen(true)}>
        {opener}
      </button>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem('Say why, for the seller.');
      return;
    }
    setProblem(null);
    onRefuse(reason.trim());
  };
  return (
    <form className="refuse-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${idPrefix}-reason`}>Reason</label>
        <textarea
          id={`${idPrefix}-reason`}
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        {problem && <p className="field-error">{problem}</p>}
      </div>
      <button type="submit" className="button danger" disabled={pending}>
        {button}
      </button>
    </form>
  );
}

function NewProduct({ product, submittedAt }: { product: VendorProduct; submittedAt: string }) {
  const decision = useDecision();
  const [done, setDone] = useState<string | null>(null);
  const decide = (request: Decision, message: string) =>
    decision.mutate(request, { onSuccess: () => setDone(message) });
  return (
    <li className="panel review-item">
      <h3>
        <Link to={`/products/${product.id}`}>{product.name}</Link>
      </h3>
      <p className="muted small">
        {product.sku} · {product.seller_name} · sent {shopTime(submittedAt)}
      </p>
      <PhotoStrip photos={product.photos} label={`Photo of ${product.name}`} />
      {product.description && <p className="review-description">{product.description}</p>}
      <Variants product={product} />
      {done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : (
        <div className="review-actions">
          <button
            type="button"
            className="button primary"
            disabled={decision.isPending}
            onClick={() => decide((api) => approveProduct(api, product.id), `${product.name} is approved.`)}
          >
            Approve
          </button>
          <RefuseForm
            idPrefix={`refuse-${product.id}`}
            opener="Refuse"
            button="Refuse product"
            pending={decision.isPending}
            onRefuse={(reason) =>
              decide((api) => refuseProduct(api, product.id, reason), `${product.name} is refused.`)
            }
          />
        </div>
      )}
      {decision.isError && (
        <p className="error" role="alert">
          {errorText(decision.error)}
        </p>
      )}
    </li>
  );
}

function HeldChange({ change, product }: { change: ProductChange; product: VendorProduct }) {
  const decision = useDecision();
  const [done, setDone] = useState<string | null>(null);
  const decide = (request: Decision, message: string) =>
    decision.mutate(request, { onSuccess: () => setDone(message) });
  return (
    <li className="panel review-item">
      <h3>
        <Link to={`/products/${product.id}`}>{product.name}</Link>
      </h3>
      <p className="muted small">
        {product.sku} · {product.seller_name}
      </p>
      <dl className="review-change">
        {change.name !== null && (
          <>
            <dt>Name</dt>
            <dd>
              {product.name} → <strong>{change.name}</strong>
            </dd>
          </>
        )}
        {change.description !== null && (
          <>
            <dt>Description</dt>
            <dd>{change.description}</dd>
          </>
        )}
        {change.photos !== null && (
          <>
            <dt>Photos</dt>
            <dd>
              <PhotoStrip photos={change.photos} label={`New photo of ${product.name}`} />
            </dd>
          </>
        )}
      </dl>
      {done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : (
        <div className="review-actions">
          <button
            type="button"
            className="button primary"
            disabled={decision.isPending}
            onClick={() => decide((api) => approveChange(api, change.id), 'Change approved.')}
          >
            Approve change
          </button>
          <RefuseForm
            idPrefix={`refuse-change-${change.id}`}
            opener="Refuse change"
            button="Refuse change"
            pending={decision.isPending}
            onRefuse={(reason) => decide((api) => refuseChange(api, change.id, reason), 'Change refused.')}
          />
        </div>
      )}
      {decision.isError && (
        <p className="error" role="alert">
          {errorText(decision.error)}
        </p>
      )}
    </li>
  );
}

export function ReviewPage() {
  const { api } = useSession();
  const query = useQuery(reviewQueueQueryOptions(api));
  const data = query.data;
  return (
    <section className="product-page review-page">
      <Link to="/products" className="back-link">
        ← Products
      </Link>
      <div className="page-head">
        <h1>Waiting for approval</h1>
      </div>
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {!data && query.isPending && <p className="muted">Loading…</p>}
      {data && (
        <>
          <h2>New products</h2>
          {data.products.length === 0 ? (
            <p className="panel">No new product is waiting.</p>
          ) : (
            <ul className="review-list">
              {data.products.map((entry) => (
                <NewProduct key={entry.product.id} product={entry.product} submittedAt={entry.submitted_at} />
              ))}
            </ul>
          )}
          <h2>Changes</h2>
          {data.changes.length === 0 ? (
            <p className="panel">No change is waiting.</p>
          ) : (
            <ul className="review-list">
              {data.changes.map((entry) => (
                <HeldChange key={entry.change.id} change={entry.change} product={entry.product} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

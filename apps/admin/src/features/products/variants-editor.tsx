// [I34-variants] Price and stock of every variant, with one Save for all of them: edit any rows, Save checks
// every figure on the page (a bad one is marked in its row and nothing is sent), then a check lists each
// changed row, old → new, for the person to confirm; the rows go in one call (PATCH …/variants), all or
// nothing, and each variant changed is audited as before. A simple product is one row.
// [I27-amounts] A price is read by the contract's `readAmount` ('36,50' is refused, never 3650 dollars);
// [I27-price-confirm] a new price more than 5 times the old one or below a tenth of it is called out in the
// check ("Change $36.50 to $365.00?"), whose safe answer ("Go back") has the focus.
// [I27-price-step-up] A price below $1.00 or moved by more than half needs a fresh passkey check: the
// server answers 403 STEP_UP_REQUIRED and the api client checks the passkey and sends the save again.
// Only the fields typed in are drafts: an untouched row keeps showing the stock as the server has it.
// While rows are changed and not saved, closing or reloading the page asks first (beforeunload).

import {
  priceChangeLooksMistyped,
  type VendorProduct,
  type VendorVariant,
  type VendorVariantChange,
} from '@quokka/contract/api/vendor-products';
import { readAmount } from '@quokka/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { money } from '../../lib/format';
import { productQueryKey } from './api/get-product';
import { updateVariants } from './api/update-variants';
import { useProductChange } from './use-product-change';

/** What was typed in a row; a field never touched is absent (the row shows the server's figure). */
interface Draft {
  price?: string;
  stock?: string;
  enabled?: boolean;
}
type Field = 'price' | 'stock';
interface Problem {
  field: Field;
  message: string;
}
/** A changed row as the check lists it and the save sends it. */
interface RowChange {
  variant: VendorVariant;
  body: VendorVariantChange;
}

const priceText = (cents: number) => (cents / 100).toFixed(2);
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The row's change, or what is wrong with it; null when it changes nothing. */
function rowChange(variant: VendorVariant, draft: Draft | undefined): RowChange | Problem | null {
  if (!draft) return null;
  const body: VendorVariantChange = { id: variant.id };
  if (draft.price !== undefined) {
    const read = readAmount(draft.price);
    if ('error' in read) return { field: 'price', message: read.error };
    if (read.cents !== variant.price_cents) body.price_cents = read.cents;
  }
  if (draft.stock !== undefined) {
    if (!/^\d{1,8}$/.test(draft.stock.trim()))
      return { field: 'stock', message: 'Enter the stock as a whole number, 0 or more.' };
    const stock = Number(draft.stock);
    if (stock !== variant.stock) {
      body.stock = stock;
      body.expected_stock = variant.stock;
    }
  }
  if (draft.enabled !== undefined && draft.enabled !== variant.enabled) body.enabled = draft.enabled;
  return Object.keys(body).length > 1 ? { variant, body } : null;
}

/** What the variant is, beside its SKU: "Red, S" or "$50". */
const optionsOf = (variant: VendorVariant) =>
  [variant.colour, variant.size, variant.amount].filter((part) => part !== null).join(', ');

/**
 * The server's refusal in words that name the row: a 400 names `variants.2.price_cents`, which is the
 * third row sent; its SKU is said instead. Other refusals (404, 409) name the row or SKU themselves.
 */
function saveErrorText(error: unknown, sent: RowChange[]): string {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const fields = 'input_validation' in error.body ? error.body.input_validation : null;
    if (typeof fields === 'object' && fields !== null) {
      for (const [key, messages] of Object.entries(fields)) {
        const match = /^variants\.(\d+)(?:\.(\w+))?$/.exec(key);
        const row = match ? sent[Number(match[1])] : undefined;
        const message = Array.isArray(messages) ? String(messages[0]) : '';
        if (row) {
          const field = match?.[2] === 'price_cents' ? 'price' : match?.[2]?.replace('_', ' ');
          return `${row.variant.sku}${field ? `, ${field}` : ''}: ${message}. Nothing was saved.`;
        }
      }
    }
  }
  return errorText(error);
}

export function VariantsEditor({ product }: { product: VendorProduct }) {
  const change = useProductChange(product.id);
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [problems, setProblems] = useState<Record<number, Problem>>({});
  const [checking, setChecking] = useState<RowChange[] | null>(null);
  const [sent, setSent] = useState<RowChange[]>([]);
  const [saved, setSaved] = useState<string | null>(null);
  const { variants } = product;
  const hasColour = variants.some((variant) => variant.colour !== null);
  const hasSize = variants.some((variant) => variant.size !== null);
  const hasAmount = variants.some((variant) => variant.amount !== null);

  const edit = (id: number, patch: Draft) => {
    setSaved(null);
    setDrafts((all) => ({ ...all, [id]: { ...all[id], ...patch } }));
    setProblems((all) => {
      const { [id]: _fixed, ...rest } = all;
      return rest;
    });
  };
  const changed = variants.filter((variant) => rowChange(variant, drafts[variant.id]) !== null).length;

  // Rows typed in and not saved: the browser asks before the page is closed or reloaded.
  useEffect(() => {
    if (changed === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);

  function check() {
    setSaved(null);
    change.reset();
    const rows: RowChange[] = [];
    const found: Record<number, Problem> = {};
    for (const variant of variants) {
      const result = rowChange(variant, drafts[variant.id]);
      if (result === null) continue;
      if ('field' in result) found[variant.id] = result;
      else rows.push(result);
    }
    setProblems(found);
    if (Object.keys(found).length > 0) {
      const first = variants.find((variant) => found[variant.id]);
      if (first) document.getElementById(`${found[first.id]?.field}-${first.id}`)?.focus();
      return;
    }
    if (rows.length === 0) {
      setSaved('Nothing to save: no price, stock or on-sale box was changed.');
      return;
    }
    setChecking(rows);
  }

  function save(rows: RowChange[]) {
    setChecking(null);
    setSent(rows);
    change.mutate((api) => updateVariants(api, product.id, { variants: rows.map((row) => row.body) }), {
      onSuccess: () => {
        setDrafts({});
        setSaved(`Saved ${plural(rows.length, 'variant', 'variants')}.`);
      },
      // A stock moved (an order took some) or another refusal: show the figures now; what was typed stays.
      onError: () => void queryClient.invalidateQueries({ queryKey: productQueryKey(product.id) }),
    });
  }

  const problemCount = Object.keys(problems).length;

  return (
    <div className="panel variants-editor">
      <h2>Price and stock</h2>
      <p className="muted small">
        Prices include GST. Change any rows, then Save once. Stock is saved only if no order took some since
        you opened this page.
      </p>
      <table className="list-table variants-table">
        <thead>
          <tr>
            <th scope="col">SKU</th>
            {hasColour && <th scope="col">Colour</th>}
            {hasSize && <th scope="col">Size</th>}
            {hasAmount && <th scope="col">Amount</th>}
            <th scope="col">Price ($)</th>
            <th scope="col">Stock</th>
            <th scope="col">On sale</th>
          </tr>
        </thead>
        <tbody>
          {variants.map((variant) => {
            const draft = drafts[variant.id] ?? {};
            const problem = problems[variant.id];
            const price = draft.price ?? priceText(variant.price_cents);
            const stock = draft.stock ?? String(variant.stock);
            const enabled = draft.enabled ?? variant.enabled;
            const isChanged = rowChange(variant, draft) !== null;
            return (
              <tr key={variant.id} className={isChanged ? 'variant-changed' : undefined}>
                <td data-label="SKU">
                  <span className="cell">
                    {variant.sku}
                    {isChanged && <span className="sub">Changed</span>}
                  </span>
                </td>
                {hasColour && <td data-label="Colour">{variant.colour ?? '—'}</td>}
                {hasSize && <td data-label="Size">{variant.size ?? '—'}</td>}
                {hasAmount && <td data-label="Amount">{variant.amount ?? '—'}</td>}
                <td data-label="Price ($)">
                  <span className="cell">
                    <input
                      id={`price-${variant.id}`}
                      aria-label={`Price of ${variant.sku}`}
                      inputMode="decimal"
                      value={price}
                      aria-invalid={problem?.field === 'price' ? true : undefined}
                      aria-describedby={problem?.field === 'price' ? `problem-${variant.id}` : undefined}
                      onChange={(event) => edit(variant.id, { price: event.target.value })}
                    />
                    {problem?.field === 'price' && (
                      <span className="field-error" id={`problem-${variant.id}`}>
                        {problem.message}
                      </span>
                    )}
                  </span>
                </td>
                <td data-label="Stock">
                  <span className="cell">
                    <input
                      id={`stock-${variant.id}`}
                      aria-label={`Stock of ${variant.sku}`}
                      inputMode="numeric"
                      value={stock}
                      aria-invalid={problem?.field === 'stock' ? true : undefined}
                      aria-describedby={problem?.field === 'stock' ? `problem-${variant.id}` : undefined}
                      onChange={(event) => edit(variant.id, { stock: event.target.value })}
                    />
                    {Number(stock) !== variant.stock && <span className="sub">Now {variant.stock}</span>}
                    {problem?.field === 'stock' && (
                      <span className="field-error" id={`problem-${variant.id}`}>
                        {problem.message}
                      </span>
                    )}
                  </span>
                </td>
                <td data-label="On sale">
                  <label className="check">
                    <input
                      type="checkbox"
                      aria-label={`${variant.sku} on sale`}
                      checked={enabled}
                      onChange={(event) => edit(variant.id, { enabled: event.target.checked })}
                    />
                    On sale
                  </label>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="variants-save">
        <button type="button" className="button primary" disabled={change.isPending} onClick={check}>
          {change.isPending ? 'Saving…' : 'Save changes'}
        </button>
        {changed > 0 && !change.isPending && (
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              setDrafts({});
              setProblems({});
              change.reset();
            }}
          >
            Undo changes
          </button>
        )}
        <span className="muted small" aria-live="polite">
          {changed > 0 ? `${plural(changed, 'row', 'rows')} changed, not saved yet.` : ''}
        </span>
      </div>
      {problemCount > 0 && (
        <p className="error" role="alert">
          {problemCount === 1 ? 'One row needs' : `${problemCount} rows need`} a look before saving:{' '}
          {variants
            .filter((variant) => problems[variant.id])
            .map((variant) => `${variant.sku} (${problems[variant.id]?.field})`)
            .join(', ')}
          . Nothing was sent.
        </p>
      )}
      {change.error ? (
        <p className="error" role="alert">
          {saveErrorText(change.error, sent)}
        </p>
      ) : (
        saved && (
          <p className="notice" role="status">
            {saved}
          </p>
        )
      )}
      {checking && (
        <SaveCheck rows={checking} onConfirm={() => save(checking)} onClose={() => setChecking(null)} />
      )}
    </div>
  );
}

/** [I34-variants] The check before a save: each changed row, old → new; a price that looks mistyped said first. */
function SaveCheck({ rows, onConfirm, onClose }: { rows: RowChange[]; onConfirm(): void; onClose(): void }) {
  const count = plural(rows.length, 'variant', 'variants');
  return (
    <Dialog title={`Save ${count}?`} onClose={onClose}>
      <p>Shoppers see the new prices, stock and on-sale choices at once. Check each row:</p>
      <ul className="save-check">
        {rows.map(({ variant, body }) => {
          const options = optionsOf(variant);
          const mistyped =
            body.price_cents !== undefined && priceChangeLooksMistyped(variant.price_cents, body.price_cents);
          return (
            <li key={variant.id}>
              <strong>{variant.sku}</strong>
              {options && <span className="muted"> · {options}</span>}
              <ul>
                {body.price_cents !== undefined && (
                  <li>
                    Price {money(variant.price_cents)} → {money(body.price_cents)}
                  </li>
                )}
                {body.stock !== undefined && (
                  <li>
                    Stock {variant.stock} → {body.stock}
                  </li>
                )}
                {body.enabled !== undefined && (
                  <li>{body.enabled ? 'Off sale → On sale' : 'On sale → Off sale'}</li>
                )}
              </ul>
              {mistyped && body.price_cents !== undefined && (
                <p className="price-warning">
                  <strong>
                    Change {money(variant.price_cents)} to {money(body.price_cents)}?
                  </strong>{' '}
                  {body.price_cents > variant.price_cents
                    ? `The new price is more than 5 times the price now (${money(variant.price_cents)}).`
                    : `The new price is less than a tenth of the price now (${money(variant.price_cents)}).`}{' '}
                  Check the figure: a comma or a missing point makes a price 100 times what was meant.
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="dialog-buttons">
        <button type="button" className="button secondary" onClick={onClose}>
          Go back
        </button>
        <button type="button" className="button primary" onClick={onConfirm}>
          Save {count}
        </button>
      </div>
    </Dialog>
  );
}

// [I16-products] One product (GET /admin/api/products/:id), edited in place: its name and description,
// the price and stock of each variant (a simple product is one row), on or off sale, and its photos —
// 1 to 4, main first, moved up and down, removed, uploaded; and for a product in colours one picture per
// colour. Every change answers with the product as it now is, and the storefront shows it at once.
// Errors are the server's own words. The variants table is a card per variant on a phone (app/global.css).
// [I27-amounts] A price is read by the contract's `readAmount` ('36,50' is refused, never 3650 dollars),
// and a new price more than 5 times the old one or below a tenth of it is asked about first ("Change
// $36.50 to $365.00?"). [I27-price-step-up] A price below $1.00 or moved by more than half needs a fresh
// passkey check: the server answers 403 STEP_UP_REQUIRED and the api client checks the passkey and sends
// the change again (lib/api-client.ts), as every step-up screen does.
// [I32] PRODUCT_REVIEW: a product waiting for an operator says so; a refused one shows the operator's
// reason and "Send for approval" (after the seller's changes); a change of an approved product's name,
// description or photos that waits for an operator is shown (the shop keeps the approved version until
// then), and the photos edited are the ones waiting.

import { textProblem } from '@quokka/contract/api/common';
import {
  PRODUCT_LIMITS,
  priceChangeLooksMistyped,
  type UpdateVendorVariantBody,
  type VendorProduct,
  type VendorVariant,
} from '@quokka/contract/api/vendor-products';
import { readAmount } from '@quokka/contract/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Dialog } from '../../components/dialog';
import type { ApiClient } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { money } from '../../lib/format';
import { useSession } from '../../lib/session';
import { addPhoto } from './api/add-photo';
import { productQueryKey, productQueryOptions } from './api/get-product';
import { PRODUCTS_QUERY_KEY } from './api/get-products';
import { removeColourPhoto } from './api/remove-colour-photo';
import { removePhoto } from './api/remove-photo';
import { reorderPhotos } from './api/reorder-photos';
import { setColourPhoto } from './api/set-colour-photo';
import { submitProduct } from './api/submit-product';
import { updateProduct } from './api/update-product';
import { updateVariant } from './api/update-variant';
import { photoAt } from './photo-url';
import './products.css';

/** One change of the product: a call of api/ that answers with the product as it now is. */
type Change = (api: ApiClient) => Promise<VendorProduct>;

/** Sends one change of the product and puts the product it answers in place. */
function useProductChange(productId: number) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => change(api),
    onSuccess: (product) => {
      queryClient.setQueryData(productQueryKey(productId), product);
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
    },
  });
}

export function ProductPage() {
  const { api } = useSession();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...productQueryOptions(api, id), enabled: valid });
  if (!valid) return <p className="panel">There is no such product.</p>;
  if (query.isError) {
    return (
      <section>
        <BackLink />
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      </section>
    );
  }
  if (!query.data) return <p className="muted">Loading the product…</p>;
  return <ProductView product={query.data} />;
}

function BackLink() {
  return (
    <Link to="/products" className="back-link">
      ← Products
    </Link>
  );
}

function Outcome({ error, saved }: { error: unknown; saved: string | null }) {
  if (error)
    return (
      <p className="error" role="alert">
        {errorText(error)}
      </p>
    );
  if (saved)
    return (
      <p className="notice" role="status">
        {saved}
      </p>
    );
  return null;
}

function ProductView({ product }: { product: VendorProduct }) {
  return (
    <section className="product-page">
      <BackLink />
      <div className="page-head">
        <h1>{product.name}</h1>
      </div>
      <p className="muted">
        {product.sku} · {product.seller_name}
      </p>
      <ReviewStatus product={product} />
      <SaleSwitch product={product} />
      <DetailsForm key={`details-${product.id}`} product={product} />
      <VariantsTable product={product} />
      <Photos product={product} />
      {product.colour_photos.length > 0 && <ColourPhotos product={product} />}
    </section>
  );
}

function SaleSwitch({ product }: { product: VendorProduct }) {
  const change = useProductChange(product.id);
  const [saved, setSaved] = useState<string | null>(null);
  const toggle = () => {
    setSaved(null);
    change.mutate((api) => updateProduct(api, product.id, { enabled: !product.enabled }), {
      onSuccess: (next) =>
        setSaved(next.enabled ? 'On sale: shoppers can buy it now.' : 'Off sale: shoppers no longer see it.'),
    });
  };
  return (
    <div className="panel product-sale">
      <p>
        {product.enabled ? (
          <span className="badge badge-ok">On sale</span>
        ) : (
          <span className="badge badge-plain">Off sale</span>
        )}
      </p>
      <button
        type="button"
        className={`button ${product.enabled ? 'danger-outline' : 'primary'}`}
        disabled={change.isPending}
        onClick={toggle}
      >
        {product.enabled ? 'Take off sale' : 'Put on sale'}
      </button>
      <Outcome error={change.error} saved={saved} />
    </div>
  );
}

/** [I32] Where the product stands with the operators' review (PRODUCT_REVIEW=manual). */
function ReviewStatus({ product }: { product: VendorProduct }) {
  const change = useProductChange(product.id);
  const pending = product.pending_change;
  const refusedChange = product.refused_change;
  return (
    <>
      {product.review_status === 'waiting' && (
        <p className="notice" role="status">
          Waiting for approval: shoppers see this product once an operator approves it.
        </p>
      )}
      {product.review_status === 'refused' && (
        <div className="panel review-refused">
          <h2>Not approved</h2>
          <p>{product.review_reason}</p>
          <p className="muted small">Change what the operator asked, then send it again.</p>
          <button
            type="button"
            className="button primary"
            disabled={change.isPending}
            onClick={() => change.mutate((api) => submitProduct(api, product.id))}
          >
            Send for approval
          </button>
          <Outcome error={change.error} saved={null} />
        </div>
      )}
      {pending && (
        <p className="notice" role="status">
          Your change
          {pending.name !== null && ` of the name to “${pending.name}”`}
          {pending.description !== null && `${pending.name !== null ? ',' : ''} of the description`}
          {pending.photos !== null &&
            `${pending.name !== null || pending.description !== null ? ',' : ''} of the photos`}{' '}
          is waiting for approval. Shoppers see the product as it was until then.
        </p>
      )}
      {!pending && refusedChange && (
        <p className="error" role="alert">
          Your last change was not approved: {refusedChange.refusal_reason}
        </p>
      )}
    </>
  );
}

function DetailsForm({ product }: { product: VendorProduct }) {
  const change = useProductChange(product.id);
  // [I32] The words waiting for approval are the ones edited further.
  const [name, setName] = useState(product.pending_change?.name ?? product.name);
  const [description, setDescription] = useState(product.pending_change?.description ?? product.description);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(null);
    if (!name.trim()) {
      setProblem('The name must not be empty.');
      return;
    }
    // [I27-text] The contract's own rule, so a name of only zero-width characters is told here at once.
    const nameProblem = textProblem(name);
    if (nameProblem) {
      setProblem(`The name ${nameProblem}.`);
      return;
    }
    setProblem(null);
    change.mutate((api) => updateProduct(api, product.id, { name, description }), {
      onSuccess: () => setSaved('Details saved.'),
    });
  }

  return (
    <form className="panel" onSubmit={submit} aria-label="Details">
      <h2>Details</h2>
      <div className="field">
        <label htmlFor="product-name">Name</label>
        <input
          id="product-name"
          value={name}
          maxLength={PRODUCT_LIMITS.nameMax}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {problem && <p className="field-error">{problem}</p>}
      </div>
      <div className="field">
        <label htmlFor="product-description">Description</label>
        <textarea
          id="product-description"
          value={description}
          maxLength={PRODUCT_LIMITS.descriptionMax}
          rows={6}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <button type="submit" className="button primary" disabled={change.isPending}>
        {change.isPending ? 'Saving…' : 'Save details'}
      </button>
      <Outcome error={change.error} saved={saved} />
    </form>
  );
}

function VariantsTable({ product }: { product: VendorProduct }) {
  const hasColour = product.variants.some((variant) => variant.colour !== null);
  const hasSize = product.variants.some((variant) => variant.size !== null);
  const hasAmount = product.variants.some((variant) => variant.amount !== null);
  return (
    <div className="panel">
      <h2>Price and stock</h2>
      <p className="muted small">
        Prices include GST. Stock is saved only if no order took some since you opened this page.
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
            <th scope="col">
              <span className="visually-hidden">Save</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {product.variants.map((variant) => (
            <VariantRow
              key={variant.id}
              productId={product.id}
              variant={variant}
              columns={{ hasColour, hasSize, hasAmount }}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function VariantRow({
  productId,
  variant,
  columns,
}: {
  productId: number;
  variant: VendorVariant;
  columns: { hasColour: boolean; hasSize: boolean; hasAmount: boolean };
}) {
  const change = useProductChange(productId);
  const queryClient = useQueryClient();
  const [price, setPrice] = useState((variant.price_cents / 100).toFixed(2));
  const [stock, setStock] = useState(String(variant.stock));
  const [enabled, setEnabled] = useState(variant.enabled);
  // What is wrong with the row's figures, and which field it is about (that field alone is marked).
  const [problem, setProblem] = useState<{ field: 'price' | 'stock'; message: string } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // A change whose new price looks mistyped, waiting for "Change the price" in the dialog.
  const [asking, setAsking] = useState<{ body: UpdateVendorVariantBody; cents: number } | null>(null);

  function save() {
    setSaved(null);
    const read = readAmount(price);
    if ('error' in read) {
      setProblem({ field: 'price', message: read.error });
      return;
    }
    const cents = read.cents;
    if (!/^\d{1,8}$/.test(stock.trim())) {
      setProblem({ field: 'stock', message: 'Enter the stock as a whole number, 0 or more.' });
      return;
    }
    setProblem(null);
    const body: UpdateVendorVariantBody = {};
    if (cents !== variant.price_cents) body.price_cents = cents;
    if (Number(stock) !== variant.stock) {
      body.stock = Number(stock);
      body.expected_stock = variant.stock;
    }
    if (enabled !== variant.enabled) body.enabled = enabled;
    if (Object.keys(body).length === 0) {
      setSaved('Nothing to save.');
      return;
    }
    if (body.price_cents !== undefined && priceChangeLooksMistyped(variant.price_cents, cents)) {
      setAsking({ body, cents });
      return;
    }
    send(body);
  }

  function send(body: UpdateVendorVariantBody) {
    setAsking(null);
    change.mutate((api) => updateVariant(api, productId, variant.id, body), {
      onSuccess: (next) => {
        const now = next.variants.find((row) => row.id === variant.id);
        setSaved(now ? `Saved: ${money(now.price_cents)}, ${now.stock} in stock.` : 'Saved.');
      },
      // The stock moved (an order took some): show the stock now; the figure typed stays to save again.
      onError: () => void queryClient.invalidateQueries({ queryKey: productQueryKey(productId) }),
    });
  }

  return (
    <tr>
      <td data-label="SKU">{variant.sku}</td>
      {columns.hasColour && <td data-label="Colour">{variant.colour ?? '—'}</td>}
      {columns.hasSize && <td data-label="Size">{variant.size ?? '—'}</td>}
      {columns.hasAmount && <td data-label="Amount">{variant.amount ?? '—'}</td>}
      <td data-label="Price ($)">
        <input
          aria-label={`Price of ${variant.sku}`}
          inputMode="decimal"
          value={price}
          aria-invalid={problem?.field === 'price' ? true : undefined}
          onChange={(event) => setPrice(event.target.value)}
        />
      </td>
      <td data-label="Stock">
        <span className="cell">
          <input
            aria-label={`Stock of ${variant.sku}`}
            inputMode="numeric"
            value={stock}
            aria-invalid={problem?.field === 'stock' ? true : undefined}
            onChange={(event) => setStock(event.target.value)}
          />
          {Number(stock) !== variant.stock && <span className="sub">Now {variant.stock}</span>}
        </span>
      </td>
      <td data-label="On sale">
        <label className="check">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <span className="visually-hidden">{variant.sku} </span>On sale
        </label>
      </td>
      <td data-label="">
        <span className="cell">
          <button
            type="button"
            className="button primary"
            disabled={change.isPending}
            aria-label={`Save ${variant.sku}`}
            onClick={save}
          >
            {change.isPending ? 'Saving…' : 'Save'}
          </button>
          {problem && (
            <span className="field-error" role="alert">
              {problem.message}
            </span>
          )}
          <Outcome error={change.error} saved={saved} />
        </span>
        {asking && (
          <PriceCheck
            from={variant.price_cents}
            to={asking.cents}
            onConfirm={() => send(asking.body)}
            onClose={() => setAsking(null)}
          />
        )}
      </td>
    </tr>
  );
}

/** [I27-price-confirm] "Change $36.50 to $3,650.00?": a price 5 times higher or a tenth lower is checked. */
function PriceCheck({
  from,
  to,
  onConfirm,
  onClose,
}: {
  from: number;
  to: number;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Dialog title={`Change ${money(from)} to ${money(to)}?`} onClose={onClose}>
      <p>
        {to > from
          ? `The new price is more than 5 times the price now (${money(from)}).`
          : `The new price is less than a tenth of the price now (${money(from)}).`}{' '}
        Shoppers see it at once. Check the figure: a comma or a missing point makes a price 100 times what was
        meant.
      </p>
      <div className="dialog-buttons">
        <button type="button" className="button secondary" onClick={onClose}>
          Keep {money(from)}
        </button>
        <button type="button" className="button primary" onClick={onConfirm}>
          Change to {money(to)}
        </button>
      </div>
    </Dialog>
  );
}

/** A file input that sends the chosen picture and clears itself. */
function PictureInput({
  id,
  label,
  disabled,
  onPicture,
}: {
  id: string;
  label: string;
  disabled: boolean;
  onPicture(file: File): void;
}) {
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPicture(file);
  };
  return (
    <div className="field picture-input">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        disabled={disabled}
        onChange={pick}
      />
    </div>
  );
}

const thumb = (url: string) => photoAt(url, 240);

function Photos({ product }: { product: VendorProduct }) {
  const change = useProductChange(product.id);
  const [saved, setSaved] = useState<string | null>(null);
  // [I32] Photos waiting for an operator are the ones edited further.
  const photos = product.pending_change?.photos ?? product.photos;
  const full = photos.length >= PRODUCT_LIMITS.photosMax;

  const run = (request: Change, message: string) => {
    setSaved(null);
    change.mutate(request, { onSuccess: () => setSaved(message) });
  };
  const move = (from: number, to: number) => {
    const order = [...photos];
    const [photo] = order.splice(from, 1);
    if (photo === undefined) return;
    order.splice(to, 0, photo);
    run((api) => reorderPhotos(api, product.id, { photos: order }), 'Photo moved.');
  };

  return (
    <div className="panel">
      <h2>Photos</h2>
      <p className="muted small">
        Up to {PRODUCT_LIMITS.photosMax} photos; the first is the main photo. JPEG, PNG, WebP, AVIF or GIF.
      </p>
      <ol className="photo-list">
        {photos.map((url, index) => (
          <li key={url}>
            <img
              src={thumb(url)}
              alt={
                index === 0 ? `${product.name}, main` : `${product.name}, ${index + 1} of ${photos.length}`
              }
              width={120}
              height={120}
            />
            <span className="photo-caption">{index === 0 ? 'Main photo' : `Photo ${index + 1}`}</span>
            <span className="photo-buttons">
              <button
                type="button"
                className="button secondary"
                disabled={index === 0 || change.isPending}
                aria-label={`Move photo ${index + 1} up`}
                onClick={() => move(index, index - 1)}
              >
                ↑ Up
              </button>
              <button
                type="button"
                className="button secondary"
                disabled={index === photos.length - 1 || change.isPending}
                aria-label={`Move photo ${index + 1} down`}
                onClick={() => move(index, index + 1)}
              >
                ↓ Down
              </button>
              <button
                type="button"
                className="button danger-outline"
                disabled={photos.length <= 1 || change.isPending}
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => run((api) => removePhoto(api, product.id, index), 'Photo removed.')}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ol>
      {full ? (
        <p className="muted small">Remove a photo to add another.</p>
      ) : (
        <PictureInput
          id="photo-upload"
          label="Add a photo"
          disabled={change.isPending}
          onPicture={(file) => run((api) => addPhoto(api, product.id, file), 'Photo added.')}
        />
      )}
      {change.isPending && <p className="muted">Working…</p>}
      <Outcome error={change.error} saved={saved} />
    </div>
  );
}

function ColourPhotos({ product }: { product: VendorProduct }) {
  const change = useProductChange(product.id);
  const [saved, setSaved] = useState<string | null>(null);
  const run = (request: Change, message: string) => {
    setSaved(null);
    change.mutate(request, { onSuccess: () => setSaved(message) });
  };
  return (
    <div className="panel">
      <h2>Picture per colour</h2>
      <p className="muted small">
        Shown when a shopper chooses the colour, and on their cart line; without one, the main photo.
      </p>
      <ul className="photo-list">
        {product.colour_photos.map((colour) => (
          <li key={colour.colour_id}>
            {colour.url ? (
              <img
                src={thumb(colour.url)}
                alt={`${product.name} in ${colour.colour}`}
                width={120}
                height={120}
              />
            ) : (
              <span className="product-thumb empty" aria-hidden="true" />
            )}
            <span className="photo-caption">
              {colour.colour}
              {!colour.url && <span className="sub">No picture (the main photo shows)</span>}
            </span>
            <span className="photo-buttons">
              <PictureInput
                id={`colour-${colour.colour_id}`}
                label={`Picture for ${colour.colour}`}
                disabled={change.isPending}
                onPicture={(file) =>
                  run(
                    (api) => setColourPhoto(api, product.id, colour.colour_id, file),
                    `${colour.colour} picture saved.`,
                  )
                }
              />
              {colour.url && (
                <button
                  type="button"
                  className="button danger-outline"
                  disabled={change.isPending}
                  onClick={() =>
                    run(
                      (api) => removeColourPhoto(api, product.id, colour.colour_id),
                      `${colour.colour} picture removed.`,
                    )
                  }
                >
                  Remove the {colour.colour} picture
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <Outcome error={change.error} saved={saved} />
    </div>
  );
}

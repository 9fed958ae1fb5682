// [I16-products] One product (GET /admin/api/products/:id), edited in place: its name and description,
// on or off sale, the price and stock of every variant (variants-editor.tsx: [I34-variants] one Save for
// all rows, a check of each changed row first), its photos (photos-editor.tsx: [I34-photos] 1 to 4, added
// several at once, replaced in place, Make main, dragged), and for a product in colours one picture per
// colour. Every change answers with the product as it now is, and the storefront shows it at once.
// Errors are the server's own words. The variants table is a card per variant on a phone (app/global.css).
// [I32] PRODUCT_REVIEW: a product waiting for an operator says so; a refused one shows the operator's
// reason and "Send for approval" (after the seller's changes); a change of an approved product's name,
// description or photos that waits for an operator is shown (the shop keeps the approved version until
// then), and the photos edited are the ones waiting.

import { textProblem } from '@quokka/contract/api/common';
import { PRODUCT_LIMITS, type VendorProduct } from '@quokka/contract/api/vendor-products';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorText } from '../../lib/error-text';
import { useSession } from '../../lib/session';
import { productQueryOptions } from './api/get-product';
import { removeColourPhoto } from './api/remove-colour-photo';
import { setColourPhoto } from './api/set-colour-photo';
import { submitProduct } from './api/submit-product';
import { updateProduct } from './api/update-product';
import { photoAt } from './photo-url';
import { PhotosEditor, PICTURE_TYPES } from './photos-editor';
import { type ProductChangeCall, useProductChange } from './use-product-change';
import { VariantsEditor } from './variants-editor';
import './products.css';

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
      <VariantsEditor product={product} />
      <PhotosEditor product={product} />
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
      <input id={id} type="file" accept={PICTURE_TYPES} disabled={disabled} onChange={pick} />
    </div>
  );
}

const thumb = (url: string) => photoAt(url, 240);

function ColourPhotos({ product }: { product: VendorProduct }) {
  const change = useProductChange(product.id);
  const [saved, setSaved] = useState<string | null>(null);
  const run = (request: ProductChangeCall, message: string) => {
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

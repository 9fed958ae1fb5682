// [I32] Add product (docs/sellers.md): a seller's staff list a new product from a phone. Name, description,
// category, price, stock and SKU (suggested by the server from the name once it is typed, editable);
// optional colours and sizes added one by one as chips, and then a price and stock per variant; 1–4 photos,
// taken with the camera ("Take photo": capture) or chosen from the phone's pictures ("Choose photos"), and
// one picture per colour. Each photo is uploaded as soon as it is picked (POST /products/pictures: the
// media store checks it) and the product is created with them (POST /products), so it never exists
// without a photo. Operators choose the seller; a vendor's product is always their own seller's. The
// server's rules are the importer's; its words are shown as they are. Under PRODUCT_REVIEW=manual the new
// product waits for an operator: its page says so.

import { textProblem } from '@quokka/contract/api/common';
import { type CreateVendorProductBody, PRODUCT_LIMITS } from '@quokka/contract/api/vendor-products';
import { readAmount } from '@quokka/contract/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../lib/error-text';
import { useSession } from '../../lib/session';
import { createProduct } from './api/create-product';
import { productCategoriesQueryOptions } from './api/get-categories';
import { productQueryKey } from './api/get-product';
import { PRODUCTS_QUERY_KEY } from './api/get-products';
import { sellerChoicesQueryOptions } from './api/get-sellers';
import { getSkuSuggestion } from './api/get-sku-suggestion';
import { uploadPicture } from './api/upload-picture';
import { photoAt } from './photo-url';
import './products.css';

interface Typed {
  price: string;
  stock: string;
}

const variantKey = (colour: string | null, size: string | null) => `${colour ?? ''}\u0000${size ?? ''}`;
const variantLabel = (colour: string | null, size: string | null) =>
  [colour, size].filter(Boolean).join(' / ');

/** Every colour × size (or each alone when only one kind is given), in the order they were added. */
function combinations(colours: string[], sizes: string[]) {
  const out: { colour: string | null; size: string | null }[] = [];
  for (const colour of colours.length > 0 ? colours : [null])
    for (const size of sizes.length > 0 ? sizes : [null]) if (colour || size) out.push({ colour, size });
  return out;
}

/** A list of words added one at a time (colours, sizes): an input, "Add", and each as a removable chip. */
function Chips({
  id,
  label,
  values,
  onChange,
}: {
  id: string;
  label: string;
  values: string[];
  onChange(values: string[]): void;
}) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const value = draft.trim();
    if (!value) return;
    if (values.some((known) => known.toLowerCase() === value.toLowerCase())) {
      setProblem(`${value} is already in the list.`);
      return;
    }
    const bad = textProblem(value);
    if (bad) {
      setProblem(`${value} ${bad}.`);
      return;
    }
    setProblem(null);
    onChange([...values, value]);
    setDraft('');
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="chip-input">
        <input
          id={id}
          value={draft}
          maxLength={40}
          enterKeyHint="done"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button secondary" onClick={add}>
          Add {label.toLowerCase().replace(/s$/, '')}
        </button>
      </div>
      {problem && <p className="field-error">{problem}</p>}
      {values.length > 0 && (
        <ul className="chips" aria-label={`${label} added`}>
          {values.map((value) => (
            <li key={value} className="chip">
              {value}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${value}`}
                onClick={() => onChange(values.filter((known) => known !== value))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function NewProductPage() {
  const { api, me } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isOperator = me?.staff.role === 'operator';
  const categories = useQuery(productCategoriesQueryOptions(api));
  const sellers = useQuery({ ...sellerChoicesQueryOptions(api), enabled: isOperator });

  const [sellerId, setSellerId] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('');
  const [sku, setSku] = useState('');
  const [skuTouched, setSkuTouched] = useState(false);
  const [colours, setColours] = useState<string[]>([]);
  const [sizes, setSizes] = useState<string[]>([]);
  const [variants, setVariants] = useState<Record<string, Typed>>({});
  const [photos, setPhotos] = useState<string[]>([]);
  const [colourPictures, setColourPictures] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(0);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const options = combinations(colours, sizes);
  const hasOptions = options.length > 0;

  async function suggestSku() {
    if (skuTouched || !name.trim()) return;
    try {
      setSku(await getSkuSuggestion(api, name.trim()));
    } catch {
      // A suggestion is a help only: the field stays for the seller to fill.
    }
  }

  async function upload(files: File[], onUrl: (url: string) => void) {
    setUploadError(null);
    for (const file of files) {
      setUploading((n) => n + 1);
      try {
        onUrl(await uploadPicture(api, file));
      } catch (error) {
        setUploadError(error);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  const pickPhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const room = PRODUCT_LIMITS.photosMax - photos.length;
    if (files.length > room)
      setProblems([`A product has at most ${PRODUCT_LIMITS.photosMax} photos: ${room} more can be added.`]);
    void upload(files.slice(0, Math.max(0, room)), (url) =>
      setPhotos((known) =>
        known.includes(url) || known.length >= PRODUCT_LIMITS.photosMax ? known : [...known, url],
      ),
    );
  };

  const pickColourPicture = (colour: string) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void upload([file], (url) => setColourPictures((known) => ({ ...known, [colour]: url })));
  };

  const typed = (colour: string | null, size: string | null): Typed =>
    variants[variantKey(colour, size)] ?? { price, stock: '' };
  const setTyped = (colour: string | null, size: string | null, patch: Partial<Typed>) =>
    setVariants((known) => ({ ...known, [variantKey(colour, size)]: { ...typed(colour, size), ...patch } }));

  const create = useMutation({
    mutationFn: (body: CreateVendorProductBody) => createProduct(api, body),
    onSuccess: (product) => {
      queryClient.setQueryData(productQueryKey(product.id), product);
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      navigate(`/products/${product.id}`);
    },
  });

  function readStock(text: string, what: string, found: string[]): number {
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isInteger(value) || value < 0) {
      found.push(`${what}: enter a whole number of 0 or more.`);
      return 0;
    }
    return value;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: string[] = [];
    if (isOperator && !sellerId) found.push('Choose the seller.');
    if (!name.trim()) found.push('Enter the name.');
    else {
      const bad = textProblem(name);
      if (bad) found.push(`The name ${bad}.`);
    }
    if (!categoryId) found.push('Choose a category.');
    if (!sku.trim()) found.push('Enter the SKU.');
    if (photos.length === 0) found.push('Add at least one photo.');
    let priceCents = 0;
    let qty = 0;
    const rows: CreateVendorProductBody['variants'] = [];
    if (hasOptions) {
      for (const { colour, size } of options) {
        const label = variantLabel(colour, size);
        const entry = typed(colour, size);
        const reading = readAmount(entry.price);
        if ('error' in reading) found.push(`Price for ${label}: ${reading.error}`);
        const variantStock = readStock(entry.stock, `Stock for ${label}`, found);
        rows.push({
          ...(colour ? { colour } : {}),
          ...(size ? { size } : {}),
          price_cents: 'cents' in reading ? reading.cents : 0,
          qty: variantStock,
        });
      }
      priceCents = Math.min(...rows.map((row) => row.price_cents));
    } else {
      const reading = readAmount(price);
      if ('error' in reading) found.push(`Price: ${reading.error}`);
      else priceCents = reading.cents;
      qty = readStock(stock, 'Stock', found);
    }
    setProblems(found);
    if (found.length > 0) return;
    create.mutate({
      ...(isOperator ? { seller_id: Number(sellerId) } : {}),
      name: name.trim(),
      description,
      category_id: Number(categoryId),
      sku: sku.trim(),
      price_cents: priceCents,
      qty,
      colours,
      sizes,
      variants: rows,
      photos,
      colour_photos: colours
        .filter((colour) => colourPictures[colour])
        .map((colour) => ({ colour, url: colourPictures[colour] as string })),
    });
  }

  return (
    <section className="product-page new-product-page">
      <Link to="/products" className="back-link">
        ← Products
      </Link>
      <div className="page-head">
        <h1>Add product</h1>
      </div>
      <form onSubmit={submit} aria-label="Add product" noValidate>
        <div className="panel">
          <h2>Details</h2>
          {isOperator && (
            <div className="field">
              <label htmlFor="new-seller">Seller</label>
              <select id="new-seller" value={sellerId} onChange={(event) => setSellerId(event.target.value)}>
                <option value="">Choose the seller</option>
                {(sellers.data ?? []).map((seller) => (
                  <option key={seller.id} value={String(seller.id)}>
                    {seller.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor="new-name">Name</label>
            <input
              id="new-name"
              value={name}
              maxLength={PRODUCT_LIMITS.nameMax}
              onChange={(event) => setName(event.target.value)}
              onBlur={() => void suggestSku()}
            />
          </div>
          <div className="field">
            <label htmlFor="new-description">Description</label>
            <textarea
              id="new-description"
              value={description}
              rows={5}
              maxLength={PRODUCT_LIMITS.descriptionMax}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="new-category">Category</label>
            <select
              id="new-category"
              value={categoryId}
              onChange={(event) => setCategoryId(event.target.value)}
            >
              <option value="">Choose a category</option>
              {(categories.data ?? []).map((category) => (
                <option key={category.id} value={String(category.id)}>
                  {category.path}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="new-sku">SKU</label>
            <input
              id="new-sku"
              value={sku}
              maxLength={64}
              autoCapitalize="characters"
              onChange={(event) => {
                setSku(event.target.value);
                setSkuTouched(true);
              }}
            />
            <p className="muted small">Suggested from the name; letters, digits, “.”, “_” and “-”.</p>
          </div>
          {!hasOptions && (
            <div className="field-row">
              <div className="field">
                <label htmlFor="new-price">Price</label>
                <input
                  id="new-price"
                  inputMode="decimal"
                  placeholder="24.95"
                  value={price}
                  onChange={(event) => setPrice(event.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor="new-stock">Stock</label>
                <input
                  id="new-stock"
                  inputMode="numeric"
                  value={stock}
                  onChange={(event) => setStock(event.target.value)}
                />
              </div>
            </div>
          )}
        </div>

        <div className="panel">
          <h2>Colours and sizes</h2>
          <p className="muted small">
            Optional. With colours or sizes, each variant has its own price and stock.
          </p>
          <Chips id="new-colours" label="Colours" values={colours} onChange={setColours} />
          <Chips id="new-sizes" label="Sizes" values={sizes} onChange={setSizes} />
          {hasOptions && (
            <table className="list-table variants-table">
              <thead>
                <tr>
                  <th scope="col">Variant</th>
                  <th scope="col">Price ($)</th>
                  <th scope="col">Stock</th>
                </tr>
              </thead>
              <tbody>
                {options.map(({ colour, size }) => {
                  const label = variantLabel(colour, size);
                  const entry = typed(colour, size);
                  const id = variantKey(colour, size).replace(/\W+/g, '-');
                  return (
                    <tr key={variantKey(colour, size)}>
                      <td data-label="Variant">{label}</td>
                      <td data-label="Price ($)">
                        <label className="visually-hidden" htmlFor={`price-${id}`}>
                          Price for {label}
                        </label>
                        <input
                          id={`price-${id}`}
                          inputMode="decimal"
                          value={entry.price}
                          onChange={(event) => setTyped(colour, size, { price: event.target.value })}
                        />
                      </td>
                      <td data-label="Stock">
                        <label className="visually-hidden" htmlFor={`stock-${id}`}>
                          Stock for {label}
                        </label>
                        <input
                          id={`stock-${id}`}
                          inputMode="numeric"
                          value={entry.stock}
                          onChange={(event) => setTyped(colour, size, { stock: event.target.value })}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>

        <div className="panel">
          <h2>Photos</h2>
          <p className="muted small">1 to {PRODUCT_LIMITS.photosMax} photos; the first is the main photo.</p>
          {photos.length > 0 && (
            <ol className="photo-list">
              {photos.map((url, index) => (
                <li key={url}>
                  <img src={photoAt(url, 240)} alt={`Added ${index + 1}`} width={120} height={120} />
                  <button
                    type="button"
                    className="button danger-outline"
                    onClick={() => setPhotos((known) => known.filter((other) => other !== url))}
                  >
                    Remove photo {index + 1}
                  </button>
                </li>
              ))}
            </ol>
          )}
          {photos.length < PRODUCT_LIMITS.photosMax && (
            <div className="photo-pickers">
              <div className="field picture-input">
                <label htmlFor="new-take-photo">Take photo</label>
                <input
                  id="new-take-photo"
                  type="file"
                  accept="image/*"
                  capture="environment"
                  onChange={pickPhotos}
                />
              </div>
              <div className="field picture-input">
                <label htmlFor="new-choose-photos">Choose photos</label>
                <input id="new-choose-photos" type="file" accept="image/*" multiple onChange={pickPhotos} />
              </div>
            </div>
          )}
          {colours.map((colour) => (
            <div key={colour} className="colour-picture">
              {colourPictures[colour] && (
                <img
                  src={photoAt(colourPictures[colour] as string, 240)}
                  alt={`${colour}`}
                  width={80}
                  height={80}
                />
              )}
              <div className="field picture-input">
                <label htmlFor={`new-colour-${colour}`}>Picture for {colour}</label>
                <input
                  id={`new-colour-${colour}`}
                  type="file"
                  accept="image/*"
                  onChange={pickColourPicture(colour)}
                />
              </div>
            </div>
          ))}
          {uploading > 0 && (
            <p className="muted" role="status">
              Uploading…
            </p>
          )}
          {uploadError !== null && (
            <p className="error" role="alert">
              {errorText(uploadError)}
            </p>
          )}
        </div>

        {problems.length > 0 && (
          <ul className="error" role="alert">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        {create.isError && (
          <p className="error" role="alert">
            {errorText(create.error)}
          </p>
        )}
        <button type="submit" className="button primary wide" disabled={create.isPending || uploading > 0}>
          {create.isPending ? 'Adding…' : 'Add product'}
        </button>
      </form>
    </section>
  );
}

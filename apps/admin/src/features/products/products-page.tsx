// [I16-products] Products (GET /admin/api/products): a vendor sees their own seller's, an operator every
// seller's (with a seller filter). Search by name or sku; each row shows the main photo, price (the
// lowest variant price for products with variants), stock (their sum) and whether it is on sale. One
// table that a phone shows as cards (the list-table of app/global.css).
// [I32] "Add product" (new-product-page.tsx), "Import" (the catalogue import), and for operators "Waiting
// for approval" with the number of new products and changes waiting (review-page.tsx); a product waiting
// or refused says so beside its on/off sale.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Pager } from '../../components/pager';
import { errorText } from '../../lib/error-text';
import { money, plural } from '../../lib/format';
import { useSession } from '../../lib/session';
import { productsQueryOptions } from './api/get-products';
import { reviewQueueQueryOptions } from './api/get-review-queue';
import { photoAt } from './photo-url';
import './products.css';

export function ProductsPage() {
  const { api, me } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q') ?? '';
  const sellerId = params.get('seller_id') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const [draftSeller, setDraftSeller] = useState(sellerId);
  const [sellers, setSellers] = useState<Map<number, string>>(() => new Map());
  const isOperator = me?.staff.role === 'operator';

  useEffect(() => {
    setDraft(q);
    setDraftSeller(sellerId);
  }, [q, sellerId]);

  const query = useQuery({
    ...productsQueryOptions(api, { q, sellerId, page }),
    placeholderData: keepPreviousData,
  });
  const review = useQuery({ ...reviewQueueQueryOptions(api), enabled: isOperator });
  const waiting = review.data ? review.data.products.length + review.data.changes.length : null;

  useEffect(() => {
    if (!query.data) return;
    setSellers((known) => {
      let next = known;
      for (const item of query.data.items) {
        if (next.get(item.seller_id) !== item.seller_name) {
          if (next === known) next = new Map(known);
          next.set(item.seller_id, item.seller_name);
        }
      }
      return next;
    });
  }, [query.data]);

  const go = (nextQ: string, nextSeller: string, toPage = 1) => {
    const search = new URLSearchParams();
    if (nextQ.trim()) search.set('q', nextQ.trim());
    if (nextSeller) search.set('seller_id', nextSeller);
    if (toPage > 1) search.set('page', String(toPage));
    const text = search.toString();
    navigate({ pathname: '/products', search: text ? `?${text}` : '' });
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    go(draft, draftSeller);
  }

  const data = query.data;
  return (
    <section className="products-page">
      <div className="page-head">
        <h1>Products</h1>
        <div className="page-actions">
          <Link to="/products/new" className="button primary">
            Add product
          </Link>
          <Link to="/products/import" className="button secondary">
            Import
          </Link>
          {isOperator && (
            <Link to="/products/review" className="button secondary">
              Waiting for approval{waiting !== null && ` (${waiting})`}
            </Link>
          )}
        </div>
      </div>
      <form className="filters" onSubmit={submit} aria-label="Find products">
        <div className="field grow">
          <label htmlFor="product-q">Search products</label>
          <input
            id="product-q"
            type="search"
            placeholder="Name or SKU"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        {isOperator && (
          <div className="field">
            <label htmlFor="product-seller">Seller</label>
            <select
              id="product-seller"
              value={draftSeller}
              onChange={(event) => setDraftSeller(event.target.value)}
            >
              <option value="">Any seller</option>
              {draftSeller && !sellers.has(Number(draftSeller)) && (
                <option value={draftSeller}>Seller #{draftSeller}</option>
              )}
              {[...sellers].map(([id, name]) => (
                <option key={id} value={String(id)}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="filter-buttons">
          <button type="submit" className="button primary">
            Search
          </button>
          <button type="button" className="button link" onClick={() => go('', '')}>
            Clear
          </button>
        </div>
      </form>

      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {!data && query.isPending && <p className="muted">Loading products…</p>}
      {data && (
        <>
          <p className="muted" aria-live="polite">
            {plural(data.total, 'product')}
          </p>
          {data.items.length === 0 ? (
            <p className="panel">No products match.</p>
          ) : (
            <table className="list-table product-list">
              <thead>
                <tr>
                  <th scope="col">Photo</th>
                  <th scope="col">Product</th>
                  {isOperator && <th scope="col">Seller</th>}
                  <th scope="col" className="num">
                    Price
                  </th>
                  <th scope="col" className="num">
                    Stock
                  </th>
                  <th scope="col">On sale</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((product) => (
                  <tr key={product.id}>
                    <td data-label="Photo">
                      {product.thumbnail_url ? (
                        <img
                          className="product-thumb"
                          src={photoAt(product.thumbnail_url, 160)}
                          alt=""
                          width={56}
                          height={56}
                          loading="lazy"
                        />
                      ) : (
                        <span className="product-thumb empty" aria-hidden="true" />
                      )}
                    </td>
                    <td data-label="Product">
                      <span className="cell">
                        <Link to={`/products/${product.id}`} className="strong-link">
                          {product.name}
                        </Link>
                        <span className="sub">
                          {product.sku}
                          {product.variant_count > 0 &&
                            ` · ${plural(product.variant_count, product.kind === 'giftcard' ? 'amount' : 'variant')}`}
                        </span>
                      </span>
                    </td>
                    {isOperator && <td data-label="Seller">{product.seller_name}</td>}
                    <td data-label="Price" className="num">
                      {product.variant_count > 0
                        ? `from ${money(product.price_cents)}`
                        : money(product.price_cents)}
                    </td>
                    <td data-label="Stock" className="num">
                      {product.stock}
                    </td>
                    <td data-label="On sale">
                      {product.enabled ? (
                        <span className="badge badge-ok">On sale</span>
                      ) : (
                        <span className="badge badge-plain">Off sale</span>
                      )}
                      {product.review_status === 'waiting' && (
                        <span className="badge badge-info">Waiting for approval</span>
                      )}
                      {product.review_status === 'refused' && (
                        <span className="badge badge-bad">Refused</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            onPage={(next) => go(q, sellerId, next)}
          />
        </>
      )}
    </section>
  );
}

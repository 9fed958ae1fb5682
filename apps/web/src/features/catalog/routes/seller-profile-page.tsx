// /sellerprofile/:sellerurl: the seller's banner, logo, name and description, then its products with the
// same infinite scroll as /browse [ROUTE-11, CART-10]. The seller becomes the affiliate seller that
// checkout shows (DECISIONS.md "Catalogue, cart and orders"). A shopper sent here by the checkout
// countdown is told why [CHKF-09].
// [I32] A seller an operator has suspended still has its profile, which says it is not selling at the
// moment, with no products, and is not made the affiliate seller. The seller's delivery words show under
// "Delivery" when it gave some.
import type { SellerSummary } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Page, useDocumentTitle } from '../../../components/ui/page';
import { ProductPicture } from '../../../components/ui/product-picture';
import { hasErrorCode } from '../../../lib/api-client';
import { openSuppliedBy, type SuppliedBySeller } from '../../../lib/app-state';
import { fixedLayout, PICTURE_LAYOUTS } from '../../../lib/picture-sources';
import { STORAGE_KEYS, setItem } from '../../../lib/storage';
import { flattenProductPages } from '../api/product-paging';
import { useSellerInformation } from '../api/seller-information';
import { CheckoutTimedOutNotice } from '../components/checkout-timed-out-notice';
import { ProductList } from '../components/product-list';
import './seller-profile-page.css';

function asSuppliedBy(seller: SellerSummary): SuppliedBySeller {
  return {
    name: seller.name,
    description: seller.description,
    image: seller.image,
    sellerUrl: seller.seller_url,
  };
}

function SellerHeader({ seller }: { seller: SellerSummary }) {
  useDocumentTitle(seller.name);
  return (
    <header className="seller-header">
      <div className="seller-header__banner">
        {seller.banner_image ? (
          <ProductPicture
            src={seller.banner_image}
            alt=""
            width={780}
            height={260}
            layout={PICTURE_LAYOUTS.wide}
            priority="high"
          />
        ) : null}
      </div>
      <div className="seller-header__identity">
        {seller.image ? (
          <button
            type="button"
            className="seller-header__logo"
            aria-haspopup="dialog"
            aria-label={`${MSG.suppliedBy} ${seller.name}`}
            onClick={() => openSuppliedBy({ productId: null, seller: asSuppliedBy(seller) })}
          >
            <ProductPicture
              src={seller.image}
              alt=""
              width={72}
              height={72}
              layout={fixedLayout(72)}
              priority="eager"
            />
          </button>
        ) : null}
        <h1 className="page__title seller-header__name" id="page-title">
          {seller.name}
        </h1>
      </div>
      {seller.description ? <p className="seller-header__description">{seller.description}</p> : null}
    </header>
  );
}

/** [I32] What the profile of a suspended seller says instead of its products. */
export const notSellingText = (name: string) => `${name} is not selling at the moment.`;

function Delivery({ text }: { text: string }) {
  return (
    <section className="seller-delivery" aria-labelledby="seller-delivery">
      <h2 id="seller-delivery" className="seller-delivery__heading">
        Delivery
      </h2>
      <p className="seller-delivery__text">{text}</p>
    </section>
  );
}

function SellerHeaderSkeleton() {
  return (
    <div className="seller-header" aria-hidden="true">
      <div className="seller-header__banner skeleton" />
      <div className="seller-header__identity">
        <span className="seller-header__logo skeleton" />
        <span className="skeleton skeleton--heading" />
      </div>
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--line skeleton--short" />
    </div>
  );
}

export function SellerProfilePage() {
  const sellerUrl = useParams().sellerurl ?? '';
  const query = useSellerInformation(sellerUrl);
  const seller = query.data?.pages[0]?.seller ?? null;
  const selling = query.data?.pages[0]?.selling ?? true;
  const shippingInfo = query.data?.pages[0]?.shippingInfo ?? '';
  const pages = useMemo(() => query.data?.pages.map((page) => page.products) ?? [], [query.data]);
  const products = useMemo(() => flattenProductPages(pages), [pages]);
  const suppliedBy = useMemo(() => (seller ? asSuppliedBy(seller) : undefined), [seller]);

  useEffect(() => {
    // The last seller profile visited is the affiliate seller ([I32] unless it is not selling now).
    if (seller && seller.id > 0 && selling) setItem(STORAGE_KEYS.affiliateSellerId, String(seller.id));
  }, [seller, selling]);

  const missing = query.isSuccess ? seller === null : hasErrorCode(query.error, 'NOT_FOUND');
  if (missing) {
    return (
      <Page title={MSG.pageNotFound}>
        <p className="page__lead">{MSG.sellerNotFound}</p>
        <ButtonLink to="/browse">{MSG.browseHeading}</ButtonLink>
      </Page>
    );
  }
  if (query.isError && !seller) {
    return (
      <Page title={MSG.sellerHeading}>
        <ProductList products={products} query={query} label={MSG.sellerHeading} />
      </Page>
    );
  }

  return (
    <section className="page seller-profile" aria-labelledby="page-title" aria-busy={query.isPending}>
      <CheckoutTimedOutNotice />
      {seller ? <SellerHeader seller={seller} /> : <SellerHeaderSkeleton />}
      {shippingInfo ? <Delivery text={shippingInfo} /> : null}
      {seller && !selling ? (
        <p className="page__lead seller-profile__not-selling">{notSellingText(seller.name)}</p>
      ) : (
        <ProductList
          products={products}
          query={query}
          label={seller?.name ?? MSG.sellerHeading}
          seller={suppliedBy}
        />
      )}
    </section>
  );
}

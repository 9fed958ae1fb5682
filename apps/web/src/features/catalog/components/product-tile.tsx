// [TILE-01..07] One product in a list: picture, name, short description, price, the supplier's logo and
// the buy button. The whole card opens the product page; the logo and the button sit above that link.
import type { ProductTile as Tile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import { formatTilePrice, truncateShortDesc } from '@quokka/contract/money';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { type PicturePriority, ProductPicture } from '../../../components/ui/product-picture';
import { openSuppliedBy, type SuppliedBySeller, useAppState } from '../../../lib/app-state';
import { fixedLayout, PICTURE_LAYOUTS } from '../../../lib/picture-sources';
import { askToSignIn } from '../../../lib/sign-in-intent';
import { imageSize, ratioStyle } from './tile-image';
import './product-tile.css';
import { Link } from '../../../components/ui/link';

export interface ProductTileProps {
  product: Tile;
  /** The seller, when the list already knows it (the seller profile); else the popup fetches it. */
  seller?: SuppliedBySeller;
  /** Adds a simple product to the cart once signed in; the cart work provides it. */
  onAddToCart?: (product: Tile) => void;
  /** How soon the picture is wanted: `high` for the first tile of a list (the page's LCP), else lazily. */
  picture?: PicturePriority;
}

export function productPath(id: number): string {
  return `/product/${id}`;
}

export function ProductTile({ product, seller, onAddToCart, picture = 'lazy' }: ProductTileProps) {
  const navigate = useNavigate();
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  const soldOut = product.qty <= 0; // [TILE-06]
  const description = truncateShortDesc(product.short_desc); // [TILE-07]

  function onBuy() {
    // [ROLE-02, ROLE-03] A visitor proves a mobile first.
    if (!signedIn) {
      askToSignIn({ kind: 'add-tile', tile: product });
      return;
    }
    // Options (colour, size, amount) are chosen on the product page.
    if (product.type_id === 'configurable' || product.is_giftcard || !onAddToCart) {
      navigate(productPath(product.id));
      return;
    }
    onAddToCart(product);
  }

  return (
    <article
      className={product.is_giftcard ? 'tile tile--gift-card' : 'tile'}
      style={ratioStyle(product.is_giftcard)}
    >
      <div className="tile__media">
        {product.image ? (
          <ProductPicture
            src={product.image}
            alt=""
            layout={PICTURE_LAYOUTS.tile}
            priority={picture}
            {...imageSize(product.is_giftcard)}
          />
        ) : null}
      </div>
      <div className="tile__body">
        {/* h2: the page heading (h1) is the only heading above a tile, so names sit one level under it. */}
        <h2 className="tile__name">
          <Link className="tile__link" to={productPath(product.id)}>
            {product.name}
          </Link>
        </h2>
        {description ? <p className="tile__desc">{description}</p> : null}
        <p className="tile__price">{formatTilePrice(product.price, product.type_id)}</p>
        {soldOut ? (
          <p className="tile__sold-out">{MSG.outOfStock}</p>
        ) : (
          <Button className="tile__action" block onClick={onBuy}>
            {product.is_giftcard ? MSG.buyNow : MSG.tileAddToCart}
          </Button>
        )}
      </div>
      {/* After the name in the tab order; drawn on the picture's lower corner. */}
      {product.product_seller_image ? (
        <button
          type="button"
          className="tile__supplier"
          aria-haspopup="dialog"
          aria-label={seller ? `${MSG.suppliedBy} ${seller.name}` : `${MSG.aboutSupplierOf} ${product.name}`}
          onClick={() => openSuppliedBy({ productId: product.id, seller: seller ?? null })}
        >
          <ProductPicture
            src={product.product_seller_image}
            alt=""
            width={32}
            height={32}
            layout={fixedLayout(32)}
          />
        </button>
      ) : null}
    </article>
  );
}

/** A grey card of the same shape while the first page loads. */
export function ProductTileSkeleton() {
  return (
    <div className="tile tile--skeleton" aria-hidden="true">
      <div className="tile__media skeleton" style={ratioStyle(false)} />
      <div className="tile__body">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--button" />
      </div>
    </div>
  );
}

// The product page's content (SPEC.md §2 "Product page", §5 "Product"): gallery, name and sku, stock,
// price, the options the product has, quantity, the buy button, description, seller and tabs.
import type { AttributeCode, Product } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import { formatPrice, formatTilePrice, htmlToText } from '@quokka/contract/money';
import {
  clampQuantity,
  isSizeAvailable,
  type OptionSelection,
  type OptionValue,
  sizeAfterColorChange,
  validateProductOptions,
} from '@quokka/contract/product-options';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Link } from '../../../components/ui/link';
import { useDocumentTitle } from '../../../components/ui/page';
import { ProductPicture } from '../../../components/ui/product-picture';
import { useAppState } from '../../../lib/app-state';
import { fixedLayout } from '../../../lib/picture-sources';
import { askToSignIn } from '../../../lib/sign-in-intent';
import type { AddToCartRequest } from '../../cart/public';
import {
  addToCartRequest,
  chosenChild,
  chosenColourPicture,
  optionRulesProduct,
  picturesInChoice,
  stockFor,
} from './product-choice';
import { ProductGallery } from './product-gallery';
import { ColorSwatches, GiftCardPriceSelect, SizeSwatches } from './product-options';
import { ProductTabs } from './product-tabs';
import { QuantityStepper } from './quantity-stepper';
import { soldOutItems } from './sold-out-items';
import { sellerProfilePath } from './supplied-by-popup';

export type ProductPageMode = 'add' | 'update';

// [I31] "Text me when it's back": its code and its call load only when the page has a sold-out item.
const BackInStock = lazy(() => import('./back-in-stock'));

export interface ProductDetailsProps {
  product: Product;
  mode: ProductPageMode;
  /** Signed in with a complete choice; the cart work adds or updates the line. */
  onAddToCart?: (request: AddToCartRequest) => void | Promise<void>;
  /** The choice and quantity to start from (editing a cart line). */
  initialSelection?: OptionSelection;
  initialQty?: number;
}

type OptionErrors = Partial<Record<AttributeCode, string>>;

function buttonLabel(product: Product, mode: ProductPageMode): string {
  if (product.is_giftcard) return MSG.buyNow; // [PDP-12]
  return mode === 'update' ? MSG.updateCart : MSG.addToCart; // [PDP-10, PDP-11]
}

export function ProductDetails({
  product,
  mode,
  onAddToCart,
  initialSelection = {},
  initialQty = 1,
}: ProductDetailsProps) {
  useDocumentTitle(product.name);
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  const rules = useMemo(() => optionRulesProduct(product), [product]);
  const [selection, setSelection] = useState<OptionSelection>(initialSelection);
  const [wantedQty, setWantedQty] = useState(initialQty);
  const [errors, setErrors] = useState<OptionErrors>({});
  const optionsRef = useRef<HTMLDivElement>(null);

  const child = chosenChild(product, selection);
  const stock = stockFor(product, child);
  const qty = clampQuantity(wantedQty, stock); // [VAL-39, VAL-40] a new choice may hold less stock
  const inStock = stock > 0;
  const price = child ? formatPrice(child.price) : formatTilePrice(product.price, product.type_id);
  const { color, size, gift_card_price: giftCardPrice } = product.configurable_options;
  // [PDP-03, PDP-07] The chosen colour's picture leads the gallery, when the product has one per colour.
  const colourPicture = chosenColourPicture(product, selection);
  const colourTitle = color?.options.find(
    (choice) => String(choice.option_value) === String(selection.color),
  )?.default_title;

  function choose(code: AttributeCode, value: OptionValue) {
    setSelection((current) =>
      code === 'color'
        ? // [VAL-38] A size the new colour does not have in stock is cleared.
          { ...current, color: value, size: sizeAfterColorChange(rules, value, current.size) }
        : { ...current, [code]: value },
    );
    setErrors((current) => ({ ...current, [code]: undefined }));
  }

  async function onBuy() {
    const found = validateProductOptions(rules, selection); // [VAL-34..36]
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = optionsRef.current?.querySelector<HTMLElement>(
        `[data-option="${Object.keys(found)[0]}"] button:not(:disabled), [data-option="${Object.keys(found)[0]}"] select`,
      );
      first?.focus();
      return;
    }
    // [ROLE-02, ROLE-03] A visitor proves a mobile first.
    if (!signedIn) {
      askToSignIn({ kind: 'add-choice', request: addToCartRequest(product, selection, qty) });
      return;
    }
    await onAddToCart?.(addToCartRequest(product, selection, qty));
  }

  const soldOut = soldOutItems(product, selection, child);
  const seller = product.seller;
  const description = htmlToText(product.description);

  return (
    <article className="pdp">
      <ProductGallery
        key={colourPicture ?? 'product'}
        images={picturesInChoice(product, selection)}
        name={colourPicture && colourTitle ? `${product.name}, ${colourTitle}` : product.name}
        isGiftCard={product.is_giftcard}
      />
      <div className="pdp__summary">
        <h1 className="pdp__name" id="page-title">
          {product.name}
        </h1>
        <p className="pdp__sku">
          {MSG.skuLabel}: <span>{child?.sku ?? product.sku}</span>
        </p>
        <div className="pdp__price-row">
          <span className="pdp__price">{price}</span>
          <span className={inStock ? 'pdp__stock pdp__stock--in' : 'pdp__stock pdp__stock--out'}>
            {inStock ? MSG.inStock : MSG.outOfStock}
          </span>
        </div>
      </div>

      <div className="pdp__options" ref={optionsRef}>
        {color && color.options.length > 0 ? (
          <ColorSwatches
            option={color}
            value={selection.color}
            onChange={(value) => choose('color', value)}
            error={errors.color}
          />
        ) : null}
        {size && size.options.length > 0 ? (
          <SizeSwatches
            option={size}
            value={selection.size}
            onChange={(value) => choose('size', value)}
            error={errors.size}
            isAvailable={(value) => isSizeAvailable(rules, selection.color, value)}
          />
        ) : null}
        {giftCardPrice && giftCardPrice.options.length > 0 ? (
          <GiftCardPriceSelect
            option={giftCardPrice}
            value={selection.gift_card_price}
            onChange={(value) => choose('gift_card_price', value)}
            error={errors.gift_card_price}
          />
        ) : null}
        <div className="pdp__buy">
          <QuantityStepper value={qty} stock={stock} onChange={setWantedQty} />
          <Button className="pdp__button" block disabled={!inStock} onClick={() => void onBuy()}>
            {buttonLabel(product, mode)}
          </Button>
        </div>
        {soldOut.length > 0 ? (
          <Suspense fallback={null}>
            <BackInStock
              key={soldOut.map((item) => item.id).join(',')}
              productId={product.id}
              items={soldOut}
            />
          </Suspense>
        ) : null}
      </div>

      {description ? <p className="pdp__description">{description}</p> : null}

      {seller.seller_url ? (
        <Link className="pdp__seller" to={sellerProfilePath(seller.seller_url)}>
          {seller.image ? (
            <ProductPicture
              src={seller.image}
              alt={seller.name}
              width={48}
              height={48}
              layout={fixedLayout(48)}
            />
          ) : null}
          <span className="pdp__seller-text">
            <span className="pdp__seller-label">{MSG.suppliedBy}</span>
            <span className="pdp__seller-name">{seller.name}</span>
          </span>
        </Link>
      ) : null}

      <ProductTabs tabs={product.tabs} name={product.name} />
    </article>
  );
}

import type {
  AddItemBody,
  CartItem as CartItemWire,
  ConfigurableItemOption,
  Quote as QuoteWire,
} from '@quokka/contract/api/cart';
import { OPTION_ID } from '@quokka/contract/constants';
import { centsToDollars } from '@quokka/contract/money';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { ConflictError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { productNotAvailable, qtyNotAvailable } from '../catalog/catalog-service.ts';
import type { CustomerService } from '../customer/customer-service.ts';
import {
  addToLine,
  type CartLineRow,
  type CartRow,
  type CartShippingChoice,
  cartLines,
  childrenOf,
  deleteAllLines,
  deleteLine,
  ensureActiveCart,
  findActiveCart,
  findProductById,
  findProductBySku,
  insertOrderCart,
  lineQty,
  lockActiveCart,
  markCartOrdered,
  type ProductForCart,
  saveShippingChoice,
  setLineQty,
  touchCart,
} from './cart-repository.ts';

export type { CartLineRow, CartRow, CartShippingChoice } from './cart-repository.ts';

// The member's server cart (SPEC.md §3 Server cart, §7 Cart; DECISIONS.md "Wire"): one active cart per
// member, one line per product, prices and stock always from the catalogue. Every change locks the cart
// row first, so changes of one cart, and the order placed from it, never interleave.

export const CART_TEXT = {
  noCart: 'The customer has no active cart.',
  itemNotFound: 'The cart item does not exist.',
  chooseOptions: 'You need to choose options for your item.',
  cartJustOrdered: 'This cart has just been ordered. Please try again.',
} as const;

type OptionColumn = 'color_id' | 'size_id' | 'gift_card_price_id';
/** [CONST-14..16] The fixed option ids and the product column each one picks. */
const OPTION_COLUMNS: readonly (readonly [number, OptionColumn])[] = [
  [OPTION_ID.color, 'color_id'],
  [OPTION_ID.size, 'size_id'],
  [OPTION_ID.gift_card_price, 'gift_card_price_id'],
];

export function cartItemWire(line: CartLineRow): CartItemWire {
  const configurable = line.parent_id !== null;
  const options = OPTION_COLUMNS.flatMap(([optionId, column]) => {
    const value = line[column];
    return value === null ? [] : [{ option_id: String(optionId), option_value: value }];
  });
  return {
    item_id: line.item_id,
    sku: line.sku,
    qty: line.qty,
    name: line.child_name,
    price: centsToDollars(line.price_cents),
    product_type: configurable ? 'configurable' : 'simple',
    quote_id: String(line.cart_id),
    ...(configurable
      ? { product_option: { extension_attributes: { configurable_item_options: options } } }
      : {}),
    extension_attributes: {
      product_id: line.parent_id ?? line.product_id,
      child_product_id: line.product_id,
      row_total: centsToDollars(line.price_cents * line.qty),
      image: line.image ?? '',
      is_giftcard: line.is_giftcard,
      seller_id: line.seller_id,
      seller_url: line.seller_url,
      product_seller_image: line.seller_logo,
    },
  };
}

/** The child a configurable parent's options pick; every option its children use must be chosen. */
function pickChild(children: ProductForCart[], chosen: ConfigurableItemOption[]): ProductForCart {
  const wanted = new Map<OptionColumn, number>();
  for (const option of chosen) {
    const column = OPTION_COLUMNS.find(([optionId]) => optionId === option.option_id)?.[1];
    if (!column) throw productNotAvailable();
    wanted.set(column, option.option_value);
  }
  const used = OPTION_COLUMNS.map(([, column]) => column).filter((column) =>
    children.some((child) => child[column] !== null),
  );
  if (used.some((column) => !wanted.has(column))) throw new InvalidDataError(CART_TEXT.chooseOptions);
  const child = children.find((candidate) =>
    [...wanted].every(([column, value]) => candidate[column] === value),
  );
  if (!child) throw productNotAvailable();
  return child;
}

export interface CartService {
  /** [API-21] The active cart's id; creates the cart when there is none. */
  create(customerId: number): Promise<number>;
  /** [API-20, DATA-35] The active cart as Magento's quote, created empty when there is none. */
  get(customerId: number): Promise<QuoteWire>;
  /** The active cart's lines ([] when there is no cart). */
  items(customerId: number): Promise<CartItemWire[]>;
  /** [API-22, ERR-05, ERR-06] */
  addItem(customerId: number, item: AddItemBody['cartItem']): Promise<CartItemWire>;
  updateItem(customerId: number, itemId: number, qty: number): Promise<CartItemWire>;
  removeItem(customerId: number, itemId: number): Promise<void>;
  /** [API-23, ERR-07] Empties the active cart; 404 when there is none. */
  clear(customerId: number): Promise<void>;

  // For checkout, which places the order from the cart inside its own transaction: `trx` is it.
  /** The active cart, if any (no lock). */
  findActive(customerId: number): Promise<CartRow | undefined>;
  /**
   * The active cart, locked until `trx` ends: every change of a cart and the order placed from it take
   * this lock first, so they happen one after another.
   */
  lockActive(trx: Db, customerId: number): Promise<CartRow | undefined>;
  /** The cart's lines with their live product, price and stock, in product id order. */
  lines(executor: Db, cartId: number): Promise<CartLineRow[]>;
  /** [API-27] The addresses and shipping method chosen for the cart. */
  saveShippingChoice(trx: Db, cartId: number, choice: CartShippingChoice): Promise<void>;
  /** The cart became an order: it is no longer the member's active cart. */
  markOrdered(trx: Db, cartId: number): Promise<void>;
  /**
   * [I30] Reply to buy: a cart of one line made for one order inside `trx`, never the member's active cart
   * (their own cart stays as it was).
   */
  orderCart(
    trx: Db,
    customerId: number,
    line: { productId: number; qty: number },
    choice: CartShippingChoice,
  ): Promise<CartRow>;
}

export interface CartServiceDeps {
  db: Db;
  /** The app's clock: a cart's last change is on it (the cart-left-behind text counts from there). */
  clock?: Clock;
  /** The member the cart shows (customers/me reads it from the cart). */
  customers: Pick<CustomerService, 'cartMember'>;
}

export function createCartService({ db, customers, clock }: CartServiceDeps): CartService {
  const now = () => clock?.now();
  /** Runs `work` with the member's active cart locked; `create` makes one first when there is none. */
  function withLockedCart<T>(
    customerId: number,
    create: boolean,
    work: (trx: Db, cart: CartRow) => Promise<T>,
  ): Promise<T> {
    return db.transaction().execute(async (trx) => {
      if (create) await ensureActiveCart(trx, customerId);
      const cart = await lockActiveCart(trx, customerId);
      // Created a moment ago, then ordered by a placement that held the lock: the caller may retry.
      if (!cart)
        throw create
          ? new ConflictError(CART_TEXT.cartJustOrdered)
          : new NotFoundError(CART_TEXT.noCart, { code: 'CART_NOT_FOUND' });
      return work(trx, cart);
    });
  }

  async function lineOf(trx: Db, cartId: number, itemId: number): Promise<CartLineRow> {
    const [line] = await cartLines(trx, cartId, itemId);
    if (!line) throw new NotFoundError(CART_TEXT.itemNotFound);
    return line;
  }

  /** What a sku with these options buys, or the §8 error. */
  async function productToBuy(trx: Db, item: AddItemBody['cartItem']): Promise<ProductForCart> {
    const product = await findProductBySku(trx, item.sku);
    if (!product?.enabled) throw productNotAvailable();
    if (product.type_id === 'configurable') {
      const children = (await childrenOf(trx, product.id)).filter((child) => child.enabled);
      const chosen = item.product_option?.extension_attributes?.configurable_item_options ?? [];
      return pickChild(children, chosen);
    }
    if (product.parent_id !== null) {
      // A child's own sku: fine while its product is on sale.
      const parent = await findProductById(trx, product.parent_id);
      if (!parent?.enabled) throw productNotAvailable();
    }
    return product;
  }

  return {
    create: (customerId) => ensureActiveCart(db, customerId),

    async get(customerId) {
      // The account screens read the member from the cart (SPEC.md §2 Personal details), so a member
      // without a cart gets an empty one rather than a 404.
      await ensureActiveCart(db, customerId);
      const cart = await findActiveCart(db, customerId);
      if (!cart) throw new ConflictError(CART_TEXT.cartJustOrdered);
      const member = await customers.cartMember(customerId);
      if (!member) throw new NotFoundError(CART_TEXT.noCart, { code: 'CART_NOT_FOUND' });
      const lines = await cartLines(db, cart.id);
      const billing = cart.billing_address ?? member.defaultBilling;
      return {
        id: cart.id,
        is_active: true,
        items_count: lines.length,
        items_qty: lines.reduce((sum, line) => sum + line.qty, 0),
        items: lines.map(cartItemWire),
        customer: member.customer,
        billing_address: billing ? { ...billing, email: member.email } : null,
        currency: { quote_currency_code: 'AUD', base_currency_code: 'AUD' },
      };
    },

    async items(customerId) {
      const cart = await findActiveCart(db, customerId);
      return cart ? (await cartLines(db, cart.id)).map(cartItemWire) : [];
    },

    addItem: (customerId, item) =>
      withLockedCart(customerId, true, async (trx, cart) => {
        const product = await productToBuy(trx, item);
        if (product.qty <= 0) throw productNotAvailable(); // [ERR-05]
        const already = await lineQty(trx, cart.id, product.id);
        if (already + item.qty > product.qty) throw qtyNotAvailable(); // [ERR-06]
        const itemId = await addToLine(trx, cart.id, product.id, item.qty);
        await touchCart(trx, cart.id, now());
        return cartItemWire(await lineOf(trx, cart.id, itemId));
      }),

    updateItem: (customerId, itemId, qty) =>
      withLockedCart(customerId, false, async (trx, cart) => {
        const line = await lineOf(trx, cart.id, itemId);
        if (!line.enabled || line.parent_enabled === false || line.stock <= 0) throw productNotAvailable();
        if (qty > line.stock) throw qtyNotAvailable();
        await setLineQty(trx, itemId, qty);
        await touchCart(trx, cart.id, now());
        return cartItemWire({ ...line, qty });
      }).catch(notFoundAsItem),

    removeItem: (customerId, itemId) =>
      withLockedCart(customerId, false, async (trx, cart) => {
        if (!(await deleteLine(trx, cart.id, itemId))) throw new NotFoundError(CART_TEXT.itemNotFound);
        await touchCart(trx, cart.id, now());
      }).catch(notFoundAsItem),

    clear: (customerId) =>
      withLockedCart(customerId, false, async (trx, cart) => {
        await deleteAllLines(trx, cart.id);
        await touchCart(trx, cart.id, now());
      }),

    findActive: (customerId) => findActiveCart(db, customerId),
    lockActive: lockActiveCart,
    lines: (executor, cartId) => cartLines(executor, cartId),
    saveShippingChoice: (trx, cartId, choice) => saveShippingChoice(trx, cartId, choice, now()),
    markOrdered: (trx, cartId) => markCartOrdered(trx, cartId, now()),
    orderCart: insertOrderCart,
  };
}

/** Without a cart, an item id names nothing: the same 404 as another member's item. */
function notFoundAsItem(error: unknown): never {
  if (error instanceof NotFoundError) throw new NotFoundError(CART_TEXT.itemNotFound);
  throw error;
}

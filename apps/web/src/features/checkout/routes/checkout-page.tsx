// /checkout [ROUTE-18] (SPEC.md §2 Checkout, §4 Checkout): the 'Confirm in' countdown and the seller
// [CHK-01, CHK-02], the summary [CHK-03], the gift card slot, 'Shipping Information' [CHK-08..12],
// 'Payment Information' [CHK-13..15] and 'Confirm Purchase' [CHK-16]. On arrival the server cart is
// rebuilt from the browser's cart and the loader stays until everything is in [CART-05, CART-06, CHKF-01].
// The pay bar restates where the order goes, and Confirm Purchase saves and uses an address typed and
// not saved [I11-1]; the countdown is a chip in the pay bar and a timeout keeps what was typed [I11-6]; a
// stopped Confirm Purchase shows its first message with focus on its field [I11-7].

import { toAddressWire } from '@quokka/contract/address-form';
import type { AddressWire } from '@quokka/contract/api/address';
import type { ShippingMethod } from '@quokka/contract/api/checkout';
import { MSG } from '@quokka/contract/messages';
import { dollarsToCents, formatCents } from '@quokka/contract/money';
import type { AddressInput } from '@quokka/contract/validate-address';
import type { PaymentField } from '@quokka/contract/validate-payment';
import type { FieldErrors } from '@quokka/contract/wire';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../components/ui/page';
import { ProductPicture } from '../../../components/ui/product-picture';
import { getAppState, showLoader, useAppState, withLoader } from '../../../lib/app-state';
import { fixedLayout } from '../../../lib/picture-sources';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { askToSignIn } from '../../../lib/sign-in-intent';
import { getItem, STORAGE_KEYS } from '../../../lib/storage';
import { cartTotalCents, cheapestMethod } from '../../cart/public';
import { estimateShippingByAddressId } from '../api/estimate-shipping-by-address-id';
import { estimateShippingForAddress } from '../api/estimate-shipping-for-address';
import { newIdempotencyKey } from '../api/payment-information';
import { saveCustomerAddress } from '../api/save-customer-address';
import { dropCheckoutDraft, keepCheckoutDraft, readCheckoutDraft } from '../checkout-draft';
import { CHECKOUT_TEXT } from '../checkout-texts';
import { CHECKOUT_TIMED_OUT_STATE } from '../checkout-timeout';
import type { CardFieldHandle } from '../components/card-field';
import { useCountdown } from '../components/checkout-countdown';
import { CheckoutSummary } from '../components/checkout-summary';
import { type AppliedGiftCard, GiftCardApply } from '../components/gift-card-apply';
import { GiftCardSlot } from '../components/gift-card-slot';
import { PayBar } from '../components/pay-bar';
import { NEW_CARD, PaymentSection } from '../components/payment-section';
import { type AddressOption, type OpenAddressForm, ShippingSection } from '../components/shipping-section';
import { TextOffersBoxes } from '../components/text-offers-boxes';
import { type AddressChoice, type CardChoice, confirmPurchase } from '../confirm-purchase';
import { type CheckoutData, defaultAddressId, loadCheckout } from '../load-checkout';
import { revealFirstError } from '../reveal-first-error';
import '../checkout.css';

export interface SuccessState {
  orderNumber: string | null;
  shopName: string | null;
  /** Set by Confirm Purchase: the order was just placed, so the browser's cart is done with. */
  placed?: boolean;
}

function savedKey(id: number): string {
  return `saved:${id}`;
}
const LOCAL_KEY = 'local';

/** [CHK-10] The default shipping address is chosen first, else the first address. */
function defaultAddressKey(data: CheckoutData): string | null {
  const id = defaultAddressId(data.quote);
  return id === null ? null : savedKey(id);
}

/** 'Ship to: 5 Hay St, Perth': the street's first line and the suburb. */
function shipToLine(address: AddressWire): string {
  return [address.street[0], address.city].filter(Boolean).join(', ');
}

/** [SHIP-01] The cheapest delivery to an address. */
async function cheapestFor(choice: AddressChoice): Promise<ShippingMethod | null> {
  return cheapestMethod(
    choice.kind === 'saved'
      ? await estimateShippingByAddressId(choice.id)
      : await estimateShippingForAddress(choice.address),
  );
}

function sameDelivery(shown: ShippingMethod | null, now: ShippingMethod | null): boolean {
  return shown === null || now === null ? shown === now : shown.amount === now.amount;
}

function toChoice(option: AddressOption): AddressChoice {
  return option.local || option.address.id === undefined
    ? { kind: 'new', address: option.address }
    : { kind: 'saved', id: option.address.id, address: option.address };
}

function CheckoutContent({ data }: { data: CheckoutData }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const items = useAppState((state) => state.cartItems);
  const { stripePublishableKey } = getRuntimeConfig();
  const customer = data.quote.customer;
  // What was typed before the countdown last ran out (checkout-draft.ts).
  const [draft] = useState(() => readCheckoutDraft(customer.id));
  // [I16-checkout-giftcard] The gift card applied on this visit, with what the server says it pays.
  const [giftCard, setGiftCard] = useState<AppliedGiftCard | null>(null);
  useEffect(() => dropCheckoutDraft(), []);

  const [added, setAdded] = useState<AddressWire[]>([]);
  const [localAddress, setLocalAddress] = useState<AddressWire | null>(null);
  const [selectedAddress, setSelectedAddress] = useState<string | null>(() => {
    const kept = draft?.selectedAddress;
    const stillThere = customer.addresses.some(
      (address) => address.id !== undefined && savedKey(address.id) === kept,
    );
    return kept && stillThere ? kept : defaultAddressKey(data);
  });
  const [formOpen, setFormOpen] = useState(customer.addresses.length === 0 || draft?.newAddress != null);
  const [savingAddress, setSavingAddress] = useState(false);
  const [selectedCard, setSelectedCard] = useState<string | null>(data.savedCards[0]?.id ?? NEW_CARD);
  const [saveCard, setSaveCard] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<PaymentField>>({});
  const [cardDetail, setCardDetail] = useState<string | null>(null);
  /** Confirm Purchase stopped on the open address form. */
  const [formIncomplete, setFormIncomplete] = useState(false);
  /** Confirm Purchase stopped to show a total that changed with the address (not an error). */
  const [notice, setNotice] = useState<string | null>(null);
  /** Counts the Confirm Purchases that stopped: each one brings its first message into view. */
  const [stops, setStops] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  /** [I29] The sellers whose "Text me offers" box is ticked: none until the shopper ticks one. */
  const [textOffers, setTextOffers] = useState<ReadonlySet<number>>(() => new Set());
  const cardRef = useRef<CardFieldHandle | null>(null);
  const addressFormRef = useRef<OpenAddressForm | null>(null);
  const pageRef = useRef<HTMLDivElement | null>(null);
  /**
   * [I12-12] The Idempotency-Key of the attempt the server has not answered for good. A 429 or 503 was
   * not acted on, so the next press sends the same attempt again under the same key; any other answer
   * ends the attempt, and the next press is a new one.
   */
  const attemptKeyRef = useRef<string | null>(null);

  const addressOptions = useMemo<AddressOption[]>(() => {
    const saved = [...customer.addresses, ...added].flatMap((address) =>
      address.id === undefined ? [] : [{ key: savedKey(address.id), address, local: false }],
    );
    return localAddress ? [...saved, { key: LOCAL_KEY, address: localAddress, local: true }] : saved;
  }, [customer.addresses, added, localAddress]);
  const chosen = addressOptions.find((option) => option.key === selectedAddress) ?? null;

  // [SHIP-01] The cheapest method for the chosen address.
  const shippingKey = (key: string) => ['checkout', 'shipping', data.cartId, key, items.length];
  const shipping = useQuery({
    queryKey: shippingKey(chosen?.key ?? ''),
    queryFn: () => (chosen ? cheapestFor(toChoice(chosen)) : null),
    // [I13-checkout] The default address's delivery came with the page: no call, no wait.
    initialData: () =>
      data.defaultDelivery && chosen?.key === savedKey(data.defaultDelivery.addressId)
        ? data.defaultDelivery.method
        : undefined,
    enabled: chosen !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const method = shipping.data ?? null;

  const seller = data.seller;
  const left = useCountdown(!submitting, () => {
    // [CHKF-09] Time is up: back to the seller, saying why; the cart stays and what was typed is kept.
    keepCheckoutDraft({
      customerId: customer.id,
      selectedAddress,
      newAddress: formOpen ? (addressFormRef.current?.typed() ?? null) : null,
    });
    navigate(seller?.sellerUrl ? `/sellerprofile/${encodeURIComponent(seller.sellerUrl)}` : '/browse', {
      state: CHECKOUT_TIMED_OUT_STATE,
    });
  });

  useEffect(() => {
    // After the render that shows the messages; the address form's own focus (a child's effect) ran first.
    if (stops > 0 && pageRef.current) revealFirstError(pageRef.current);
  }, [stops]);

  useEffect(() => {
    // [CART-04] Lines removed (from the cart popup here, or a refused line): nothing left to buy.
    if (items.length === 0 && !submitting) navigate('/browse', { replace: true });
  }, [items.length, submitting, navigate]);

  const initialAddress: Partial<AddressInput> = {
    fullname: customer.fullname ?? `${customer.firstname} ${customer.lastname}`.trim(),
    mobile: customer.mobile ?? '',
    ...draft?.newAddress,
  };

  /** 'Save Address', and Confirm Purchase with the form open: the address book keeps it, this order
   * ships there. */
  async function saveAddress(input: AddressInput): Promise<AddressChoice> {
    const address = toAddressWire(input);
    setSavingAddress(true);
    const saved = await withLoader(MSG.savingAddress, () =>
      saveCustomerAddress({ ...customer, addresses: [...customer.addresses, ...added] }, address),
    );
    setSavingAddress(false);
    setErrors((current) => ({ ...current, shipping_address: undefined }));
    setFormIncomplete(false);
    setFormOpen(false);
    if (saved?.id !== undefined) {
      setAdded((current) => [...current, saved]);
      setSelectedAddress(savedKey(saved.id));
      return { kind: 'saved', id: saved.id, address: saved };
    }
    // The account could not keep it: this order still ships there.
    setLocalAddress(address);
    setSelectedAddress(LOCAL_KEY);
    return { kind: 'new', address };
  }

  function stopped() {
    setStops((count) => count + 1);
  }

  function cardChoice(): CardChoice | null {
    const handle = cardRef.current;
    if (selectedCard === NEW_CARD)
      return {
        kind: 'new',
        save: saveCard,
        isEmpty: () => handle?.isEmpty() ?? true,
        createPaymentMethod: async () =>
          handle?.createPaymentMethod() ?? { ok: false, message: MSG.enterCard },
      };
    return selectedCard ? { kind: 'saved', id: selectedCard } : null;
  }

  /**
   * [I11-1] Confirm Purchase with the 'Add New Address' form open: the address typed is the one the
   * shopper means, never the old default. Checked as 'Save Address' checks it; incomplete, Confirm
   * stops on its messages [VAL-32] with the card's [VAL-31] and nothing is sent [CHKF-10]. Complete, it
   * is saved and chosen; when its delivery is not what the total on screen held, Confirm stops to show
   * the new total rather than charge one the shopper has not seen. Null when Confirm stops here.
   */
  async function takeTypedAddress(
    card: CardChoice | null,
  ): Promise<{ address: AddressChoice; method: ShippingMethod | null } | null> {
    const typed = addressFormRef.current?.validated() ?? null;
    const noCard = !card || (card.kind === 'new' && card.isEmpty());
    if (!typed || noCard) {
      setFormIncomplete(!typed);
      if (noCard) setErrors({ card: MSG.enterCard });
      stopped();
      return null;
    }
    setSubmitting(true);
    const address = await saveAddress(typed);
    const fresh = await cheapestFor(address).catch(() => null);
    queryClient.setQueryData(shippingKey(address.kind === 'saved' ? savedKey(address.id) : LOCAL_KEY), fresh);
    if (sameDelivery(method, fresh)) return { address, method: fresh };
    setSubmitting(false);
    const delivery = fresh ? dollarsToCents(fresh.amount) : null;
    setNotice(
      delivery === null
        ? CHECKOUT_TEXT.checkTotal
        : CHECKOUT_TEXT.deliveryAdded(formatCents(delivery), formatCents(cartTotalCents(items, delivery))),
    );
    return null;
  }

  async function onConfirm() {
    setErrors({});
    setCardDetail(null);
    setFormIncomplete(false);
    setNotice(null);
    const card = cardChoice();
    let address: AddressChoice | null = chosen ? toChoice(chosen) : null;
    let shippingMethod = method;
    if (formOpen) {
      const taken = await takeTypedAddress(card);
      if (!taken) return;
      ({ address, method: shippingMethod } = taken);
    }
    setSubmitting(true);
    attemptKeyRef.current ??= newIdempotencyKey();
    const outcome = await confirmPurchase({
      cartId: data.cartId,
      address,
      card,
      shippingMethod,
      sellerId: getItem(STORAGE_KEYS.affiliateSellerId) ?? (seller?.id ? String(seller.id) : null),
      campaignId: getItem(STORAGE_KEYS.campaignId),
      hasGiftCards: items.some((item) => Boolean(item.is_giftcard)),
      giftCardNumber: giftCard?.number ?? null,
      cardRequired: toPayCents > 0,
      affiliateSeller: getItem(STORAGE_KEYS.affiliateSellerId),
      textOffers: data.sellers.flatMap((orderSeller) =>
        textOffers.has(orderSeller.id) ? [orderSeller.id] : [],
      ),
      idempotencyKey: attemptKeyRef.current,
    });
    if (outcome.kind !== 'try-later') attemptKeyRef.current = null;
    if (outcome.kind === 'placed') {
      dropCheckoutDraft();
      const state: SuccessState = {
        orderNumber: outcome.orderNumber,
        shopName: outcome.shopName,
        placed: true,
      };
      navigate('/success', { state }); // [CHKF-15]
      return;
    }
    setSubmitting(false);
    if (outcome.kind === 'invalid') setErrors(outcome.errors);
    else if (outcome.kind === 'card-error') {
      setErrors({ card: outcome.message });
      setCardDetail(outcome.detail);
    } else if (outcome.kind === 'try-later') {
      // [I12-5] Nothing was charged; the message says how long to wait, and the form keeps everything.
      setNotice(outcome.message);
    } else if (outcome.kind === 'not-saved' && outcome.message) {
      setErrors({ shipping_address: outcome.message });
    }
    stopped();
  }

  const shippingCents = method ? dollarsToCents(method.amount) : null;
  // [I16-checkout-giftcard] What the payment card is charged: the total less the gift card's part.
  const toPayCents = Math.max(
    0,
    cartTotalCents(items, shippingCents ?? 0) - (giftCard?.quote.applies_cents ?? 0),
  );
  const shipTo = formOpen
    ? CHECKOUT_TEXT.shipToNewAddress
    : chosen
      ? shipToLine(chosen.address)
      : CHECKOUT_TEXT.shipToNone;
  // [I11-7] One line above the pay button: the first thing that stopped Confirm Purchase, page order.
  const problem =
    (formIncomplete ? MSG.completeShipping : null) ?? errors.shipping_address ?? errors.card ?? null;

  return (
    <div className="checkout" ref={pageRef}>
      <div className="checkout__top">
        {seller?.image ? (
          <ProductPicture
            className="checkout__seller"
            src={seller.image}
            alt={seller.name || 'Seller'}
            width={48}
            height={48}
            layout={fixedLayout(48)}
            priority="eager"
          />
        ) : null}
        <div className="checkout__heading">
          <h1 className="page__title checkout__title" id="page-title">
            {MSG.checkout}
          </h1>
          {seller?.name ? <p className="checkout__seller-name">{seller.name}</p> : null}
        </div>
      </div>
      <CheckoutSummary
        items={items}
        shippingCents={shippingCents}
        giftCard={giftCard ? { last4: giftCard.quote.last4, cents: giftCard.quote.applies_cents } : null}
      />
      <GiftCardApply applied={giftCard} onApplied={setGiftCard} />
      <GiftCardSlot giftCards={data.giftCards} cartId={data.cartId} />
      <ShippingSection
        options={addressOptions}
        selected={selectedAddress}
        onSelect={(key) => {
          setSelectedAddress(key);
          setErrors((current) => ({ ...current, shipping_address: undefined }));
        }}
        formOpen={formOpen}
        onOpenForm={() => setFormOpen(true)}
        onCloseForm={() => {
          setFormOpen(false);
          setFormIncomplete(false);
        }}
        onSave={async (input) => {
          await saveAddress(input);
        }}
        saving={savingAddress}
        initial={initialAddress}
        showManualFields={Boolean(
          draft?.newAddress?.street_address || draft?.newAddress?.suburb || draft?.newAddress?.postcode,
        )}
        error={errors.shipping_address ?? null}
        formRef={addressFormRef}
        onFormInput={() => setFormIncomplete(false)}
      />
      <PaymentSection
        savedCards={data.savedCards}
        selected={selectedCard}
        onSelect={(id) => {
          setSelectedCard(id);
          setErrors((current) => ({ ...current, card: undefined }));
          setCardDetail(null);
        }}
        saveCard={saveCard}
        onSaveCard={setSaveCard}
        publishableKey={stripePublishableKey}
        handleRef={cardRef}
        error={errors.card ?? null}
        errorDetail={cardDetail}
        onCardInput={() => {
          if (errors.card) setErrors((current) => ({ ...current, card: undefined }));
          setCardDetail(null);
        }}
      />
      <TextOffersBoxes
        sellers={data.sellers}
        ticked={textOffers}
        onChange={(sellerId, tick) =>
          setTextOffers((current) => {
            const next = new Set(current);
            if (tick) next.add(sellerId);
            else next.delete(sellerId);
            return next;
          })
        }
      />
      <PayBar
        total={formatCents(giftCard ? toPayCents : cartTotalCents(items, shippingCents ?? 0))}
        {...(giftCard ? { totalLabel: 'To pay' } : {})}
        secondsLeft={left}
        shipTo={shipTo}
        summary={problem ?? notice}
        summaryTone={problem ? 'error' : 'notice'}
        busy={submitting || savingAddress}
        onConfirm={() => void onConfirm()}
      />
    </div>
  );
}

export function CheckoutPage() {
  useDocumentTitle(MSG.checkout);
  const location = useLocation();
  const signedIn = useAppState((state) => state.auth.isSignedIn);
  const hasLines = useAppState((state) => state.cartItems.length > 0);
  // One preparation per visit: the server cart is rebuilt each time the shopper arrives.
  const prepare = useQuery({
    queryKey: ['checkout', 'prepare', location.key],
    queryFn: () => loadCheckout(getAppState().cartItems),
    enabled: signedIn && hasLines,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });

  const loading = signedIn && hasLines && prepare.isPending;
  useEffect(() => {
    if (!loading) return;
    return showLoader(MSG.fetchingCart); // [CHKF-01, SHELL-11]
  }, [loading]);

  useEffect(() => {
    // [ROLE-02] A visitor proves a mobile first, and comes back here after.
    if (!signedIn) askToSignIn({ kind: 'stay' });
  }, [signedIn]);

  if (!signedIn) {
    return (
      <section className="page checkout" aria-labelledby="page-title">
        <h1 className="page__title" id="page-title">
          {MSG.checkout}
        </h1>
        <p className="page__lead">{MSG.checkoutSignIn}</p>
        <Button onClick={() => askToSignIn({ kind: 'stay' })}>{MSG.signInWithMobile}</Button>
      </section>
    );
  }
  if (!hasLines || prepare.data?.kind === 'empty') return <Navigate to="/browse" replace />; // [CART-04]
  if (prepare.isError) {
    return (
      <section className="page checkout">
        <h1 className="page__title" id="page-title">
          {MSG.checkout}
        </h1>
        <p className="page__lead">{MSG.unexpectedErrorText}</p>
        <Button onClick={() => void prepare.refetch()}>{MSG.tryAgain}</Button>
      </section>
    );
  }
  if (prepare.data?.kind !== 'ready') return <section className="page checkout" aria-busy="true" />;
  return <CheckoutContent data={prepare.data.data} />;
}

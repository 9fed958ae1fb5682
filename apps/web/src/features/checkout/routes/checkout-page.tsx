// /checkout [ROUTE-18] (SPEC.md §2 Checkout, §4 Checkout): the 'Confirm in' countdown and the seller
// [CHK-01, CHK-02], the summary [CHK-03], the gift card slot, 'Shipping Information' [CHK-08..12],
// 'Payment Information' [CHK-13..15] and 'Confirm Purchase' [CHK-16]. On arrival the server cart is
// rebuilt from the browser's cart and the loader stays until everything is in [CART-05, CART-06, CHKF-01].

import { toAddressWire } from '@quokka/contract/address-form';
import type { AddressWire } from '@quokka/contract/api/address';
import { MSG } from '@quokka/contract/messages';
import { dollarsToCents, formatCents } from '@quokka/contract/money';
import type { AddressInput } from '@quokka/contract/validate-address';
import type { PaymentField } from '@quokka/contract/validate-payment';
import type { FieldErrors } from '@quokka/contract/wire';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../components/ui/page';
import { getAppState, openPopup, showLoader, useAppState, withLoader } from '../../../lib/app-state';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getItem, STORAGE_KEYS } from '../../../lib/storage';
import { cartTotalCents, cheapestMethod } from '../../cart/public';
import { estimateShippingByAddressId } from '../api/estimate-shipping-by-address-id';
import { estimateShippingForAddress } from '../api/estimate-shipping-for-address';
import { newIdempotencyKey } from '../api/payment-information';
import { saveCustomerAddress } from '../api/save-customer-address';
import type { CardFieldHandle } from '../components/card-field';
import { CheckoutCountdown, useCountdown } from '../components/checkout-countdown';
import { CheckoutSummary } from '../components/checkout-summary';
import { GiftCardSlot } from '../components/gift-card-slot';
import { NEW_CARD, PaymentSection } from '../components/payment-section';
import { type AddressOption, ShippingSection } from '../components/shipping-section';
import { type AddressChoice, type CardChoice, confirmPurchase } from '../confirm-purchase';
import { type CheckoutData, loadCheckout } from '../load-checkout';
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
  const { customer } = data.quote;
  const byDefault = customer.addresses.find(
    (address) =>
      address.default_shipping === true || String(address.id) === String(customer.default_shipping ?? ''),
  );
  const first = byDefault ?? customer.addresses[0];
  return first?.id !== undefined ? savedKey(first.id) : null;
}

function CheckoutContent({ data }: { data: CheckoutData }) {
  const navigate = useNavigate();
  const items = useAppState((state) => state.cartItems);
  const { stripePublishableKey } = getRuntimeConfig();
  const customer = data.quote.customer;

  const [added, setAdded] = useState<AddressWire[]>([]);
  const [localAddress, setLocalAddress] = useState<AddressWire | null>(null);
  const [selectedAddress, setSelectedAddress] = useState<string | null>(() => defaultAddressKey(data));
  const [formOpen, setFormOpen] = useState(customer.addresses.length === 0);
  const [savingAddress, setSavingAddress] = useState(false);
  const [selectedCard, setSelectedCard] = useState<string | null>(data.savedCards[0]?.id ?? NEW_CARD);
  const [saveCard, setSaveCard] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<PaymentField>>({});
  const [cardDetail, setCardDetail] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const cardRef = useRef<CardFieldHandle | null>(null);

  const addressOptions = useMemo<AddressOption[]>(() => {
    const saved = [...customer.addresses, ...added].flatMap((address) =>
      address.id === undefined ? [] : [{ key: savedKey(address.id), address, local: false }],
    );
    return localAddress ? [...saved, { key: LOCAL_KEY, address: localAddress, local: true }] : saved;
  }, [customer.addresses, added, localAddress]);
  const chosen = addressOptions.find((option) => option.key === selectedAddress) ?? null;

  // [SHIP-01] The cheapest method for the chosen address.
  const shipping = useQuery({
    queryKey: ['checkout', 'shipping', data.cartId, chosen?.key ?? '', items.length],
    queryFn: async () =>
      cheapestMethod(
        chosen?.address.id !== undefined && !chosen.local
          ? await estimateShippingByAddressId(chosen.address.id)
          : chosen
            ? await estimateShippingForAddress(chosen.address)
            : [],
      ),
    enabled: chosen !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const method = shipping.data ?? null;

  const seller = data.seller;
  const left = useCountdown(!submitting, () => {
    // [CHKF-09] Time is up: back to the seller.
    navigate(seller?.sellerUrl ? `/sellerprofile/${encodeURIComponent(seller.sellerUrl)}` : '/browse');
  });

  useEffect(() => {
    // [CART-04] Lines removed (from the cart popup here, or a refused line): nothing left to buy.
    if (items.length === 0 && !submitting) navigate('/browse', { replace: true });
  }, [items.length, submitting, navigate]);

  const initialAddress: Partial<AddressInput> = {
    fullname: customer.fullname ?? `${customer.firstname} ${customer.lastname}`.trim(),
    mobile: customer.mobile ?? '',
  };

  async function onSaveAddress(input: AddressInput) {
    const address = toAddressWire(input);
    setSavingAddress(true);
    const saved = await withLoader(MSG.savingAddress, () =>
      saveCustomerAddress({ ...customer, addresses: [...customer.addresses, ...added] }, address),
    );
    setSavingAddress(false);
    if (saved?.id !== undefined) {
      setAdded((current) => [...current, saved]);
      setSelectedAddress(savedKey(saved.id));
    } else {
      // The account could not keep it: this order still ships there.
      setLocalAddress(address);
      setSelectedAddress(LOCAL_KEY);
    }
    setErrors((current) => ({ ...current, shipping_address: undefined }));
    setFormOpen(false);
  }

  async function onConfirm() {
    setErrors({});
    setCardDetail(null);
    const address: AddressChoice | null = chosen
      ? chosen.local || chosen.address.id === undefined
        ? { kind: 'new', address: chosen.address }
        : { kind: 'saved', id: chosen.address.id, address: chosen.address }
      : null;
    const handle = cardRef.current;
    const card: CardChoice | null =
      selectedCard === NEW_CARD
        ? {
            kind: 'new',
            save: saveCard,
            isEmpty: () => handle?.isEmpty() ?? true,
            createPaymentMethod: async () =>
              handle?.createPaymentMethod() ?? { ok: false, message: MSG.enterCard },
          }
        : selectedCard
          ? { kind: 'saved', id: selectedCard }
          : null;
    setSubmitting(true);
    const outcome = await confirmPurchase({
      cartId: data.cartId,
      address,
      card,
      shippingMethod: method,
      sellerId: getItem(STORAGE_KEYS.affiliateSellerId) ?? (seller?.id ? String(seller.id) : null),
      campaignId: getItem(STORAGE_KEYS.campaignId),
      hasGiftCards: items.some((item) => Boolean(item.is_giftcard)),
      idempotencyKey: newIdempotencyKey(),
    });
    if (outcome.kind === 'placed') {
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
    } else if (outcome.kind === 'not-saved' && outcome.message) {
      setErrors({ shipping_address: outcome.message });
    }
  }

  const shippingCents = method ? dollarsToCents(method.amount) : null;

  return (
    <div className="checkout">
      <div className="checkout__top">
        {seller?.image ? (
          <img
            className="checkout__seller"
            src={seller.image}
            alt={seller.name || 'Seller'}
            width={48}
            height={48}
          />
        ) : null}
        <div className="checkout__heading">
          <h1 className="page__title checkout__title" id="page-title">
            {MSG.checkout}
          </h1>
          {seller?.name ? <p className="checkout__seller-name">{seller.name}</p> : null}
        </div>
        <CheckoutCountdown left={left} />
      </div>
      <CheckoutSummary items={items} shippingCents={shippingCents} />
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
        onCloseForm={() => setFormOpen(false)}
        onSave={onSaveAddress}
        saving={savingAddress}
        initial={initialAddress}
        error={errors.shipping_address ?? null}
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
      <div className="checkout__confirm">
        <p className="checkout__pay-total">
          <span>{MSG.total}</span>
          <strong>{formatCents(cartTotalCents(items, shippingCents ?? 0))}</strong>
        </p>
        <Button
          block
          className="checkout__confirm-button"
          disabled={submitting}
          onClick={() => void onConfirm()}
        >
          {MSG.confirmPurchase}
        </Button>
      </div>
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
    // [ROLE-02] A visitor proves a mobile first.
    if (!signedIn) openPopup('mobile');
  }, [signedIn]);

  if (!signedIn) {
    return (
      <section className="page checkout" aria-labelledby="page-title">
        <h1 className="page__title" id="page-title">
          {MSG.checkout}
        </h1>
        <p className="page__lead">{MSG.checkoutSignIn}</p>
        <Button onClick={() => openPopup('mobile')}>{MSG.signInWithMobile}</Button>
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

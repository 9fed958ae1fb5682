import { MSG } from '@quokka/contract/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { anOrder, anOrderItem, aSnapshot } from '../../account/test/fake-account-api';
import { fakeShopApi, json, NS } from '../../cart/test/fake-shop-api';

/** The success lookup answering order 000000105 with the order itself, as the server does. */
function withOrder() {
  const api = fakeShopApi();
  const order = anOrder(5, {
    shipping_address: aSnapshot(12, { street: ['5 Hay St'], city: 'Perth', postcode: '6000' }),
  });
  api.answer('GET', `${NS}/checkoutsuccess`, () =>
    json({ status: true, data: { order_id: order.increment_id, shop_name: 'Saltline Surf Co.', order } }),
  );
  return { api, order };
}

describe('/success', () => {
  it('[ROUTE-19] [SUCC-01] [SUCC-02] [SUCC-03] Thank You, the merchant and the order number from the success lookup', async () => {
    const api = fakeShopApi();
    api.state.orders.push('123');
    signIn('member-token');
    renderApp('/success');
    expect(await screen.findByRole('heading', { level: 1, name: MSG.thankYou })).toBeInTheDocument();
    expect(await screen.findByTestId('order-number')).toHaveTextContent('000000123');
    expect(screen.getByText('Saltline Surf Co.')).toBeInTheDocument();
    expect(api.log()).toContain(`GET ${NS}/checkoutsuccess`);
  });

  it('[SUCC-01] without an order to show it still thanks, and says where the number will appear', async () => {
    fakeShopApi();
    signIn('member-token');
    renderApp('/success');
    expect(await screen.findByText(MSG.orderNumberPending)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: MSG.thankYou })).toBeInTheDocument();
  });

  it('[I11-11] restates what was bought, the total charged, the delivery address and the card, with View Order', async () => {
    const { order } = withOrder();
    signIn('member-token');
    renderApp('/success');
    const receipt = await screen.findByRole('region', { name: MSG.receiptHeading });
    const items = within(receipt).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Harbour Mug× 1$19.95', 'Bush Bowl× 2$19.90']);
    expect(within(receipt).getByText(MSG.delivery).nextSibling).toHaveTextContent('$7.50');
    expect(within(receipt).getByText(MSG.totalCharged).nextSibling).toHaveTextContent('$47.40');
    expect(within(receipt).getByText(MSG.deliveringTo).nextSibling).toHaveTextContent('5 Hay St');
    expect(within(receipt).getByText(MSG.deliveringTo).nextSibling).toHaveTextContent('Perth');
    expect(within(receipt).getByText(MSG.payment).nextSibling).toHaveTextContent('Visa •••• 4242');
    expect(screen.getByRole('link', { name: MSG.viewOrder })).toHaveAttribute(
      'href',
      `/account/order/${order.id}`,
    );
    expect(screen.getByText(MSG.receiptOnItsWay)).toBeInTheDocument();
    // Beside SPEC.md's thanks, merchant and number.
    expect(screen.getByRole('heading', { level: 1, name: MSG.thankYou })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('000000105');
  });

  it('[I16-checkout-giftcard] an order partly paid by gift card: the total, Paid by gift card, and the card charged', async () => {
    const api = fakeShopApi();
    // 47.40 total; the gift card paid 19.95 (the Harbour Mug): 47.40 − 19.95 = 27.45 charged to the card.
    const order = anOrder(6, { gift_card_amount: 19.95, card_amount: 27.45 });
    api.answer('GET', `${NS}/checkoutsuccess`, () =>
      json({ status: true, data: { order_id: order.increment_id, shop_name: 'Harbour Goods', order } }),
    );
    signIn('member-token');
    renderApp('/success');
    const receipt = await screen.findByRole('region', { name: MSG.receiptHeading });
    expect(within(receipt).getByText(MSG.total).nextSibling).toHaveTextContent('$47.40');
    expect(within(receipt).getByText('Paid by gift card').nextSibling).toHaveTextContent('−$19.95');
    expect(within(receipt).getByText(MSG.totalCharged).nextSibling).toHaveTextContent('$27.45');
  });

  it('[I11-12] names the operator, its ABN and how to reach support about the order', async () => {
    withOrder();
    signIn('member-token');
    renderApp('/success');
    await screen.findByRole('region', { name: MSG.receiptHeading });
    const main = screen.getByRole('main');
    expect(within(main).getByText(MSG.orderQuestions, { exact: false })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(within(main).getByText('ABN 12 345 679 016')).toBeInTheDocument();
    expect(within(main).getByText('Quokka Marketplace Pty Ltd')).toBeInTheDocument();
  });

  it('[I11-11] without the order in the reply (an older server) it shows what SPEC.md asks and no View Order', async () => {
    const api = fakeShopApi();
    api.state.orders.push('123');
    signIn('member-token');
    renderApp('/success');
    expect(await screen.findByTestId('order-number')).toHaveTextContent('000000123');
    expect(screen.queryByRole('region', { name: MSG.receiptHeading })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: MSG.viewOrder })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.continueShopping })).toBeInTheDocument();
  });
});

describe('[I34] /success says what happened: placed, and paid only once captured', () => {
  function answering(order: ReturnType<typeof anOrder>, shopName = 'Saltline Surf Co.') {
    const api = fakeShopApi();
    api.answer('GET', `${NS}/checkoutsuccess`, () =>
      json({ status: true, data: { order_id: order.increment_id, shop_name: shopName, order } }),
    );
    signIn('member-token');
    renderApp('/success');
  }

  it('a card only authorised (the order awaits approval): placed, not paid, and what is held', async () => {
    answering(anOrder(7, { status: 'pending_review' }));
    const merchant = (await screen.findByText('Saltline Surf Co.')).closest('p');
    expect(merchant).toHaveTextContent('Your order with Saltline Surf Co. is placed.');
    expect(document.body).not.toHaveTextContent('paid.');
    expect(
      screen.getByText(
        'Nothing is charged yet: $47.40 is held on your card and charged once your order is confirmed.',
      ),
    ).toBeInTheDocument();
    const receipt = screen.getByRole('region', { name: MSG.receiptHeading });
    expect(within(receipt).queryByText(MSG.totalCharged)).not.toBeInTheDocument();
    expect(within(receipt).getByText('To be charged').nextSibling).toHaveTextContent('$47.40');
    // SPEC.md's words stay: Thank You, the merchant and the order number [SUCC-01..03].
    expect(screen.getByRole('heading', { level: 1, name: MSG.thankYou })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('000000107');
  });

  it('once approved (the card charged): placed and paid', async () => {
    answering(anOrder(8, { status: 'approved' }));
    const merchant = (await screen.findByText('Saltline Surf Co.')).closest('p');
    expect(merchant).toHaveTextContent(`Your order with Saltline Surf Co. ${MSG.orderPlacedText}`);
    expect(MSG.orderPlacedText).toBe('is placed and paid.');
    expect(screen.queryByText(/Nothing is charged yet/)).not.toBeInTheDocument();
    const receipt = screen.getByRole('region', { name: MSG.receiptHeading });
    expect(within(receipt).getByText(MSG.totalCharged).nextSibling).toHaveTextContent('$47.40');
  });

  it('a two-seller order says so plainly', async () => {
    const order = anOrder(9, { status: 'pending_review' });
    order.items = [
      anOrderItem({ item_id: 91, name: 'Beach Run Tote', seller_id: 2 }),
      anOrderItem({ item_id: 92, name: 'Clay Cup', seller_id: 5 }),
    ];
    answering(order);
    const merchant = (await screen.findByText('Saltline Surf Co.')).closest('p');
    expect(merchant).toHaveTextContent(
      'Your order with Saltline Surf Co. is placed. It has items from 2 sellers; each sends its own, so they may arrive separately.',
    );
  });

  it('without the order in the reply (an older server): placed, and nothing said about payment', async () => {
    const api = fakeShopApi();
    api.state.orders.push('123');
    signIn('member-token');
    renderApp('/success');
    const merchant = (await screen.findByText('Saltline Surf Co.')).closest('p');
    expect(merchant).toHaveTextContent('Your order with Saltline Surf Co. is placed.');
    expect(merchant).not.toHaveTextContent('paid');
  });
});

import { MSG } from '@quokka/contract/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import { orderStatusText } from '../components/order-payment';
import { anOrder, aSnapshot, PATHS, stubAccountApi } from '../test/fake-account-api';
import { SHIPMENT_TEXT } from './order-page';

// The first render loads the screen's chunk, slow on a busy machine.
describe('/account/order/:id', { timeout: 20_000 }, () => {
  it("[ROUTE-26] [ACCT-19] [ACCT-20] [ACCT-21] [API-35] 'View Order': items, shipping amount, total and both addresses", async () => {
    const api = stubAccountApi({
      orders: [
        anOrder(5, {
          shipping_amount: 7.5,
          grand_total: 47.35,
          shipping_address: aSnapshot(12, { street: ['12 Swan St'], city: 'Richmond', postcode: '3121' }),
          billing_address: aSnapshot(11, { firstname: 'Bill', lastname: 'Payer' }),
        }),
      ],
    });
    signIn('tok');
    renderApp('/account/order/5');
    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.viewOrder }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', {}, { timeout: 5_000 });
    expect(api.calls('GET', PATHS.order)[0]?.query.get('order_id')).toBe('5');
    expect(screen.getByText('#000000105')).toBeInTheDocument();

    // [ACCT-21] name, price, qty and total of each item.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['$19.95', '1', '$19.95'],
      ['$9.95', '2', '$19.90'],
    ]);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Harbour Mug',
      'Bush Bowl',
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([MSG.productHeading, MSG.price, MSG.qty, MSG.total]);

    // [ACCT-19] shipping amount and total.
    expect(screen.getByText(MSG.shippingAmount).nextSibling).toHaveTextContent('$7.50');
    expect(screen.getByText(MSG.total, { selector: 'dt' }).nextSibling).toHaveTextContent('$47.35');

    // [ACCT-20] shipping and billing addresses.
    const shipping = screen.getByRole('region', { name: MSG.shippingAddress });
    expect(within(shipping).getByText('Richmond NSW 3121')).toBeInTheDocument();
    const billing = screen.getByRole('region', { name: MSG.billingAddress });
    expect(within(billing).getByText('Bill Payer')).toBeInTheDocument();
  });

  it('[I11-11] shows where the order stands and how it was paid', async () => {
    stubAccountApi({ orders: [anOrder(5)] });
    signIn('tok');
    renderApp('/account/order/5');
    const status = await screen.findByText(MSG.orderStatus, {}, { timeout: 5_000 });
    expect(status.nextSibling).toHaveTextContent(MSG.orderStatusPaid);
    expect(screen.getByText(MSG.payment).nextSibling).toHaveTextContent('Visa •••• 4242');
    expect(screen.getByRole('img', { name: 'Visa' })).toBeInTheDocument();
  });

  it('[I16-checkout-giftcard] an order partly paid by gift card shows the gift card part and the card charged', async () => {
    // 47.40 total; the gift card paid 19.95: 47.40 − 19.95 = 27.45 charged to the card.
    stubAccountApi({ orders: [anOrder(7, { gift_card_amount: 19.95, card_amount: 27.45 })] });
    signIn('tok');
    renderApp('/account/order/7');
    const paid = await screen.findByText('Paid by gift card', {}, { timeout: 5_000 });
    expect(paid.nextSibling).toHaveTextContent('−$19.95');
    expect(screen.getByText(MSG.totalCharged).nextSibling).toHaveTextContent('$27.45');
  });

  it('[I11-11] a refunded order paid by Mastercard says so', async () => {
    stubAccountApi({
      orders: [anOrder(6, { status: 'refunded', payment: { brand: 'mastercard', last4: '4444' } })],
    });
    signIn('tok');
    renderApp('/account/order/6');
    const status = await screen.findByText(MSG.orderStatus, {}, { timeout: 5_000 });
    expect(status.nextSibling).toHaveTextContent(MSG.orderStatusRefunded);
    expect(screen.getByText(MSG.payment).nextSibling).toHaveTextContent('Mastercard •••• 4444');
  });

  it('[I15-shopper-status] shows the status in words and each shipment with its carrier and tracking link', async () => {
    stubAccountApi({
      orders: [
        anOrder(7, {
          status: 'partially_shipped',
          status_label: 'Partly shipped',
          shipments: [
            {
              seller_name: 'Harbour Goods',
              carrier: 'Australia Post',
              tracking_number: '33ABC0012345',
              tracking_url: 'https://auspost.com.au/mypost/track/details/33ABC0012345',
              shipped_at: '2026-11-24T01:00:00.000Z',
            },
            {
              seller_name: 'Outback Outfitters',
              carrier: 'Pigeon Post',
              tracking_number: 'PP-1',
              tracking_url: null,
              shipped_at: '2026-11-24T02:00:00.000Z',
            },
          ],
        }),
      ],
    });
    signIn('tok');
    renderApp('/account/order/7');
    const status = await screen.findByText(MSG.orderStatus, {}, { timeout: 5_000 });
    expect(status.nextSibling).toHaveTextContent('Partly shipped');
    const tracking = screen.getByRole('region', { name: SHIPMENT_TEXT.heading });
    expect(
      within(tracking).getByText('Harbour Goods sent with Australia Post, 24 Nov 2026'),
    ).toBeInTheDocument();
    const link = within(tracking).getByRole('link', { name: 'Track parcel 33ABC0012345' });
    expect(link).toHaveAttribute('href', 'https://auspost.com.au/mypost/track/details/33ABC0012345');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // An unknown carrier has no link: the number is shown to quote to the carrier.
    expect(within(tracking).getByText('Tracking number PP-1')).toBeInTheDocument();
    expect(within(tracking).getAllByRole('link')).toHaveLength(1);
  });

  it('[I15-shopper-status] each back-office status reads in words, even from a server without labels', async () => {
    const words: [string, string][] = [
      ['pending_review', 'Being reviewed'],
      ['approved', 'Confirmed'],
      ['partially_shipped', 'Partly shipped'],
      ['shipped', 'Shipped'],
      ['refused', 'Not accepted'],
      ['cancelled', 'Cancelled'],
    ];
    expect(words.map(([status]) => orderStatusText(status))).toEqual(words.map(([, text]) => text));
    stubAccountApi({ orders: [anOrder(8, { status: 'refused' })] });
    signIn('tok');
    renderApp('/account/order/8');
    const status = await screen.findByText(MSG.orderStatus, {}, { timeout: 5_000 });
    expect(status.nextSibling).toHaveTextContent('Not accepted');
    expect(screen.queryByRole('region', { name: SHIPMENT_TEXT.heading })).not.toBeInTheDocument();
  });

  it("another member's order (the server answers 404) reads as not found, with the way back to the orders", async () => {
    stubAccountApi({ orders: [anOrder(5)] });
    signIn('tok');
    renderApp('/account/order/77');
    expect(await screen.findByText(MSG.orderNotFound, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.backToOrders })).toHaveAttribute('href', '/account/orders');
  });

  it('an id that is not a number asks nothing of the server', async () => {
    const api = stubAccountApi();
    signIn('tok');
    renderApp('/account/order/abc');
    expect(await screen.findByText(MSG.orderNotFound, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(api.calls('GET', PATHS.order)).toHaveLength(0);
  });
});

import type {
  Automation,
  AutomationFlow,
  AutomationListReply,
  AutomationPreview,
  AutomationResults,
} from '@quokka/contract/api/automations';
import type { VendorProductSummary } from '@quokka/contract/api/vendor-products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe } from '../../test/factories';
import { fakeApi, type Handler } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

const vendor = aMe({
  staff: { id: 9, name: 'Sam Seller', mobile: '+61412000111', role: 'vendor', seller_id: 3 },
});
const operatorMe = aMe();

function results(overrides: Partial<AutomationResults> = {}): AutomationResults {
  return {
    since: null,
    sent: 0,
    delivered: 0,
    clicked: 0,
    orders: 0,
    revenue_cents: 0,
    opted_out: 0,
    delayed_quiet_hours: 0,
    skipped_cap: 0,
    skipped_opted_out: 0,
    queued: 0,
    waiting: 0,
    ...overrides,
  };
}

const WORDS: Record<AutomationFlow, string> = {
  back_in_stock: '{product} is back. Get yours:',
  cart_reminder: 'You left {items} in your cart:',
  thank_you: 'Thanks for your order!',
};

function anAutomation(flow: AutomationFlow, overrides: Partial<Automation> = {}): Automation {
  return {
    flow,
    seller_id: 3,
    enabled: false,
    message: WORDS[flow],
    delay_hours: flow === 'cart_reminder' ? 4 : flow === 'thank_you' ? 14 * 24 : 0,
    product_id: null,
    product_name: null,
    enabled_at: null,
    updated_at: null,
    segments: 1,
    results: results(),
    ...overrides,
  };
}

function aList(items: Partial<Record<AutomationFlow, Partial<Automation>>> = {}): AutomationListReply {
  return {
    seller_id: 3,
    seller_name: 'Harbour Goods',
    items: (['back_in_stock', 'cart_reminder', 'thank_you'] as const).map((flow) =>
      anAutomation(flow, items[flow]),
    ),
  };
}

function aProduct(overrides: Partial<VendorProductSummary> = {}): VendorProductSummary {
  return {
    id: 501,
    sku: 'MUG-1',
    name: 'Harbour mug',
    kind: 'simple',
    seller_id: 3,
    seller_name: 'Harbour Goods',
    enabled: true,
    price_cents: 2_400,
    stock: 5,
    variant_count: 0,
    thumbnail_url: null,
    ...overrides,
  };
}
const products = { body: { items: [aProduct()], total: 1, page: 1, page_size: 20 } };

function aPreview(overrides: Partial<AutomationPreview> = {}): AutomationPreview {
  return {
    text: 'Harbour Goods: from the server\nhttps://shop.example/t/abcdefghij\nOpt out: https://shop.example/u/abcdefghij',
    encoding: 'GSM-7',
    characters: 321,
    segments: 3,
    ...overrides,
  };
}

/** The PUT's answer: the flow as sent. */
const echoPut: Handler = (call) => {
  const flow = call.path.split('/').at(-1) as AutomationFlow;
  const body = call.body as Partial<Automation>;
  return {
    body: anAutomation(flow, {
      enabled: body.enabled,
      message: body.message,
      delay_hours: body.delay_hours,
      product_id: body.product_id ?? null,
      product_name: body.product_id ? 'Harbour mug' : null,
      enabled_at: body.enabled ? '2026-11-29T01:00:00.000Z' : null,
    }),
  };
};

const card = (name: string) => screen.getByRole('article', { name });

describe('[I31] the automations screen', () => {
  it('[I31] lists every flow in order with its switch, words, timing and results since it was switched on', async () => {
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /automations': {
        body: aList({
          back_in_stock: {
            enabled: true,
            enabled_at: '2026-11-20T01:00:00.000Z',
            results: results({
              since: '2026-11-20T01:00:00.000Z',
              sent: 40,
              delivered: 38,
              clicked: 19,
              orders: 5,
              revenue_cents: 12_345,
              opted_out: 2,
              delayed_quiet_hours: 7,
              skipped_cap: 3,
              waiting: 11,
            }),
          },
          thank_you: { delay_hours: 10 * 24, product_id: 501, product_name: 'Harbour mug' },
        }),
      },
      'GET /products': products,
      'POST /automations/preview': { body: aPreview() },
    });
    renderAdmin('/admin/automations');
    await screen.findByRole('article', { name: 'Back in stock' });
    expect(screen.getAllByRole('article').map((item) => item.getAttribute('data-flow'))).toEqual([
      'back_in_stock',
      'cart_reminder',
      'thank_you',
    ]);
    // A seller's staff ask for their own seller's flows: no seller named.
    expect(api.to('GET /automations')[0]?.query.get('seller_id')).toBeNull();

    const stock = card('Back in stock');
    expect(within(stock).getByRole('switch', { name: 'Back in stock' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(stock).getByText('As soon as stock is back')).toBeInTheDocument();
    const grid = within(stock).getByLabelText('Back in stock results');
    const shown = Object.fromEntries(
      [...grid.querySelectorAll('.result')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]),
    );
    expect(shown).toEqual({
      Sent: '40',
      Clicked: '19',
      Orders: '5',
      Revenue: '$123.45',
      'Opted out': '2',
      'Delayed by quiet hours': '7',
      'Skipped by the cap': '3',
      'Waiting for back in stock': '11',
    });
    expect(within(stock).getByText(/^Since it was switched on, /)).toBeInTheDocument();
    const funnel = within(stock).getByRole('list', { name: 'Back in stock funnel' });
    expect(
      within(funnel)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Sent40', 'Delivered38 (95%)', 'Clicked19 (48%)', 'Ordered5 (13%)']);

    const cart = card('Cart left behind');
    expect(within(cart).getByRole('switch', { name: 'Cart left behind' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(within(cart).getByLabelText('Hours after the cart was left')).toHaveValue('4');
    expect(within(cart).getByLabelText('Message')).toHaveValue(WORDS.cart_reminder);
    expect(within(cart).getByText('{items}')).toBeInTheDocument();
    expect(
      within(cart).getByText('Not switched on yet: its results count from when it is.'),
    ).toBeInTheDocument();
    // Only back in stock has shoppers waiting.
    expect(within(cart).queryByText('Waiting for back in stock')).toBeNull();

    const thanks = card('Thank you after delivery');
    // 240 hours on the wire are 10 days on the screen.
    expect(within(thanks).getByLabelText('Days after delivery')).toHaveValue('10');
    expect(within(thanks).getByText('{product}')).toBeInTheDocument();
    expect(await within(thanks).findByRole('radio', { name: /Harbour mug/ })).toBeChecked();
  });

  it('[I31] the switch saves at once with the saved words and says so', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /automations': { body: aList() },
      'GET /products': products,
      'POST /automations/preview': { body: aPreview() },
      'PUT /automations/cart_reminder': echoPut,
    });
    renderAdmin('/admin/automations');
    const cart = await screen.findByRole('article', { name: 'Cart left behind' });
    // An unsaved edit of the words waits for Save: the switch sends the saved ones.
    await user.type(within(cart).getByLabelText('Message'), ' now');
    const toggle = within(cart).getByRole('switch', { name: 'Cart left behind' });
    await user.click(toggle);
    expect(await within(cart).findByRole('status')).toHaveTextContent(
      'Cart left behind is on: it sends by itself from now.',
    );
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(api.to('PUT /automations/cart_reminder')).toHaveLength(1);
    expect(api.to('PUT /automations/cart_reminder')[0]?.body).toEqual({
      enabled: true,
      message: WORDS.cart_reminder,
      delay_hours: 4,
      product_id: null,
    });
  });

  it('[I31] a switch the server refuses turns back and says why', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: vendor },
      'GET /automations': { body: aList({ back_in_stock: { enabled: true } }) },
      'GET /products': products,
      'POST /automations/preview': { body: aPreview() },
      'PUT /automations/back_in_stock': {
        status: 409,
        body: { message: 'Someone else just changed this flow: reload to see it.', code: 'CONFLICT' },
      },
    });
    renderAdmin('/admin/automations');
    const stock = await screen.findByRole('article', { name: 'Back in stock' });
    const toggle = within(stock).getByRole('switch', { name: 'Back in stock' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(await within(stock).findByRole('alert')).toHaveTextContent(
      'Back in stock could not be turned off: Someone else just changed this flow: reload to see it. It is still on.',
    );
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });

  it('[I31] editing the words updates the counter at once and the phone shows the server preview once typing pauses', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /automations': { body: aList() },
      'GET /products': products,
      'POST /automations/preview': (call) => {
        const body = call.body as { message: string };
        return body.message.startsWith('Your cart')
          ? { body: aPreview() }
          : { body: aPreview({ text: 'older', characters: 90, segments: 1 }) };
      },
    });
    renderAdmin('/admin/automations');
    const cart = await screen.findByRole('article', { name: 'Cart left behind' });
    const message = within(cart).getByLabelText('Message');
    await user.clear(message);
    await user.click(message);
    const words = `Your cart: {items} ${'a'.repeat(120)}`;
    await user.paste(words);
    // Before the server answers, the counter counts the whole text made here: the seller's name, the
    // words with the sample items, the link and the opt-out line.
    const origin = window.location.origin;
    const local = `Harbour Goods: Your cart: Beach Tote and 2 more ${'a'.repeat(120)}\n${origin}/t/xxxxxxxxxx\nOpt out: ${origin}/u/xxxxxxxxxx`;
    expect(within(cart).getByTestId('sms-counter')).toHaveTextContent(
      `${local.length} characters · ${local.length > 306 ? 3 : 2} segments · GSM-7`,
    );
    expect(within(cart).getByTestId('phone-text').textContent).toBe(local);
    // Once the typing pauses, the preview is asked with the words, and the phone and counter show its answer.
    await waitFor(() => expect(within(cart).getByTestId('phone-text')).toHaveTextContent('from the server'));
    expect(within(cart).getByTestId('sms-counter')).toHaveTextContent('321 characters · 3 segments · GSM-7');
    expect(api.to('POST /automations/preview').at(-1)?.body).toEqual({
      flow: 'cart_reminder',
      message: words,
      product_id: null,
    });
  });

  it('[I31] the thank-you is set in days and sent as hours (× 24) with the product picked', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /automations': { body: aList() },
      'GET /products': products,
      'POST /automations/preview': { body: aPreview() },
      'PUT /automations/thank_you': echoPut,
    });
    renderAdmin('/admin/automations');
    const thanks = await screen.findByRole('article', { name: 'Thank you after delivery' });
    const days = within(thanks).getByLabelText('Days after delivery');
    expect(days).toHaveValue('14');
    await user.clear(days);
    await user.type(days, '10');
    await user.click(await within(thanks).findByRole('radio', { name: /Harbour mug/ }));
    await user.click(within(thanks).getByRole('button', { name: 'Save' }));
    expect(await within(thanks).findByRole('status')).toHaveTextContent('Thank you after delivery saved.');
    expect(api.to('PUT /automations/thank_you')[0]?.body).toEqual({
      enabled: false,
      message: WORDS.thank_you,
      delay_hours: 240,
      product_id: 501,
    });
    expect(within(thanks).getByLabelText('Days after delivery')).toHaveValue('10');
  });

  it('[I31] days outside 1–90 are refused here, before anything is sent', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /automations': { body: aList() },
      'GET /products': products,
      'POST /automations/preview': { body: aPreview() },
    });
    renderAdmin('/admin/automations');
    const thanks = await screen.findByRole('article', { name: 'Thank you after delivery' });
    const days = within(thanks).getByLabelText('Days after delivery');
    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(thanks).getByRole('button', { name: 'Save' }));
    expect(await within(thanks).findByRole('alert')).toHaveTextContent('Choose between 1 and 90 days.');
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('PUT /automations/thank_you')).toHaveLength(0);
  });

  it('[I31] a 400 from the server is shown beside the field it names', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: vendor },
      'GET /automations': { body: aList() },
      'GET /products': products,
      'POST /automations/preview': { body: aPreview() },
      'PUT /automations/thank_you': {
        status: 400,
        body: {
          status: false,
          message: 'That product is not one of this seller’s.',
          code: 'INPUT_VALIDATION',
          input_validation: { product_id: ['That product is not one of this seller’s.'] },
        },
      },
      'PUT /automations/cart_reminder': {
        status: 400,
        body: {
          status: false,
          message: 'Invalid body: message: must be given',
          code: 'INPUT_VALIDATION',
          input_validation: { message: ['must be given'] },
        },
      },
    });
    renderAdmin('/admin/automations');
    const thanks = await screen.findByRole('article', { name: 'Thank you after delivery' });
    await user.click(await within(thanks).findByRole('radio', { name: /Harbour mug/ }));
    await user.click(within(thanks).getByRole('button', { name: 'Save' }));
    const picker = within(thanks).getByRole('group', { name: 'Product to suggest' });
    expect(await within(picker).findByRole('alert')).toHaveTextContent(
      'That product is not one of this seller’s.',
    );

    const cart = card('Cart left behind');
    await user.click(within(cart).getByRole('button', { name: 'Save' }));
    const message = within(cart).getByLabelText('Message');
    await waitFor(() => expect(message).toHaveAttribute('aria-invalid', 'true'));
    const error = within(cart).getByRole('alert');
    expect(error).toHaveTextContent('Message must be given'); // [I34] the field named
    // Beside the field: in the message's own block, and named by it.
    expect(message.closest('.field')).toContainElement(error);
    expect(message.getAttribute('aria-describedby')).toContain(error.id);
  });

  it('[I31] an operator chooses the seller: the list, the preview and the save name it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: operatorMe },
      'GET /dashboard': { body: aDashboard() },
      'GET /products': {
        body: {
          items: [
            aProduct(),
            aProduct({ id: 502, seller_id: 4, seller_name: 'Bondi Bakes' }),
            aProduct({ id: 503, seller_id: 3, seller_name: 'Harbour Goods' }),
          ],
          total: 3,
          page: 1,
          page_size: 200,
        },
      },
      'GET /automations': { body: aList() },
      'POST /automations/preview': { body: aPreview() },
      'PUT /automations/cart_reminder': echoPut,
    });
    renderAdmin('/admin/automations');
    const seller = await screen.findByLabelText('Seller');
    expect(screen.getByText('Choose a seller to see and set their automations.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(seller)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a seller', 'Bondi Bakes', 'Harbour Goods']),
    );
    expect(api.to('GET /automations')).toHaveLength(0);
    await user.selectOptions(seller, 'Harbour Goods');
    const cart = await screen.findByRole('article', { name: 'Cart left behind' });
    expect(api.to('GET /automations')[0]?.query.get('seller_id')).toBe('3');
    expect(screen.getByText('Harbour Goods', { selector: 'strong' })).toBeInTheDocument();
    await user.click(within(cart).getByRole('switch', { name: 'Cart left behind' }));
    await within(cart).findByRole('status');
    expect(api.to('PUT /automations/cart_reminder')[0]?.body).toMatchObject({ seller_id: 3, enabled: true });
    await waitFor(() =>
      expect(
        api
          .to('POST /automations/preview')
          .some((call) => (call.body as { seller_id?: number }).seller_id === 3),
      ).toBe(true),
    );
    // The thank-you's products are the chosen seller's.
    expect(api.to('GET /products').some((call) => call.query.get('seller_id') === '3')).toBe(true);
  });
});

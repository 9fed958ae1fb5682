import type { Campaign, CampaignPreview, CampaignResults } from '@quokka/contract/api/campaigns';
import type { VendorProduct, VendorProductSummary } from '@quokka/contract/api/vendor-products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMe } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

const vendor = aMe({
  staff: { id: 9, name: 'Sam Seller', mobile: '+61412000111', role: 'vendor', seller_id: 3 },
});
const operatorMe = aMe();

function aProduct(overrides: Partial<VendorProductSummary> = {}): VendorProductSummary {
  return {
    id: 501,
    sku: 'TEE-1',
    name: 'Harbour tee',
    kind: 'simple',
    seller_id: 3,
    seller_name: 'Harbour Goods',
    enabled: true,
    price_cents: 3_500,
    stock: 12,
    variant_count: 0,
    thumbnail_url: null,
    ...overrides,
  };
}
const products = { body: { items: [aProduct()], total: 1, page: 1, page_size: 20 } };

function results(overrides: Partial<CampaignResults> = {}): CampaignResults {
  return {
    recipients: 0,
    sent: 0,
    delivered: 0,
    failed: 0,
    clicked: 0,
    orders: 0,
    revenue_cents: 0,
    opted_out: 0,
    waiting_quiet_hours: 0,
    skipped_cap: 0,
    skipped_opted_out: 0,
    bought_by_reply: 0,
    queued: 0,
    cost_cents: 0,
    ...overrides,
  };
}

function aCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 41,
    seller_id: 3,
    seller_name: 'Harbour Goods',
    name: 'Spring tees',
    message: 'New tees are in: 20% off this week.',
    product_id: 501,
    product_name: 'Harbour tee',
    reply_to_buy: false,
    offer_product_id: null,
    offer_variant: null,
    audience: { kind: 'all' },
    state: 'draft',
    scheduled_at: null,
    schedule_zone: null,
    review_reason: null,
    created_at: '2026-11-24T09:00:00.000Z',
    started_at: null,
    finished_at: null,
    segments: 1,
    results: results(),
    ...overrides,
  };
}

function aPreview(overrides: Partial<CampaignPreview> = {}): CampaignPreview {
  return {
    text: 'Harbour Goods: from the server\nhttps://shop.example/t/abcdefghij\nOpt out: https://shop.example/u/abcdefghij',
    encoding: 'GSM-7',
    characters: 100,
    segments: 2,
    recipients: 1234,
    estimated_cost_cents: 9_872,
    reply_to_buy: null,
    ...overrides,
  };
}

/** The lines every text gets after the message, without a product: '\nOpt out: <origin>/u/<10 letters>'. */
const optOutLine = () => `\nOpt out: ${window.location.origin}/u/xxxxxxxxxx`;

describe('[I29] the composer', () => {
  it('[I29] the counter counts the sender line and the opt-out line: 150 characters alone fit one text, with the lines two', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: vendor },
      'GET /products': products,
      'POST /campaigns/preview': { body: aPreview() },
    });
    renderAdmin('/admin/campaigns/new');
    const message = await screen.findByLabelText('Message');
    await screen.findByText('Harbour tee');
    await user.click(message);
    await user.paste('a'.repeat(150));
    const total = 'Harbour Goods: '.length + 150 + optOutLine().length;
    expect(total).toBeGreaterThan(160);
    expect(total).toBeLessThanOrEqual(306);
    expect(screen.getByTestId('sms-counter')).toHaveTextContent(`${total} characters · 2 segments · GSM-7`);
    // The phone shows the exact text: the seller's name first, the opt-out line last.
    expect(screen.getByTestId('phone-text').textContent).toBe(
      `Harbour Goods: ${'a'.repeat(150)}${optOutLine()}`,
    );
  });

  it('[I29] a Unicode character switches the counter to 70/67 and the product adds its link', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: vendor },
      'GET /products': products,
      'POST /campaigns/preview': { body: aPreview() },
    });
    renderAdmin('/admin/campaigns/new');
    const message = await screen.findByLabelText('Message');
    await screen.findByText('Harbour tee');
    await user.click(message);
    await user.paste('Tees are in ✓ today!');
    const plain = 'Harbour Goods: '.length + 20 + optOutLine().length;
    expect(plain).toBeGreaterThan(70);
    expect(plain).toBeLessThanOrEqual(134);
    expect(screen.getByTestId('sms-counter')).toHaveTextContent(`${plain} characters · 2 segments · Unicode`);
    // Featuring the product adds '\n<origin>/t/<10 letters>'.
    await user.click(screen.getByRole('radio', { name: /Harbour tee/ }));
    const withLink = plain + `\n${window.location.origin}/t/xxxxxxxxxx`.length;
    expect(screen.getByTestId('sms-counter')).toHaveTextContent(
      `${withLink} characters · ${withLink > 134 ? 3 : 2} segments · Unicode`,
    );
  });

  it('[I29] the recipients and cost come from the preview reply, asked with the form', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /products': products,
      'POST /campaigns/preview': { body: aPreview() },
    });
    renderAdmin('/admin/campaigns/new');
    await user.type(await screen.findByLabelText('Name'), 'Spring');
    await user.click(screen.getByLabelText('Message'));
    await user.paste('New tees');
    await user.click(screen.getByRole('radio', { name: 'Subscribers who bought in the last N days' }));
    await user.clear(screen.getByLabelText('Days'));
    await user.type(screen.getByLabelText('Days'), '14');
    const estimate = screen.getByTestId('estimate');
    await waitFor(() =>
      expect(estimate).toHaveTextContent('1,234 recipients · 2 segments each · estimated cost $98.72'),
    );
    await waitFor(() =>
      expect(api.to('POST /campaigns/preview').at(-1)?.body).toEqual({
        name: 'Spring',
        message: 'New tees',
        product_id: null,
        audience: { kind: 'bought_recently', days: 14 },
      }),
    );
    // Once settled, the phone shows the server's text.
    await waitFor(() =>
      expect(screen.getByTestId('phone-text')).toHaveTextContent('Harbour Goods: from the server'),
    );
  });

  it('[I29] Send test saves the draft and says where it went; Send now confirms with the count and cost and posts {}', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /products': products,
      'POST /campaigns/preview': { body: aPreview() },
      'POST /campaigns': { body: aCampaign() },
      'PUT /campaigns/41': { body: aCampaign() },
      'POST /campaigns/41/test': { body: { to: '+61412000111', text: 'Harbour Goods: …' } },
      'POST /campaigns/41/send': {
        body: aCampaign({ state: 'sending', results: results({ recipients: 1234 }) }),
      },
      'GET /campaigns/41': { body: aCampaign({ state: 'sending', results: results({ recipients: 1234 }) }) },
    });
    renderAdmin('/admin/campaigns/new');
    await user.type(await screen.findByLabelText('Name'), 'Spring tees');
    await user.click(screen.getByLabelText('Message'));
    await user.paste('New tees are in');
    await user.click(await screen.findByRole('radio', { name: /Harbour tee/ }));
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Test sent to your mobile 0412 000 111.');
    expect(api.to('POST /campaigns')[0]?.body).toEqual({
      name: 'Spring tees',
      message: 'New tees are in',
      product_id: 501,
      audience: { kind: 'all' },
    });
    expect(api.to('POST /campaigns/41/test')).toHaveLength(1);

    await waitFor(() => expect(screen.getByTestId('estimate')).toHaveTextContent('1,234 recipients'));
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    const dialog = screen.getByRole('dialog', { name: 'Send this campaign now?' });
    expect(dialog).toHaveTextContent('1,234 recipients, estimated cost $98.72.');
    expect(api.to('POST /campaigns/41/send')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByRole('heading', { name: 'Spring tees', level: 1 })).toBeInTheDocument();
    // The saved draft is updated (not made again), then sent now.
    expect(api.to('POST /campaigns')).toHaveLength(1);
    expect(api.to('PUT /campaigns/41')).toHaveLength(1);
    expect(api.to('POST /campaigns/41/send').map((call) => call.body)).toEqual([{}]);
  });

  it('[I29] Save draft makes the draft once, then updates it; operators send the product’s seller', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: operatorMe },
      'GET /dashboard': { status: 404, body: { message: 'No route', code: 'NOT_FOUND' } },
      'GET /products': products,
      'POST /campaigns/preview': { body: aPreview() },
      'POST /campaigns': { body: aCampaign() },
      'PUT /campaigns/41': { body: aCampaign({ name: 'Spring tees 2' }) },
    });
    renderAdmin('/admin/campaigns/new');
    await user.type(await screen.findByLabelText('Name'), 'Spring tees');
    await user.click(screen.getByLabelText('Message'));
    await user.paste('New tees are in');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    // An operator's campaign is sent by the product's seller: no product, no seller.
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the product to feature');
    expect(api.to('POST /campaigns')).toHaveLength(0);
    await user.click(await screen.findByRole('radio', { name: /Harbour tee/ }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    // The new draft's own address: /campaigns/41/edit, still saying it was saved.
    expect(await screen.findByRole('heading', { name: 'Edit campaign' })).toBeInTheDocument();
    expect(screen.getByText('Draft saved.')).toHaveAttribute('role', 'status');
    expect(api.to('POST /campaigns').map((call) => call.body)).toEqual([
      {
        seller_id: 3,
        name: 'Spring tees',
        message: 'New tees are in',
        product_id: 501,
        audience: { kind: 'all' },
      },
    ]);
    await user.type(screen.getByLabelText('Name'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.to('PUT /campaigns/41')).toHaveLength(1));
    expect(api.to('PUT /campaigns/41')[0]?.body).toMatchObject({ name: 'Spring tees 2', seller_id: 3 });
    expect(api.to('POST /campaigns')).toHaveLength(1);
  });

  it('[I29] Schedule posts the wall-clock day and time and the chosen zone', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /products': products,
      'POST /campaigns/preview': { body: aPreview() },
      'POST /campaigns': { body: aCampaign() },
      'POST /campaigns/41/send': {
        body: aCampaign({
          state: 'scheduled',
          scheduled_at: '2026-12-01T08:55:00.000Z',
          schedule_zone: 'Australia/Sydney',
        }),
      },
      'GET /campaigns/41': {
        body: aCampaign({
          state: 'scheduled',
          scheduled_at: '2026-12-01T08:55:00.000Z',
          schedule_zone: 'Australia/Sydney',
        }),
      },
    });
    renderAdmin('/admin/campaigns/new');
    await user.type(await screen.findByLabelText('Name'), 'Spring tees');
    await user.click(screen.getByLabelText('Message'));
    await user.paste('New tees are in');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give the day and time to send at.');
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '19:55' } });
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Australia/Sydney');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Schedule this campaign?' });
    // [I34] One date style on screens: '1 Dec 2026, 7:55 pm (Sydney)', not '2026-12-01 19:55'.
    expect(dialog).toHaveTextContent('Texts start at 1 Dec 2026, 7:55 pm (Sydney).');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Scheduled for 1 Dec 2026, 7:55 pm (Sydney).')).toBeInTheDocument();
    expect(api.to('POST /campaigns/41/send').map((call) => call.body)).toEqual([
      { at: '2026-12-01 19:55', zone: 'Australia/Sydney' },
    ]);
  });

  it('[I29] a refused send shows the server’s words in the dialog and sends nothing else', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: vendor },
      'GET /products': products,
      'POST /campaigns/preview': { body: aPreview() },
      'POST /campaigns': { body: aCampaign() },
      'POST /campaigns/41/send': {
        status: 409,
        body: { message: 'This campaign has no recipients.', code: 'CONFLICT' },
      },
    });
    renderAdmin('/admin/campaigns/new');
    await user.type(await screen.findByLabelText('Name'), 'Spring tees');
    await user.click(screen.getByLabelText('Message'));
    await user.paste('New tees are in');
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This campaign has no recipients.');
  });
});

describe('[I29] the campaign page', () => {
  const sending = aCampaign({
    state: 'sending',
    started_at: '2026-11-24T09:05:00.000Z',
    results: results({
      recipients: 200,
      sent: 100,
      delivered: 90,
      failed: 4,
      clicked: 30,
      orders: 6,
      revenue_cents: 21_000,
      opted_out: 2,
      waiting_quiet_hours: 40,
      skipped_cap: 5,
      skipped_opted_out: 3,
      queued: 52,
      cost_cents: 1_600,
    }),
  });

  it('[I29] shows the results, the progress bar and the funnel from the campaign reply, and the CSV link', async () => {
    fakeApi({ 'GET /me': { body: vendor }, 'GET /campaigns/41': { body: sending } });
    renderAdmin('/admin/campaigns/41');
    const figures = await screen.findByRole('list', { name: 'Funnel' });
    const bar = screen.getByRole('progressbar', { name: 'Sent' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuemax', '200');
    expect(screen.getByTestId('progress-text')).toHaveTextContent('100 of 200 recipients sent (50%)');
    const steps = within(figures).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Sent100',
      'Delivered90 (90%)',
      'Clicked30 (30%)',
      'Ordered6 (6%)',
    ]);
    const text = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(text('Recipients')).toBe('200');
    expect(text('Delivered')).toBe('90');
    expect(text('Failed')).toBe('4');
    expect(text('Clicked')).toBe('30');
    expect(text('Orders')).toBe('6');
    expect(text('Revenue')).toBe('$210.00');
    expect(text('Opted out')).toBe('2');
    expect(text('Waiting (quiet hours)')).toBe('40');
    expect(text('Skipped (cap, opted out)')).toBe('8 (5 cap, 3 opted out)');
    expect(text('Cost')).toBe('$16.00');
    expect(screen.getByRole('link', { name: 'Download recipients (CSV)' })).toHaveAttribute(
      'href',
      '/admin/api/campaigns/41/recipients.csv',
    );
  });

  it('[I29] while sending: Pause and Cancel (no Resume); paused: Resume; Cancel asks first', async () => {
    const user = userEvent.setup();
    const paused = { ...sending, state: 'paused' as const };
    const cancelled = { ...sending, state: 'cancelled' as const };
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /campaigns/41': { body: sending },
      'POST /campaigns/41/pause': { body: paused },
      'POST /campaigns/41/cancel': { body: cancelled },
    });
    renderAdmin('/admin/campaigns/41');
    const pause = await screen.findByRole('button', { name: 'Pause' });
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel campaign' })).toBeInTheDocument();
    await user.click(pause);
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(api.to('POST /campaigns/41/pause')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Cancel campaign' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this campaign?' });
    expect(dialog).toHaveTextContent('the 100 not sent yet are dropped');
    expect(api.to('POST /campaigns/41/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel campaign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('POST /campaigns/41/cancel')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Pause|Resume|Cancel campaign/ })).toBeNull();
  });

  it('[I29] a sent campaign has no Pause, Resume or Cancel', async () => {
    fakeApi({ 'GET /me': { body: vendor }, 'GET /campaigns/41': { body: { ...sending, state: 'sent' } } });
    renderAdmin('/admin/campaigns/41');
    await screen.findByRole('list', { name: 'Funnel' });
    expect(screen.queryByRole('button', { name: /Pause|Resume|Cancel campaign/ })).toBeNull();
  });

  it('[I29] live: a sending campaign is fetched again every few seconds', async () => {
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /campaigns/41': [
        { body: sending },
        { body: { ...sending, results: { ...sending.results, sent: 150 } } },
      ],
    });
    renderAdmin('/admin/campaigns/41');
    await screen.findByRole('list', { name: 'Funnel' });
    await waitFor(() => expect(screen.getByTestId('progress-text')).toHaveTextContent('150 of 200'), {
      timeout: 8_000,
    });
    expect(api.to('GET /campaigns/41').length).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it('[I29] operators approve or refuse (a reason required) a campaign waiting for approval', async () => {
    const user = userEvent.setup();
    const review = aCampaign({ state: 'review' });
    const api = fakeApi({
      'GET /me': { body: operatorMe },
      'GET /dashboard': { status: 404, body: { message: 'No route', code: 'NOT_FOUND' } },
      'GET /campaigns/41': { body: review },
      'POST /campaigns/41/refuse': {
        body: aCampaign({ state: 'refused', review_reason: 'The offer has no end date.' }),
      },
    });
    renderAdmin('/admin/campaigns/41');
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuse this campaign' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why');
    expect(api.to('POST /campaigns/41/refuse')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'The offer has no end date.');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Refused: The offer has no end date.')).toBeInTheDocument();
    expect(api.to('POST /campaigns/41/refuse').map((call) => call.body)).toEqual([
      { reason: 'The offer has no end date.' },
    ]);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('[I29] an operator’s Approve posts approve', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: operatorMe },
      'GET /dashboard': { status: 404, body: { message: 'No route', code: 'NOT_FOUND' } },
      'GET /campaigns/41': { body: aCampaign({ state: 'review' }) },
      'POST /campaigns/41/approve': { body: aCampaign({ state: 'sending' }) },
    });
    renderAdmin('/admin/campaigns/41');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(api.to('POST /campaigns/41/approve')).toHaveLength(1);
  });

  it('[I29] a seller’s staff cannot approve or refuse; they see the refusal reason', async () => {
    fakeApi({ 'GET /me': { body: vendor }, 'GET /campaigns/41': { body: aCampaign({ state: 'review' }) } });
    const view = renderAdmin('/admin/campaigns/41');
    expect(await screen.findByText("Waiting for an operator's approval.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refuse' })).toBeNull();
    view.unmount();

    fakeApi({
      'GET /me': { body: vendor },
      'GET /campaigns/41': {
        body: aCampaign({ state: 'refused', review_reason: 'Say when the offer ends.' }),
      },
    });
    renderAdmin('/admin/campaigns/41');
    expect(await screen.findByText('Refused: Say when the offer ends.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit and send' })).toHaveAttribute(
      'href',
      '/admin/campaigns/41/edit',
    );
  });
});

describe('[I29] the campaigns list', () => {
  it('[I29] operators see the seller and filter by state; "Waiting for approval" asks for state=review', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: operatorMe },
      'GET /dashboard': { status: 404, body: { message: 'No route', code: 'NOT_FOUND' } },
      'GET /campaigns': {
        body: {
          items: [
            aCampaign({
              state: 'sent',
              results: results({ recipients: 200, sent: 190, clicked: 30, orders: 6, revenue_cents: 21_000 }),
            }),
          ],
          total: 1,
        },
      },
    });
    renderAdmin('/admin/campaigns');
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Spring tees');
    expect(row).toHaveTextContent('Harbour Goods');
    expect(row).toHaveTextContent('Sent');
    expect(row).toHaveTextContent('$210.00');
    await user.click(screen.getByRole('button', { name: 'Waiting for approval' }));
    await waitFor(() => expect(api.to('GET /campaigns').at(-1)?.query.get('state')).toBe('review'));
    expect(screen.getByLabelText('State')).toHaveValue('review');
  });

  it('[I29] a seller’s staff get no state filter and no seller name', async () => {
    fakeApi({
      'GET /me': { body: vendor },
      'GET /campaigns': { body: { items: [aCampaign()], total: 1 } },
    });
    renderAdmin('/admin/campaigns');
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    expect(within(table).getAllByRole('row')[1]).not.toHaveTextContent('Harbour Goods');
    expect(screen.queryByRole('button', { name: 'Waiting for approval' })).toBeNull();
    expect(screen.getByRole('link', { name: 'New campaign' })).toHaveAttribute(
      'href',
      '/admin/campaigns/new',
    );
  });
});

// ---------------------------------------------------------------- [I30] reply to buy

/** GET /products/:id as the back office answers it: a tee with two variants, or the simple product. */
function aProductDetail(overrides: Partial<VendorProduct> = {}): VendorProduct {
  return {
    id: 501,
    sku: 'TEE-1',
    kind: 'configurable',
    seller_id: 3,
    seller_name: 'Harbour Goods',
    name: 'Harbour tee',
    description: '',
    enabled: true,
    price_cents: 3_500,
    photos: [],
    colour_photos: [],
    variants: [
      {
        id: 601,
        sku: 'TEE-1-BLUE-M',
        colour_id: 1,
        colour: 'Blue',
        size: 'M',
        amount: null,
        price_cents: 3_500,
        stock: 4,
        enabled: true,
      },
      {
        id: 602,
        sku: 'TEE-1-RED-L',
        colour_id: 2,
        colour: 'Red',
        size: 'L',
        amount: null,
        price_cents: 3_900,
        stock: 0,
        enabled: true,
      },
    ],
    updated_at: '2026-11-24T09:00:00.000Z',
    ...overrides,
  };
}

describe('[I30] reply to buy', () => {
  it('[I30] a "Reply to buy" checkbox with one line on what it does; ticked for a simple product it saves reply_to_buy', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /products': products,
      'GET /products/501': { body: aProductDetail({ kind: 'simple', variants: [] }) },
      'POST /campaigns/preview': {
        body: aPreview({
          reply_to_buy: {
            text: 'Harbour Goods: New tees are in\nReply BUY to get it for $44.95 delivered to Bondi Beach\nOpt out: https://shop.example/u/xxxxxxxxxx',
            segments: 1,
          },
        }),
      },
      'POST /campaigns': { body: aCampaign({ reply_to_buy: true, offer_product_id: 501 }) },
      'GET /campaigns/41': { body: aCampaign({ reply_to_buy: true, offer_product_id: 501 }) },
    });
    renderAdmin('/admin/campaigns/new');
    await user.type(await screen.findByLabelText('Name'), 'Spring tees');
    await user.click(screen.getByLabelText('Message'));
    await user.paste('New tees are in');
    const box = screen.getByRole('checkbox', { name: 'Reply to buy' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/answering the text BUY, then YES/);
    await user.click(box);
    // Without a product the draft is not saved: the reply must buy one item.
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Reply to buy needs a product');
    expect(api.to('POST /campaigns')).toHaveLength(0);
    await user.click(await screen.findByRole('radio', { name: /Harbour tee/ }));
    await waitFor(() => expect(api.to('GET /products/501')).toHaveLength(1));
    // The preview asks with reply to buy on, and shows the text members with Buy by reply get.
    await waitFor(() =>
      expect(api.to('POST /campaigns/preview').at(-1)?.body).toMatchObject({
        reply_to_buy: true,
        product_id: 501,
      }),
    );
    const buyPhone = await screen.findByRole('figure', { name: 'Members with Buy by reply get' });
    expect(buyPhone).toHaveTextContent('Reply BUY to get it for $44.95 delivered to Bondi Beach');
    expect(screen.getByTestId('reply-to-buy-segments')).toHaveTextContent('1 segment');
    // A simple product is its own item: no variant to choose.
    expect(screen.queryByLabelText('Variant the reply buys')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.to('POST /campaigns')).toHaveLength(1));
    expect(api.to('POST /campaigns')[0]?.body).toEqual({
      name: 'Spring tees',
      message: 'New tees are in',
      product_id: 501,
      audience: { kind: 'all' },
      reply_to_buy: true,
      offer_product_id: null,
    });
  });

  it('[I30] a configurable product asks for the variant the reply buys, and saves it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /products': {
        body: {
          items: [aProduct({ kind: 'configurable', variant_count: 2 })],
          total: 1,
          page: 1,
          page_size: 20,
        },
      },
      'GET /products/501': { body: aProductDetail() },
      'POST /campaigns/preview': { body: aPreview() },
      'POST /campaigns': {
        body: aCampaign({ reply_to_buy: true, offer_product_id: 601, offer_variant: 'Blue, M' }),
      },
      'GET /campaigns/41': {
        body: aCampaign({ reply_to_buy: true, offer_product_id: 601, offer_variant: 'Blue, M' }),
      },
    });
    renderAdmin('/admin/campaigns/new');
    await user.type(await screen.findByLabelText('Name'), 'Spring tees');
    await user.click(screen.getByLabelText('Message'));
    await user.paste('New tees are in');
    await user.click(await screen.findByRole('radio', { name: /Harbour tee/ }));
    // Not asked before the box is ticked.
    expect(screen.queryByLabelText('Variant the reply buys')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Reply to buy' }));
    const picker = await screen.findByLabelText('Variant the reply buys');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a variant', 'Blue, M · $35.00 · 4 in stock', 'Red, L · $39.00 · 0 in stock']);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByRole('alert')).toHaveTextContent('choose the variant the reply buys');
    expect(api.to('POST /campaigns')).toHaveLength(0);
    await user.selectOptions(picker, 'Blue, M · $35.00 · 4 in stock');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.to('POST /campaigns')).toHaveLength(1));
    expect(api.to('POST /campaigns')[0]?.body).toMatchObject({
      product_id: 501,
      reply_to_buy: true,
      offer_product_id: 601,
    });
    // The edit shows it as saved: ticked, with its variant.
    expect(await screen.findByRole('heading', { name: 'Edit campaign' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Reply to buy' })).toBeChecked();
    expect(await screen.findByLabelText('Variant the reply buys')).toHaveValue('601');
  });

  it('[I30] unticked, the draft is saved without reply to buy (the server turns it off)', async () => {
    const user = userEvent.setup();
    const saved = aCampaign({ reply_to_buy: true, offer_product_id: 501 });
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /products': products,
      'GET /products/501': { body: aProductDetail({ kind: 'simple', variants: [] }) },
      'POST /campaigns/preview': { body: aPreview() },
      'GET /campaigns/41': { body: saved },
      'PUT /campaigns/41': { body: aCampaign() },
    });
    renderAdmin('/admin/campaigns/41/edit');
    const box = await screen.findByRole('checkbox', { name: 'Reply to buy' });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.to('PUT /campaigns/41')).toHaveLength(1));
    expect(api.to('PUT /campaigns/41')[0]?.body).not.toHaveProperty('reply_to_buy');
  });

  it('[I30] the campaign page says reply to buy is on with its variant, and counts the orders bought by reply', async () => {
    fakeApi({
      'GET /me': { body: vendor },
      'GET /campaigns/41': {
        body: aCampaign({
          state: 'sent',
          reply_to_buy: true,
          offer_product_id: 601,
          offer_variant: 'Blue, M',
          results: results({ recipients: 10, sent: 10, orders: 3, bought_by_reply: 2 }),
        }),
      },
    });
    renderAdmin('/admin/campaigns/41');
    const text = async (label: string) =>
      (await screen.findByText(label, { selector: 'dt' })).nextElementSibling?.textContent;
    expect(await text('Reply to buy')).toMatch(/^On · Blue, M/);
    expect(await text('Bought by reply')).toBe('2');
    expect(await text('Orders')).toBe('3');
  });

  it('[I30] a campaign without reply to buy says Off and shows no bought-by-reply figure', async () => {
    fakeApi({ 'GET /me': { body: vendor }, 'GET /campaigns/41': { body: aCampaign({ state: 'sent' }) } });
    renderAdmin('/admin/campaigns/41');
    expect(
      (await screen.findByText('Reply to buy', { selector: 'dt' })).nextElementSibling,
    ).toHaveTextContent('Off');
    expect(screen.queryByText('Bought by reply', { selector: 'dt' })).toBeNull();
  });
});

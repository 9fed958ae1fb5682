import type { Subscriber, SubscriberListReply } from '@quokka/contract/api/text-offers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMe } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

const vendor = aMe({
  staff: { id: 9, name: 'Sam Seller', mobile: '+61412000111', role: 'vendor', seller_id: 3 },
});

function aSubscriber(overrides: Partial<Subscriber> = {}): Subscriber {
  return {
    mobile: '+61412345678',
    seller_id: 3,
    state: 'subscribed',
    source: 'checkout',
    words: 'Text me offers from Harbour Goods',
    client_address: '203.0.113.7',
    requested_at: '2026-11-20T01:00:00.000Z',
    subscribed_at: '2026-11-20T01:00:00.000Z',
    unsubscribed_at: null,
    stopped_all: false,
    ...overrides,
  };
}

const list: SubscriberListReply = {
  items: [
    aSubscriber(),
    aSubscriber({
      mobile: '+61413000111',
      state: 'pending',
      source: 'import',
      client_address: null,
      subscribed_at: null,
    }),
  ],
  total: 2,
  subscribed: 1,
  pending: 1,
  unsubscribed: 4,
};

describe('[I29] subscribers', () => {
  it('[I29] shows the counts and each consent’s evidence, and exports the same filter as CSV', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /me': { body: vendor }, 'GET /subscribers': { body: list } });
    renderAdmin('/admin/subscribers');
    const table = await screen.findByRole('table', { name: 'Subscribers' });
    expect(screen.getByText('Unsubscribed', { selector: 'dt' }).nextElementSibling).toHaveTextContent('4');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('0412 345 678');
    expect(rows[1]).toHaveTextContent('Subscribed');
    expect(rows[1]).toHaveTextContent('Checkout box');
    expect(rows[1]).toHaveTextContent('from 203.0.113.7');
    expect(rows[1]).toHaveTextContent('“Text me offers from Harbour Goods”');
    expect(rows[2]).toHaveTextContent('Waiting for YES');
    expect(rows[2]).toHaveTextContent('Import');
    await user.selectOptions(screen.getByLabelText('State'), 'pending');
    await waitFor(() => expect(api.to('GET /subscribers').at(-1)?.query.get('state')).toBe('pending'));
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/admin/api/subscribers.csv?state=pending',
    );
  });

  it('[I29] import posts the pasted CSV and shows asked, already subscribed, stopped and the bad lines', async () => {
    const user = userEvent.setup();
    const csv = 'mobile,consent_source\n0412 345 678,market stall\nnot a number,market stall\n0413 000 111,';
    const api = fakeApi({
      'GET /me': { body: vendor },
      'GET /subscribers': { body: list },
      'POST /subscribers/import': {
        body: {
          rows: 4,
          asked: 1,
          already_subscribed: 1,
          stopped: 0,
          errors: [
            { line: 3, message: 'mobile: not an Australian mobile' },
            { line: 4, message: 'consent_source: must be given' },
          ],
        },
      },
    });
    renderAdmin('/admin/subscribers');
    expect(
      await screen.findByText(/Every\s+imported number first gets a text asking it to reply YES/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV file or paste its lines.');
    expect(api.to('POST /subscribers/import')).toHaveLength(0);
    await user.click(screen.getByLabelText('Or paste the lines'));
    await user.paste(csv);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const result = await screen.findByRole('status', { name: 'Import result' });
    expect(result).toHaveTextContent(
      '4 lines read: 1 asked to reply YES, 1 already subscribed, 0 stopped (not asked).',
    );
    expect(result).toHaveTextContent('2 lines were not imported');
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 3: mobile: not an Australian mobile', 'Line 4: consent_source: must be given']);
    expect(api.to('POST /subscribers/import').map((call) => call.body)).toEqual([{ csv }]);
  });

  it('[I29] an operator names the seller the list belongs to', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { status: 404, body: { message: 'No route', code: 'NOT_FOUND' } },
      'GET /subscribers': { body: list },
      'POST /subscribers/import': {
        body: { rows: 1, asked: 1, already_subscribed: 0, stopped: 0, errors: [] },
      },
    });
    renderAdmin('/admin/subscribers');
    await user.click(await screen.findByLabelText('Or paste the lines'));
    await user.paste('mobile,consent_source\n0412 345 678,stall');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give the number of the seller');
    await user.type(screen.getByLabelText('Seller number'), '3');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByRole('status', { name: 'Import result' });
    expect(api.to('POST /subscribers/import')[0]?.body).toEqual({
      seller_id: 3,
      csv: 'mobile,consent_source\n0412 345 678,stall',
    });
  });
});

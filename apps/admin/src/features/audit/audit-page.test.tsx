import type { AuditEntry, AuditReply } from '@quokka/contract/api/audit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe } from '../../test/factories';
import { fakeApi, type RecordedCall } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

// [I15-admin, I34] The audit log reads in words (who, did what, to what — linked — when, "28 Nov 2026,
// 4:53 pm"), and its filters (person, action, thing, Sydney days) live in the address and reach the API,
// paging kept.

const priceChange: AuditEntry = {
  id: 3,
  created_at: '2026-11-28T05:53:00.000Z',
  staff_id: 9,
  staff_name: 'Sam Seller',
  actor: 'staff:9',
  action: 'product.variant_updated',
  subject: 'product:14',
  before: { sku: 'TEE-1-RED-S', price_cents: 3650 },
  after: { sku: 'TEE-1-RED-S', price_cents: 4000 },
  who: { staff_id: 9, name: 'Sam Seller', role: 'vendor', seller_name: 'Harbour Goods', path: '/staff' },
  did: 'changed the price of a variant',
  thing: { kind: 'product', id: 14, label: 'Beach Run Tee', path: '/products/14' },
  changes: ['Price of TEE-1-RED-S: $36.50 → $40.00'],
};

const cliLine: AuditEntry = {
  id: 1,
  created_at: '2026-11-23T22:00:00.000Z',
  staff_id: null,
  staff_name: null,
  actor: 'cli',
  action: 'staff.added',
  subject: 'staff:7',
  before: null,
  after: { role: 'operator' },
  who: { staff_id: null, name: 'CLI', role: null, seller_name: null, path: null },
  did: 'added a member of staff',
  thing: { kind: 'staff', id: 7, label: 'Jo Operator', path: '/staff' },
  changes: [],
};

const reply = (items: AuditEntry[], overrides: Partial<AuditReply> = {}): AuditReply => ({
  items,
  total: items.length,
  page: 1,
  page_size: 50,
  choices: {
    people: [
      { id: 7, name: 'Jo Operator', role: 'operator', removed: false },
      { id: 9, name: 'Sam Seller', role: 'vendor', removed: false },
    ],
    actions: [
      { code: 'order.approved', words: 'Approved an order' },
      { code: 'product.variant_updated', words: 'Changed a variant' },
    ],
  },
  ...overrides,
});

const filtersOf = (call: RecordedCall | undefined) => Object.fromEntries(call?.query ?? []);

describe('[I34] audit log in words', () => {
  it('[I34] each row says who, did what, to what (linked) and when; before and after stay folded', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /audit': { body: reply([priceChange, cliLine]) },
    });
    renderAdmin('/admin/audit');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    const first = within(rows[1] as HTMLElement);
    expect(rows[1]).toHaveTextContent(
      /^28 Nov 2026, 4:53 pmSam Seller · Staff of Harbour Goodschanged the price of a variantBeach Run Tee/,
    );
    expect(rows[1]).toHaveTextContent('Price of TEE-1-RED-S: $36.50 → $40.00');
    expect(first.getByRole('link', { name: 'Beach Run Tee' })).toHaveAttribute('href', '/admin/products/14');
    expect(first.getByRole('link', { name: 'Sam Seller' })).toHaveAttribute('href', '/admin/staff');
    expect(first.getByRole('link', { name: 'History of Beach Run Tee' })).toHaveAttribute(
      'href',
      '/admin/audit?kind=product&thing_id=14',
    );
    expect(rows[1]).not.toHaveTextContent('product.variant_updated');
    expect(rows[1]).not.toHaveTextContent('product:14');

    const second = within(rows[2] as HTMLElement);
    expect(rows[2]).toHaveTextContent(/^24 Nov 2026, 9:00 amCLIadded a member of staffJo Operator/);
    expect(second.queryByRole('link', { name: 'CLI' })).toBeNull();

    const afterJson = first.getByText(/"price_cents": 4000/);
    expect(afterJson).not.toBeVisible();
    await user.click(first.getByText('After'));
    expect(afterJson).toBeVisible();
  });

  it('[I34] the filters come from the address, are sent to the API, and a new filter or page keeps the rest', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /audit': (call) => ({
        body: reply([priceChange], { total: 120, page: Number(call.query.get('page') ?? 1) }),
      }),
    });
    renderAdmin(
      '/admin/audit?staff_id=9&action=product.variant_updated&from=2026-11-28&to=2026-11-28&junk=1',
    );
    await screen.findByRole('table');
    expect(filtersOf(api.to('GET /audit')[0])).toEqual({
      staff_id: '9',
      action: 'product.variant_updated',
      from: '2026-11-28',
      to: '2026-11-28',
      page: '1',
    });
    expect(screen.getByLabelText('Person')).toHaveValue('9');
    expect(screen.getByLabelText('Action')).toHaveValue('product.variant_updated');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-28');

    // Another action and a thing: the person and days stay.
    await user.selectOptions(screen.getByLabelText('Action'), 'Approved an order');
    await user.selectOptions(screen.getByLabelText('About'), 'An order');
    await user.type(screen.getByLabelText('Its ID'), '3x');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await until(() => api.to('GET /audit').length >= 2);
    expect(filtersOf(api.to('GET /audit').at(-1))).toEqual({
      staff_id: '9',
      action: 'order.approved',
      kind: 'order',
      thing_id: '3',
      from: '2026-11-28',
      to: '2026-11-28',
      page: '1',
    });

    // The next page keeps every filter.
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await until(() => filtersOf(api.to('GET /audit').at(-1)).page === '2');
    expect(filtersOf(api.to('GET /audit').at(-1))).toMatchObject({ staff_id: '9', action: 'order.approved' });

    // Clear drops them all.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await until(() => Object.keys(filtersOf(api.to('GET /audit').at(-1))).join() === 'page');
    expect(screen.getByLabelText('Person')).toHaveValue('');
  });

  it('[I34] a bad filter is answered with the server’s words', async () => {
    fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /audit': {
        status: 400,
        body: {
          message: 'Invalid querystring: to: must be on or after the day in from',
          code: 'INPUT_VALIDATION',
        },
      },
    });
    renderAdmin('/admin/audit?from=2026-11-28&to=2026-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('to: must be on or after the day in from');
  });
});

/** Waits until `done` holds (the screen's next request has gone). */
const until = (done: () => boolean) => waitFor(() => expect(done()).toBe(true));

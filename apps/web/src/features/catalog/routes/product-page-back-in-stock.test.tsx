import { STOCK_ALERT_TEXTS, type StockAlertStatus } from '@quokka/contract/api/automations';
import type { Product } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../../lib/app-state';
import { renderApp } from '../../../test/render-app';
import {
  aConfigurableProduct,
  aSimpleProduct,
  stubCatalogApi,
  TEE,
  withStatus,
} from '../test/catalog-factories';

// [I31] The product page's "Text me when it's back" (components/back-in-stock.tsx): shown for a sold-out
// product or a sold-out colour's sizes, only when the seller offers it; a member taps once (and may say
// "Don't text me"); a visitor proves the mobile with the code in the box. The network is stubbed at fetch.

const NS = '/rest/default/V1/storefront';
const WORDS = STOCK_ALERT_TEXTS.words('Saltline Supply');

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  authorization: string | null;
}

/** The catalogue stub, with the back-in-stock and code calls answered here. */
function showProduct(
  product: Product,
  status: Partial<StockAlertStatus> = {},
  replies: Record<string, unknown> = {},
) {
  const catalogue = stubCatalogApi({ product, categories: [] });
  const seen: Seen[] = [];
  let current: StockAlertStatus = { offered: true, waiting: [], words: WORDS, ...status };
  const json = (body: unknown, statusCode = 200) =>
    statusCode === 200
      ? new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })
      : withStatus(statusCode, body);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const name = url.pathname.startsWith(`${NS}/`) ? url.pathname.slice(NS.length + 1) : '';
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    if (name.startsWith('stockAlerts') || name === 'sendmobilecode' || name === 'confirmmobilecode') {
      seen.push({
        method,
        path: name,
        query: url.searchParams,
        body,
        authorization: headers.get('authorization'),
      });
      const override = replies[`${method} ${name}`];
      if (override instanceof Response) return override;
      if (name === 'stockAlerts' && method === 'GET') return json(current);
      if (name === 'stockAlerts' && method === 'POST') {
        const id = Number(body?.product_id);
        if (headers.get('authorization')) current = { ...current, waiting: [...current.waiting, id] };
        return json({
          status: true,
          product_id: id,
          mobile: '0412 ••• 678',
          expires_at: '2027-01-28T01:00:00.000Z',
        });
      }
      if (method === 'DELETE') {
        const id = Number(name.split('/')[1]);
        current = { ...current, waiting: current.waiting.filter((item) => item !== id) };
        return json({ status: true });
      }
      if (name === 'sendmobilecode') return json({ status: true });
      if (name === 'confirmmobilecode') return json({ status: true, jwt: 'verified-mobile-token' });
    }
    return catalogue(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { ...renderApp(`/product/${product.id}`), seen };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const soldOut = () => screen.findByRole('region', { name: /^Sold out/ });

afterEach(() => signOut());

describe('[I31] back in stock on the product page', () => {
  it('[I31] a sold-out simple product offers "Text me when it’s back" with the consent words beside it; a member taps once, then may say "Don’t text me"', async () => {
    signIn('tok');
    const { user, seen } = showProduct(aSimpleProduct({ qty: 0 }));
    await heading('Saltline Trucker Cap');
    const box = await soldOut();
    const ask = await within(box).findByRole('button', { name: STOCK_ALERT_TEXTS.button });
    expect(ask).toHaveAccessibleDescription(WORDS);
    expect(seen[0]).toMatchObject({ method: 'GET', path: 'stockAlerts', authorization: 'Bearer tok' });
    expect(seen[0]!.query.get('product_id')).toBe(String(aSimpleProduct().id));
    await user.click(ask);
    expect(await within(box).findByText(STOCK_ALERT_TEXTS.waiting)).toBeInTheDocument();
    expect(seen.find((call) => call.method === 'POST')).toMatchObject({
      body: { product_id: aSimpleProduct().id },
      authorization: 'Bearer tok',
    });
    await user.click(within(box).getByRole('button', { name: STOCK_ALERT_TEXTS.cancel }));
    expect(await within(box).findByRole('button', { name: STOCK_ALERT_TEXTS.button })).toBeInTheDocument();
    expect(
      seen.some((call) => call.method === 'DELETE' && call.path === `stockAlerts/${aSimpleProduct().id}`),
    ).toBe(true);
  });

  it('[I31] an in-stock product never asks for the back-in-stock status (no call, no box)', async () => {
    const { seen } = showProduct(aSimpleProduct());
    await heading('Saltline Trucker Cap');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
    expect(screen.queryByRole('button', { name: STOCK_ALERT_TEXTS.button })).toBeNull();
  });

  it('[I31] not offered by the seller: nothing is shown', async () => {
    const { seen } = showProduct(aSimpleProduct({ qty: 0 }), { offered: false });
    await heading('Saltline Trucker Cap');
    await waitFor(() => expect(seen).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: STOCK_ALERT_TEXTS.button })).toBeNull();
    expect(screen.queryByText(WORDS)).toBeNull();
  });

  it('[I31] a colour with a sold-out size: the box names it, and the member asks for that child', async () => {
    signIn('tok');
    const tee = aConfigurableProduct();
    const { user, seen } = showProduct(tee);
    await heading(tee.name);
    // Nothing before a colour is chosen: the tee is in stock in some choice.
    expect(seen).toEqual([]);
    await user.click(
      within(screen.getByRole('group', { name: /^Color/ })).getByRole('button', { name: 'Navy' }),
    );
    const box = await soldOut();
    expect(within(box).getByRole('heading', { name: 'Sold out: Navy / M' })).toBeInTheDocument();
    await user.click(await within(box).findByRole('button', { name: STOCK_ALERT_TEXTS.button }));
    await within(box).findByText(STOCK_ALERT_TEXTS.waiting);
    const navyM = tee.configurable_products.find(
      (child) => child.options.color === TEE.NAVY && child.options.size === TEE.M,
    );
    expect(seen.find((call) => call.method === 'POST')?.body).toEqual({ product_id: navyM?.id });
    // The status is the product page's (the parent's).
    expect(seen[0]!.query.get('product_id')).toBe(String(tee.id));
  });

  it('[I31] a visitor gives a mobile, gets a code, confirms it, and the ask carries the code’s token; errors show under the fields', async () => {
    const { user, seen } = showProduct(
      aSimpleProduct({ qty: 0 }),
      {},
      {
        'POST confirmmobilecode': undefined,
      },
    );
    await heading('Saltline Trucker Cap');
    const box = await soldOut();
    await user.click(await within(box).findByRole('button', { name: STOCK_ALERT_TEXTS.button }));
    const mobile = within(box).getByRole('textbox', { name: MSG.mobileLabel });
    expect(mobile).toHaveFocus();
    // A bad number: said under the field, nothing sent.
    await user.type(mobile, '123');
    await user.click(within(box).getByRole('button', { name: MSG.sendCode }));
    expect(within(box).getByRole('alert')).toHaveTextContent(MSG.validMobile);
    expect(mobile).toHaveAccessibleDescription(MSG.validMobile);
    expect(seen.filter((call) => call.method === 'POST')).toEqual([]);
    await user.clear(mobile);
    await user.type(mobile, '0412345678{Enter}');
    const code = await within(box).findByRole('textbox', { name: MSG.codeLabel });
    expect(code).toHaveFocus();
    expect(seen.find((call) => call.path === 'sendmobilecode')?.body).toMatchObject({
      mobile: '+61412345678',
    });
    // An empty code: said under the field.
    await user.click(within(box).getByRole('button', { name: MSG.confirmCode }));
    expect(within(box).getByRole('alert')).toHaveTextContent(MSG.validCode);
    await user.type(code, '123456{Enter}');
    expect(await within(box).findByRole('status')).toHaveTextContent(
      'We’ll text 0412 ••• 678 once when it’s back.',
    );
    expect(seen.find((call) => call.path === 'confirmmobilecode')?.body).toMatchObject({
      mobile: '+61412345678',
      code: '123456',
    });
    expect(seen.find((call) => call.path === 'stockAlerts' && call.method === 'POST')).toMatchObject({
      body: { product_id: aSimpleProduct().id, jwt: 'verified-mobile-token' },
      authorization: null,
    });
  });

  it('[I31] a wrong code is said under the code field, and the ask is not sent', async () => {
    const { user, seen } = showProduct(
      aSimpleProduct({ qty: 0 }),
      {},
      {
        'POST confirmmobilecode': withStatus(400, { message: MSG.validCode, code: 'INVALID_DATA' }),
      },
    );
    await heading('Saltline Trucker Cap');
    const box = await soldOut();
    await user.click(await within(box).findByRole('button', { name: STOCK_ALERT_TEXTS.button }));
    await user.type(within(box).getByRole('textbox', { name: MSG.mobileLabel }), '0412345678{Enter}');
    const code = await within(box).findByRole('textbox', { name: MSG.codeLabel });
    await user.type(code, '000000{Enter}');
    await waitFor(() => expect(code).toHaveAccessibleDescription(MSG.validCode));
    expect(seen.some((call) => call.path === 'stockAlerts' && call.method === 'POST')).toBe(false);
  });
});

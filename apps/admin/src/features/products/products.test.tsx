// [I16-products] The products list and the product page, against the fake /admin/api.
import type { VendorProduct, VendorProductSummary } from '@quokka/contract/api/vendor-products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aDashboard, aMe, CSRF } from '../../test/factories';
import { fakeApi, stepUpRequired } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

const vendorMe = () =>
  aMe({ staff: { id: 9, name: 'Sam Seller', mobile: '+61412000999', role: 'vendor', seller_id: 3 } });

function aSummary(overrides: Partial<VendorProductSummary> = {}): VendorProductSummary {
  return {
    id: 5,
    sku: 'MUG-1',
    name: 'Harbour Mug',
    kind: 'simple',
    seller_id: 3,
    seller_name: 'Harbour Goods',
    enabled: true,
    price_cents: 1995,
    stock: 10,
    variant_count: 0,
    thumbnail_url: '/media/products/mug.jpg',
    ...overrides,
  };
}

function aProduct(overrides: Partial<VendorProduct> = {}): VendorProduct {
  return {
    id: 5,
    sku: 'MUG-1',
    kind: 'simple',
    seller_id: 3,
    seller_name: 'Harbour Goods',
    name: 'Harbour Mug',
    description: '<p>A mug.</p>',
    enabled: true,
    price_cents: 1995,
    photos: ['/media/products/a.jpg', '/media/products/b.jpg', '/media/products/c.jpg'],
    colour_photos: [],
    variants: [
      {
        id: 5,
        sku: 'MUG-1',
        colour_id: null,
        colour: null,
        size: null,
        amount: null,
        price_cents: 1995,
        stock: 10,
        enabled: true,
      },
    ],
    updated_at: '2026-11-24T09:00:00.000Z',
    ...overrides,
  };
}

const tee = () =>
  aProduct({
    id: 8,
    sku: 'TEE-1',
    kind: 'configurable',
    name: 'Crest Tee',
    colour_photos: [
      { colour_id: 2, colour: 'Red', url: '/media/products/red.jpg' },
      { colour_id: 3, colour: 'Blue', url: null },
    ],
    variants: [
      {
        id: 81,
        sku: 'TEE-1-RED-S',
        colour_id: 2,
        colour: 'Red',
        size: 'S',
        amount: null,
        price_cents: 2500,
        stock: 2,
        enabled: true,
      },
      {
        id: 82,
        sku: 'TEE-1-BLUE-S',
        colour_id: 3,
        colour: 'Blue',
        size: 'S',
        amount: null,
        price_cents: 3000,
        stock: 4,
        enabled: true,
      },
    ],
  });

const list = (items: VendorProductSummary[]) => ({
  body: { items, total: items.length, page: 1, page_size: 50 },
});

describe('[I16-products] products list', () => {
  it('a vendor sees their products with photo, price, stock and on/off sale, searches by name or sku; no seller filter', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products': list([
        aSummary(),
        aSummary({
          id: 8,
          sku: 'TEE-1',
          name: 'Crest Tee',
          kind: 'configurable',
          variant_count: 6,
          price_cents: 2500,
          stock: 11,
          enabled: false,
          thumbnail_url: '/media/products/tee-drawing-1a2b3c4d5e.svg',
        }),
      ]),
    });
    renderAdmin('/admin/products');
    const mug = (await screen.findByRole('link', { name: 'Harbour Mug' })).closest('tr') as HTMLElement;
    expect(within(mug).getByText('$19.95')).toBeInTheDocument();
    expect(within(mug).getByText('10')).toBeInTheDocument();
    expect(within(mug).getByText('On sale')).toBeInTheDocument();
    expect(mug.querySelector('img')).toHaveAttribute('src', '/media/products/mug.jpg?w=160');
    const teeRow = screen.getByRole('link', { name: 'Crest Tee' }).closest('tr') as HTMLElement;
    expect(within(teeRow).getByText('from $25.00')).toBeInTheDocument();
    expect(within(teeRow).getByText('Off sale')).toBeInTheDocument();
    // A demo drawing is answered as drawn: no width asked (the media route refuses one for an SVG).
    expect(teeRow.querySelector('img')).toHaveAttribute('src', '/media/products/tee-drawing-1a2b3c4d5e.svg');
    expect(screen.getByRole('link', { name: 'Crest Tee' })).toHaveAttribute('href', '/admin/products/8');
    expect(screen.queryByLabelText('Seller')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Search products'), ' mug ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.to('GET /products').at(-1)?.query.get('q')).toBe('mug'));
  });

  it('an operator filters by seller; a failure shows the server’s words', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /products/review': { body: { products: [], changes: [] } },
      'GET /products': [
        list([
          aSummary(),
          aSummary({ id: 9, sku: 'BOWL-1', name: 'Bowl', seller_id: 4, seller_name: 'Outback' }),
        ]),
        { status: 400, body: { message: 'Search for at most 100 characters.', code: 'INVALID_DATA' } },
      ],
    });
    renderAdmin('/admin/products');
    await screen.findByRole('link', { name: 'Bowl' });
    // The sellers' options come from the list's rows, in an effect after it shows.
    await screen.findByRole('option', { name: 'Outback' });
    await user.selectOptions(screen.getByLabelText('Seller'), 'Outback');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Search for at most 100 characters.');
    expect(api.to('GET /products').at(-1)?.query.get('seller_id')).toBe('4');
  });
});

describe('[I16-products] product page', () => {
  it('[I34-variants] a simple product: its one row is checked (old → new) and sent to the one Save route in cents, stock untouched', async () => {
    const user = userEvent.setup();
    const saved = aProduct({ variants: [{ ...aProduct().variants[0]!, price_cents: 2450 }] });
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': { body: aProduct() },
      'PATCH /products/5/variants': { body: saved },
    });
    renderAdmin('/admin/products/5');
    const price = await screen.findByLabelText('Price of MUG-1');
    expect(price).toHaveValue('19.95');
    await user.clear(price);
    await user.type(price, '24.50');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const check = await screen.findByRole('dialog', { name: 'Save 1 variant?' });
    expect(check).toHaveTextContent('Price $19.95 → $24.50');
    expect(check).not.toHaveTextContent('Stock');
    await user.click(within(check).getByRole('button', { name: 'Save 1 variant' }));
    expect(await screen.findByText('Saved 1 variant.')).toBeInTheDocument();
    const sent = api.to('PATCH /products/5/variants')[0];
    // $24.50 = 2450 cents; stock not changed so not sent.
    expect(sent?.body).toEqual({ variants: [{ id: 5, price_cents: 2450 }] });
    expect(sent?.headers['x-csrf-token']).toBe(CSRF);
  });

  it('[I34-variants] one Save for many rows: the check lists each changed row old → new, and one call sends them all', async () => {
    const user = userEvent.setup();
    const product = tee();
    const after = tee();
    after.variants = [
      { ...product.variants[0]!, price_cents: 2700, stock: 5 },
      { ...product.variants[1]!, enabled: false },
    ];
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/8': { body: product },
      'PATCH /products/8/variants': { body: after },
    });
    renderAdmin('/admin/products/8');
    // One Save for the whole table, none per row.
    await screen.findByLabelText('Price of TEE-1-RED-S');
    expect(screen.getAllByRole('button', { name: /^Save/ })).toHaveLength(2); // Save details, Save changes
    expect(screen.queryByRole('button', { name: /^Save TEE/ })).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Price of TEE-1-RED-S'));
    await user.type(screen.getByLabelText('Price of TEE-1-RED-S'), '27');
    await user.clear(screen.getByLabelText('Stock of TEE-1-RED-S'));
    await user.type(screen.getByLabelText('Stock of TEE-1-RED-S'), '5');
    await user.click(screen.getByRole('checkbox', { name: 'TEE-1-BLUE-S on sale' }));
    expect(screen.getByText('2 rows changed, not saved yet.')).toBeInTheDocument();
    // Leaving the page now asks first.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const check = await screen.findByRole('dialog', { name: 'Save 2 variants?' });
    const rows = within(check)
      .getAllByRole('listitem')
      .filter((item) => item.querySelector('strong'));
    expect(rows.map((row) => row.textContent)).toEqual([
      'TEE-1-RED-S · Red, SPrice $25.00 → $27.00Stock 2 → 5',
      'TEE-1-BLUE-S · Blue, SOn sale → Off sale',
    ]);
    // The safe answer has the focus; going back sends nothing and keeps what was typed.
    expect(within(check).getByRole('button', { name: 'Go back' })).toHaveFocus();
    await user.click(within(check).getByRole('button', { name: 'Go back' }));
    expect(api.to('PATCH /products/8/variants')).toHaveLength(0);
    expect(screen.getByLabelText('Price of TEE-1-RED-S')).toHaveValue('27');
    // Undo changes puts every row back as it was loaded.
    await user.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(screen.getByLabelText('Price of TEE-1-RED-S')).toHaveValue('25.00');
    expect(screen.getByRole('checkbox', { name: 'TEE-1-BLUE-S on sale' })).toBeChecked();
    await user.clear(screen.getByLabelText('Price of TEE-1-RED-S'));
    await user.type(screen.getByLabelText('Price of TEE-1-RED-S'), '27');
    await user.clear(screen.getByLabelText('Stock of TEE-1-RED-S'));
    await user.type(screen.getByLabelText('Stock of TEE-1-RED-S'), '5');
    await user.click(screen.getByRole('checkbox', { name: 'TEE-1-BLUE-S on sale' }));

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save 2 variants' }),
    );
    expect(await screen.findByText('Saved 2 variants.')).toBeInTheDocument();
    expect(api.to('PATCH /products/8/variants').map((call) => call.body)).toEqual([
      {
        variants: [
          { id: 81, price_cents: 2700, stock: 5, expected_stock: 2 },
          { id: 82, enabled: false },
        ],
      },
    ]);
    expect(screen.queryByText(/rows? changed/)).not.toBeInTheDocument();
    const leavingSaved = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leavingSaved);
    expect(leavingSaved.defaultPrevented).toBe(false);
  });

  it('[I34-variants] a refused save names the row: the server’s variants.1.price_cents is said as that row’s SKU', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/8': { body: tee() },
      'PATCH /products/8/variants': {
        status: 400,
        body: {
          status: false,
          message: 'Invalid body: variants.1.price_cents: must be at most $1,000,000',
          code: 'INPUT_VALIDATION',
          input_validation: { 'variants.1.price_cents': ['must be at most $1,000,000'] },
        },
      },
    });
    renderAdmin('/admin/products/8');
    await user.clear(await screen.findByLabelText('Stock of TEE-1-RED-S'));
    await user.type(screen.getByLabelText('Stock of TEE-1-RED-S'), '3');
    await user.clear(screen.getByLabelText('Price of TEE-1-BLUE-S'));
    await user.type(screen.getByLabelText('Price of TEE-1-BLUE-S'), '31');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save 2 variants' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'TEE-1-BLUE-S, price: must be at most $1,000,000. Nothing was saved.',
    );
  });

  it('stock is sent with the stock loaded; a 409 (an order took some) shows the server’s words and the stock now', async () => {
    const user = userEvent.setup();
    const conflict =
      'The stock of MUG-1 is now 7 (it was 10 when you opened it; an order may have taken some). Check it and save again. Nothing was saved.';
    const moved = aProduct({ variants: [{ ...aProduct().variants[0]!, stock: 7 }] });
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': [{ body: aProduct() }, { body: moved }],
      'PATCH /products/5/variants': { status: 409, body: { message: conflict, code: 'CONFLICT' } },
    });
    renderAdmin('/admin/products/5');
    const stock = await screen.findByLabelText('Stock of MUG-1');
    await user.clear(stock);
    await user.type(stock, '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save 1 variant' }),
    );
    expect(await screen.findByText(conflict)).toBeInTheDocument();
    expect(api.to('PATCH /products/5/variants')[0]?.body).toEqual({
      variants: [{ id: 5, stock: 12, expected_stock: 10 }],
    });
    // The product is read again: the stock now shows beside what was typed, which stays to save again.
    expect(await screen.findByText('Now 7')).toBeInTheDocument();
    expect(screen.getByLabelText('Stock of MUG-1')).toHaveValue('12');
  });

  it('a price that is no amount is refused in its row, and nothing is sent', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /me': { body: vendorMe() }, 'GET /products/5': { body: aProduct() } });
    renderAdmin('/admin/products/5');
    const price = await screen.findByLabelText('Price of MUG-1');
    await user.clear(price);
    await user.type(price, '12.345');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Give at most 2 digits after the point (the cents), e.g. 36.50.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('One row needs a look before saving: MUG-1 (price)');
    expect(price).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.to('PATCH /products/5/variants')).toHaveLength(0);
  });

  it('[I27-amounts] "36,50" typed as a price is refused with a field message, and nothing is sent', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /me': { body: vendorMe() }, 'GET /products/5': { body: aProduct() } });
    renderAdmin('/admin/products/5');
    const price = await screen.findByLabelText('Price of MUG-1');
    for (const typed of ['36,50', '1,234', '1.234,50', '36.50 AUD']) {
      await user.clear(price);
      await user.type(price, typed);
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(
        await screen.findByText(
          typed === '36.50 AUD'
            ? 'Enter the amount in digits, with a point before the cents, e.g. 36.50.'
            : 'Use a point before the cents and no commas, e.g. 36.50 or 1234.50.',
        ),
      ).toBeInTheDocument();
      expect(price).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('Stock of MUG-1')).not.toHaveAttribute('aria-invalid');
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.to('PATCH /products/5/variants')).toHaveLength(0);
  });

  it('[I27-price-confirm] $36.50 to $365.00: the check asks "Change $36.50 to $365.00?" first; Go back sends nothing, Save sends it', async () => {
    const user = userEvent.setup();
    const at = (cents: number) =>
      aProduct({ variants: [{ ...aProduct().variants[0]!, price_cents: cents }] });
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': { body: at(3650) },
      'PATCH /products/5/variants': { body: at(36_500) },
    });
    renderAdmin('/admin/products/5');
    const price = await screen.findByLabelText('Price of MUG-1');
    expect(price).toHaveValue('36.50');
    await user.clear(price);
    await user.type(price, '365');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save 1 variant?' });
    expect(dialog).toHaveTextContent('Change $36.50 to $365.00?');
    expect(dialog).toHaveTextContent('more than 5 times the price now ($36.50)');
    expect(api.to('PATCH /products/5/variants')).toHaveLength(0);
    // The safe answer has the focus: Enter goes back.
    expect(within(dialog).getByRole('button', { name: 'Go back' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.to('PATCH /products/5/variants')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save 1 variant' }),
    );
    expect(await screen.findByText('Saved 1 variant.')).toBeInTheDocument();
    expect(api.to('PATCH /products/5/variants').map((call) => call.body)).toEqual([
      { variants: [{ id: 5, price_cents: 36_500 }] },
    ]);

    // A change within 5 times and a tenth is checked without the warning.
    await user.clear(price);
    await user.type(price, '300');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const plain = await screen.findByRole('dialog', { name: 'Save 1 variant?' });
    expect(plain).toHaveTextContent('Price $365.00 → $300.00');
    expect(plain).not.toHaveTextContent('Change $365.00');
  });

  it('[I27-price-confirm] a price below a tenth (to $0.00) is called out too', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /me': { body: vendorMe() }, 'GET /products/5': { body: aProduct() } });
    renderAdmin('/admin/products/5');
    const price = await screen.findByLabelText('Price of MUG-1');
    await user.clear(price);
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save 1 variant?' });
    expect(dialog).toHaveTextContent('Change $19.95 to $0.00?');
    expect(dialog).toHaveTextContent('less than a tenth of the price now ($19.95)');
  });

  it('[I27-price-step-up] a price change the server asks a passkey for: the check runs and the save is sent again, once', async () => {
    const user = userEvent.setup();
    const saved = aProduct({ variants: [{ ...aProduct().variants[0]!, price_cents: 950 }] });
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': { body: aProduct() },
      'PATCH /products/5/variants': [stepUpRequired, { body: saved }],
      'POST /step-up/options': { body: { challenge: 'c3RlcC11cA', allowCredentials: [] } },
      'POST /step-up': { body: { status: true, ...vendorMe() } },
    });
    const { webauthn } = renderAdmin('/admin/products/5');
    const price = await screen.findByLabelText('Price of MUG-1');
    await user.clear(price);
    await user.type(price, '9.50'); // $19.95 → $9.50: down by more than half
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save 1 variant' }),
    );
    expect(await screen.findByText('Saved 1 variant.')).toBeInTheDocument();
    expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1);
    expect(
      api.calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
    ).toEqual([
      'PATCH /products/5/variants',
      'POST /step-up/options',
      'POST /step-up',
      'PATCH /products/5/variants',
    ]);
    const [refused, retried] = api.to('PATCH /products/5/variants');
    expect(retried?.body).toEqual(refused?.body);
    expect(retried?.body).toEqual({ variants: [{ id: 5, price_cents: 950 }] });
  });

  it('name and description are saved; a server refusal shows its words', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': { body: aProduct() },
      'PATCH /products/5': [
        { body: aProduct({ name: 'Big Mug' }) },
        {
          status: 400,
          body: {
            message: 'Invalid request.',
            code: 'INPUT_VALIDATION',
            input_validation: { name: ['must be at most 200 characters'] },
          },
        },
      ],
    });
    renderAdmin('/admin/products/5');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Big Mug');
    await user.clear(screen.getByLabelText('Description'));
    await user.type(screen.getByLabelText('Description'), 'Holds a lot.');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Details saved.')).toBeInTheDocument();
    expect(api.to('PATCH /products/5')[0]?.body).toEqual({ name: 'Big Mug', description: 'Holds a lot.' });
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Name must be at most 200 characters')).toBeInTheDocument(); // [I34] named
  });

  it('[I27-text] a name of only zero-width characters or with U+202E is refused on the page, and nothing is sent', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /me': { body: vendorMe() }, 'GET /products/5': { body: aProduct() } });
    renderAdmin('/admin/products/5');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, '\u200b\u200b');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('The name must contain a visible character.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Mug \u202egpj.exe');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(
      await screen.findByText('The name must not contain text-direction controls (such as U+202E).'),
    ).toBeInTheDocument();
    expect(api.to('PATCH /products/5')).toHaveLength(0);
  });

  it('take off sale and put back', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': { body: aProduct() },
      'PATCH /products/5': { body: aProduct({ enabled: false }) },
    });
    renderAdmin('/admin/products/5');
    await user.click(await screen.findByRole('button', { name: 'Take off sale' }));
    expect(await screen.findByText('Off sale: shoppers no longer see it.')).toBeInTheDocument();
    expect(api.to('PATCH /products/5')[0]?.body).toEqual({ enabled: false });
    expect(screen.getByRole('button', { name: 'Put on sale' })).toBeInTheDocument();
  });

  it('[I34-photos] Make main in one tap; a photo moved by its handle with the arrow keys; remove; a refused picture shows the server’s words', async () => {
    const user = userEvent.setup();
    const [a, b, c] = ['/media/products/a.jpg', '/media/products/b.jpg', '/media/products/c.jpg'];
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': { body: aProduct({ photos: [a, b, c] }) },
      'PUT /products/5/photos/order': [
        { body: aProduct({ photos: [c, a, b] }) },
        { body: aProduct({ photos: [c, b, a] }) },
      ],
      'DELETE /products/5/photos/2': { body: aProduct({ photos: [c, b] }) },
      'POST /products/5/photos': {
        status: 400,
        body: { message: 'The photo is a HEIC photo: export it as JPEG.', code: 'INVALID_DATA' },
      },
    });
    renderAdmin('/admin/products/5');
    // The main photo has no Make main; photo 3 goes to the front in one tap.
    await screen.findByRole('button', { name: 'Make main: photo 2' });
    expect(screen.queryByRole('button', { name: 'Make main: photo 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make main: photo 3' }));
    expect(await screen.findByText('Main photo changed.')).toBeInTheDocument();
    expect(api.to('PUT /products/5/photos/order')[0]?.body).toEqual({ photos: [c, a, b] });
    expect(screen.getByRole('img', { name: 'Harbour Mug, main' })).toHaveAttribute('src', `${c}?w=240`);

    // The keyboard: the handle of photo 2 (a) with ArrowDown goes one place later, and keeps the focus.
    const handle = screen.getByRole('button', { name: 'Move photo 2' });
    expect(handle).toHaveAccessibleDescription(
      'To move a photo, drag it by ⠿, or tab to ⠿ and use the arrow keys.',
    );
    handle.focus();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByText('Photo moved: it is now photo 3.')).toBeInTheDocument();
    expect(api.to('PUT /products/5/photos/order')[1]?.body).toEqual({ photos: [c, b, a] });
    expect(screen.getByRole('button', { name: 'Move photo 3' })).toHaveFocus();
    // Past the end nothing is sent.
    await user.keyboard('{ArrowDown}');
    expect(api.to('PUT /products/5/photos/order')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(await screen.findByText('Photo removed.')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Add photos (up to 2 more)'),
      new File(['x'], 'photo.heic', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The photo is a HEIC photo: export it as JPEG.',
    );
  });

  it('[I34-photos] a photo dragged by its handle (a pointer) to the front: the list shows it there as it moves, one save on release', async () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => `/media/products/${name}.jpg`);
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': { body: aProduct({ photos: [a!, b!, c!, d!] }) },
      'PUT /products/5/photos/order': { body: aProduct({ photos: [d!, a!, b!, c!] }) },
    });
    renderAdmin('/admin/products/5');
    const handle = await screen.findByRole('button', { name: 'Move photo 4' });
    // jsdom lays nothing out: the cards are stacked 100 px high, one under the other.
    const rects = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const index = this.parentElement ? [...this.parentElement.children].indexOf(this) : 0;
      return {
        left: 0,
        right: 300,
        top: index * 100,
        bottom: index * 100 + 100,
        width: 300,
        height: 100,
      } as DOMRect;
    });
    try {
      fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientX: 20, clientY: 350 });
      fireEvent.pointerMove(handle, { pointerId: 1, clientX: 20, clientY: 150 });
      fireEvent.pointerMove(handle, { pointerId: 1, clientX: 20, clientY: 40 });
      // Shown at the front while it moves; nothing is sent until the finger lifts.
      expect(screen.getByRole('img', { name: 'Harbour Mug, main' })).toHaveAttribute('src', `${d}?w=240`);
      expect(api.to('PUT /products/5/photos/order')).toHaveLength(0);
      fireEvent.pointerUp(handle, { pointerId: 1, clientX: 20, clientY: 40 });
    } finally {
      rects.mockRestore();
    }
    expect(await screen.findByText('Main photo changed.')).toBeInTheDocument();
    expect(api.to('PUT /products/5/photos/order').map((call) => call.body)).toEqual([
      { photos: [d, a, b, c] },
    ]);
  });

  it('[I34-photos] several photos picked at once are added up to 4; with 4, Replace puts a new one in place, no Remove first', async () => {
    const user = userEvent.setup();
    const two = ['/media/products/a.jpg', '/media/products/b.jpg'];
    const three = [...two, '/media/products/n1.jpg'];
    const four = [...three, '/media/products/n2.jpg'];
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': { body: aProduct({ photos: two }) },
      'POST /products/5/photos': [
        { body: aProduct({ photos: three }) },
        { body: aProduct({ photos: four }) },
      ],
      'PUT /products/5/photos/0': {
        body: aProduct({ photos: ['/media/products/r.jpg', ...four.slice(1)] }),
      },
    });
    renderAdmin('/admin/products/5');
    const picked = ['n1.png', 'n2.png', 'n3.png'].map(
      (name) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' }),
    );
    await user.upload(await screen.findByLabelText('Add photos (up to 2 more)'), picked);
    expect(
      await screen.findByText(
        '2 photos added. One more was not added: a product has at most 4 photos (use Replace).',
      ),
    ).toBeInTheDocument();
    const uploads = api.to('POST /products/5/photos');
    expect(uploads).toHaveLength(2);
    expect(uploads[0]?.headers['content-type']).toBe('image/png');
    expect(uploads[0]?.headers['x-csrf-token']).toBe(CSRF);
    // Full: no add field, and the way on is said.
    expect(screen.queryByLabelText(/Add photos/)).not.toBeInTheDocument();
    expect(
      screen.getByText(/To use another, choose Replace on the photo it takes the place of/),
    ).toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('Replace the main photo'),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'r.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('New main photo saved.')).toBeInTheDocument();
    expect(api.to('PUT /products/5/photos/0')[0]?.headers['content-type']).toBe('image/jpeg');
    expect(screen.getByRole('img', { name: 'Harbour Mug, main' })).toHaveAttribute(
      'src',
      '/media/products/r.jpg?w=240',
    );
  });

  it('a product with variants: a row per variant with colour and size, and a picture per colour', async () => {
    const user = userEvent.setup();
    const withBlue = tee();
    withBlue.colour_photos = [
      { colour_id: 2, colour: 'Red', url: '/media/products/red.jpg' },
      { colour_id: 3, colour: 'Blue', url: '/media/products/blue.jpg' },
    ];
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/8': { body: tee() },
      'PUT /products/8/colours/3/photo': { body: withBlue },
      'DELETE /products/8/colours/2/photo': { body: tee() },
    });
    renderAdmin('/admin/products/8');
    const row = (await screen.findByLabelText('Price of TEE-1-BLUE-S')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Blue')).toBeInTheDocument();
    expect(within(row).getByText('S')).toBeInTheDocument();
    expect(screen.getByLabelText('Stock of TEE-1-RED-S')).toHaveValue('2');
    expect(screen.getByText('No picture (the main photo shows)')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Picture for Blue'),
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'blue.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('Blue picture saved.')).toBeInTheDocument();
    expect(api.to('PUT /products/8/colours/3/photo')[0]?.headers['content-type']).toBe('image/jpeg');
    await user.click(screen.getByRole('button', { name: 'Remove the Red picture' }));
    expect(await screen.findByText('Red picture removed.')).toBeInTheDocument();
  });

  it('another seller’s product (404) shows the server’s words', async () => {
    fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/77': { status: 404, body: { message: 'There is no such product.', code: 'NOT_FOUND' } },
    });
    renderAdmin('/admin/products/77');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such product.');
  });
});

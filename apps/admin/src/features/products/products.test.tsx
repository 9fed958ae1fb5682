// [I16-products] The products list and the product page, against the fake /admin/api.
import type { VendorProduct, VendorProductSummary } from '@quokka/contract/api/vendor-products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
  it('a vendor changes the price of a simple product: PATCH in cents with the stock untouched, and "Saved"', async () => {
    const user = userEvent.setup();
    const saved = aProduct({ variants: [{ ...aProduct().variants[0]!, price_cents: 2450 }] });
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': { body: aProduct() },
      'PATCH /products/5/variants/5': { body: saved },
    });
    renderAdmin('/admin/products/5');
    const price = await screen.findByLabelText('Price of MUG-1');
    expect(price).toHaveValue('19.95');
    await user.clear(price);
    await user.type(price, '24.50');
    await user.click(screen.getByRole('button', { name: 'Save MUG-1' }));
    expect(await screen.findByText('Saved: $24.50, 10 in stock.')).toBeInTheDocument();
    const sent = api.to('PATCH /products/5/variants/5')[0];
    // $24.50 = 2450 cents; stock not changed so not sent.
    expect(sent?.body).toEqual({ price_cents: 2450 });
    expect(sent?.headers['x-csrf-token']).toBe(CSRF);
  });

  it('stock is sent with the stock loaded; a 409 (an order took some) shows the server’s words and the stock now', async () => {
    const user = userEvent.setup();
    const conflict =
      'The stock of MUG-1 is now 7 (it was 10 when you opened it; an order may have taken some). Check it and save again.';
    const moved = aProduct({ variants: [{ ...aProduct().variants[0]!, stock: 7 }] });
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': [{ body: aProduct() }, { body: moved }],
      'PATCH /products/5/variants/5': { status: 409, body: { message: conflict, code: 'CONFLICT' } },
    });
    renderAdmin('/admin/products/5');
    const stock = await screen.findByLabelText('Stock of MUG-1');
    await user.clear(stock);
    await user.type(stock, '12');
    await user.click(screen.getByRole('button', { name: 'Save MUG-1' }));
    expect(await screen.findByText(conflict)).toBeInTheDocument();
    expect(api.to('PATCH /products/5/variants/5')[0]?.body).toEqual({ stock: 12, expected_stock: 10 });
    // The product is read again: the stock now shows beside what was typed, which stays to save again.
    expect(await screen.findByText('Now 7')).toBeInTheDocument();
    expect(screen.getByLabelText('Stock of MUG-1')).toHaveValue('12');
  });

  it('a price that is no amount is refused on the page, and nothing is sent', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /me': { body: vendorMe() }, 'GET /products/5': { body: aProduct() } });
    renderAdmin('/admin/products/5');
    const price = await screen.findByLabelText('Price of MUG-1');
    await user.clear(price);
    await user.type(price, '12.345');
    await user.click(screen.getByRole('button', { name: 'Save MUG-1' }));
    expect(
      await screen.findByText('Give at most 2 digits after the point (the cents), e.g. 36.50.'),
    ).toBeInTheDocument();
    expect(api.to('PATCH /products/5/variants/5')).toHaveLength(0);
  });

  it('[I27-amounts] "36,50" typed as a price is refused with a field message, and nothing is sent', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /me': { body: vendorMe() }, 'GET /products/5': { body: aProduct() } });
    renderAdmin('/admin/products/5');
    const price = await screen.findByLabelText('Price of MUG-1');
    for (const typed of ['36,50', '1,234', '1.234,50', '36.50 AUD']) {
      await user.clear(price);
      await user.type(price, typed);
      await user.click(screen.getByRole('button', { name: 'Save MUG-1' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        typed === '36.50 AUD'
          ? 'Enter the amount in digits, with a point before the cents, e.g. 36.50.'
          : 'Use a point before the cents and no commas, e.g. 36.50 or 1234.50.',
      );
      expect(price).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText('Stock of MUG-1')).not.toHaveAttribute('aria-invalid');
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.to('PATCH /products/5/variants/5')).toHaveLength(0);
  });

  it('[I27-price-confirm] $36.50 to $365.00 asks "Change $36.50 to $365.00?" first: Keep sends nothing, Change sends it', async () => {
    const user = userEvent.setup();
    const at = (cents: number) =>
      aProduct({ variants: [{ ...aProduct().variants[0]!, price_cents: cents }] });
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': { body: at(3650) },
      'PATCH /products/5/variants/5': { body: at(36_500) },
    });
    renderAdmin('/admin/products/5');
    const price = await screen.findByLabelText('Price of MUG-1');
    expect(price).toHaveValue('36.50');
    await user.clear(price);
    await user.type(price, '365');
    await user.click(screen.getByRole('button', { name: 'Save MUG-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change $36.50 to $365.00?' });
    expect(dialog).toHaveTextContent('more than 5 times the price now ($36.50)');
    expect(api.to('PATCH /products/5/variants/5')).toHaveLength(0);
    // The safe answer has the focus: Enter keeps the price.
    expect(within(dialog).getByRole('button', { name: 'Keep $36.50' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep $36.50' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.to('PATCH /products/5/variants/5')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save MUG-1' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change to $365.00' }),
    );
    expect(await screen.findByText('Saved: $365.00, 10 in stock.')).toBeInTheDocument();
    expect(api.to('PATCH /products/5/variants/5').map((call) => call.body)).toEqual([
      { price_cents: 36_500 },
    ]);

    // A change within 5 times and a tenth is saved without asking.
    await user.clear(price);
    await user.type(price, '36.50');
    await user.click(screen.getByRole('button', { name: 'Save MUG-1' }));
    await waitFor(() => expect(api.to('PATCH /products/5/variants/5')).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('[I27-price-confirm] a price below a tenth (to $0.00) asks too', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /me': { body: vendorMe() }, 'GET /products/5': { body: aProduct() } });
    renderAdmin('/admin/products/5');
    const price = await screen.findByLabelText('Price of MUG-1');
    await user.clear(price);
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'Save MUG-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change $19.95 to $0.00?' });
    expect(dialog).toHaveTextContent('less than a tenth of the price now ($19.95)');
  });

  it('[I27-price-step-up] a price change the server asks a passkey for: the check runs and the change is sent again, once', async () => {
    const user = userEvent.setup();
    const saved = aProduct({ variants: [{ ...aProduct().variants[0]!, price_cents: 950 }] });
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': { body: aProduct() },
      'PATCH /products/5/variants/5': [stepUpRequired, { body: saved }],
      'POST /step-up/options': { body: { challenge: 'c3RlcC11cA', allowCredentials: [] } },
      'POST /step-up': { body: { status: true, ...vendorMe() } },
    });
    const { webauthn } = renderAdmin('/admin/products/5');
    const price = await screen.findByLabelText('Price of MUG-1');
    await user.clear(price);
    await user.type(price, '9.50'); // $19.95 → $9.50: down by more than half
    await user.click(screen.getByRole('button', { name: 'Save MUG-1' }));
    expect(await screen.findByText('Saved: $9.50, 10 in stock.')).toBeInTheDocument();
    expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1);
    expect(
      api.calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
    ).toEqual([
      'PATCH /products/5/variants/5',
      'POST /step-up/options',
      'POST /step-up',
      'PATCH /products/5/variants/5',
    ]);
    const [refused, retried] = api.to('PATCH /products/5/variants/5');
    expect(retried?.body).toEqual(refused?.body);
    expect(retried?.body).toEqual({ price_cents: 950 });
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

  it('photos: move up, remove, upload the file itself with its type; a refused picture shows the server’s words', async () => {
    const user = userEvent.setup();
    const product = aProduct();
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': { body: product },
      'PUT /products/5/photos/order': {
        body: aProduct({
          photos: ['/media/products/b.jpg', '/media/products/a.jpg', '/media/products/c.jpg'],
        }),
      },
      'DELETE /products/5/photos/2': {
        body: aProduct({ photos: ['/media/products/b.jpg', '/media/products/a.jpg'] }),
      },
      'POST /products/5/photos': [
        {
          body: aProduct({
            photos: ['/media/products/b.jpg', '/media/products/a.jpg', '/media/products/n.jpg'],
          }),
        },
        {
          status: 400,
          body: { message: 'The photo is a HEIC photo: export it as JPEG.', code: 'INVALID_DATA' },
        },
      ],
    });
    renderAdmin('/admin/products/5');
    expect(await screen.findByRole('button', { name: 'Move photo 1 up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move photo 2 up' }));
    expect(await screen.findByText('Photo moved.')).toBeInTheDocument();
    expect(api.to('PUT /products/5/photos/order')[0]?.body).toEqual({
      photos: ['/media/products/b.jpg', '/media/products/a.jpg', '/media/products/c.jpg'],
    });
    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(await screen.findByText('Photo removed.')).toBeInTheDocument();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'new.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Add a photo'), file);
    expect(await screen.findByText('Photo added.')).toBeInTheDocument();
    const upload = api.to('POST /products/5/photos')[0];
    expect(upload?.headers['content-type']).toBe('image/png');
    expect(upload?.headers['x-csrf-token']).toBe(CSRF);

    await user.upload(
      screen.getByLabelText('Add a photo'),
      new File(['x'], 'photo.heic', { type: 'image/png' }),
    );
    expect(await screen.findByText('The photo is a HEIC photo: export it as JPEG.')).toBeInTheDocument();
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

// [I32] Add product and Products › Waiting for approval, against the fake /admin/api.
import type {
  ProductReviewQueueReply,
  VendorProduct,
  VendorProductSummary,
} from '@quokka/contract/api/vendor-products';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDashboard, aMe, CSRF } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

const vendorMe = () =>
  aMe({ staff: { id: 9, name: 'Sam Seller', mobile: '+61412000999', role: 'vendor', seller_id: 3 } });

const categories = {
  body: {
    items: [
      { id: 1, name: 'Clothing', path: 'Clothing' },
      { id: 2, name: 'Tees', path: 'Clothing › Tees' },
    ],
  },
};

function aProduct(overrides: Partial<VendorProduct> = {}): VendorProduct {
  return {
    id: 41,
    sku: 'HARBOUR-TEE',
    kind: 'configurable',
    seller_id: 3,
    seller_name: 'Harbour Goods',
    name: 'Harbour Tee',
    description: 'Soft.',
    enabled: true,
    price_cents: 2495,
    photos: ['/media/products/p1.jpg'],
    colour_photos: [],
    variants: [
      {
        id: 42,
        sku: 'HARBOUR-TEE-RED-M',
        colour_id: 1,
        colour: 'Red',
        size: 'M',
        amount: null,
        price_cents: 2495,
        stock: 3,
        enabled: true,
      },
    ],
    updated_at: '2026-11-29T06:00:00.000Z',
    review_status: 'waiting',
    review_reason: null,
    pending_change: null,
    refused_change: null,
    ...overrides,
  };
}

const photo = (name: string) => new File(['picture'], name, { type: 'image/jpeg' });

describe('[I32] Add product', () => {
  it('a vendor adds a tee in two colours: SKU suggested, a price and stock per variant, photos taken and chosen, a picture per colour', async () => {
    const user = userEvent.setup();
    let uploads = 0;
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/categories': categories,
      'GET /products/sku-suggestion': { body: { sku: 'HARBOUR-TEE' } },
      'POST /products/pictures': () => {
        uploads += 1;
        return { body: { url: `/media/products/p${uploads}.jpg` } };
      },
      'POST /products': { body: aProduct() },
      'GET /products/41': { body: aProduct() },
    });
    renderAdmin('/admin/products/new');
    expect(await screen.findByRole('heading', { name: 'Add product' })).toBeInTheDocument();
    // A vendor adds for their own seller: no seller to choose.
    expect(screen.queryByLabelText('Seller')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Harbour Tee');
    await user.type(screen.getByLabelText('Description'), 'Soft.');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Clothing › Tees' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Category'), 'Clothing › Tees');
    expect(screen.getByLabelText('SKU')).toHaveValue('HARBOUR-TEE');
    expect(api.to('GET /products/sku-suggestion')[0]?.query.get('name')).toBe('Harbour Tee');

    await user.type(screen.getByLabelText('Colours'), 'Red');
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    await user.type(screen.getByLabelText('Colours'), 'Blue{Enter}');
    await user.type(screen.getByLabelText('Sizes'), 'M');
    await user.click(screen.getByRole('button', { name: 'Add size' }));
    // With options there is no single price: one per variant.
    expect(screen.queryByLabelText('Price')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Price for Red / M'), '24.95');
    await user.type(screen.getByLabelText('Stock for Red / M'), '3');
    await user.type(screen.getByLabelText('Price for Blue / M'), '26');
    await user.type(screen.getByLabelText('Stock for Blue / M'), '0');

    const take = screen.getByLabelText('Take photo');
    expect(take).toHaveAttribute('capture', 'environment');
    expect(take).toHaveAttribute('accept', 'image/*');
    const choose = screen.getByLabelText('Choose photos');
    expect(choose).not.toHaveAttribute('capture');
    expect(choose).toHaveAttribute('multiple');
    await user.upload(take, photo('camera.jpg'));
    await user.upload(choose, [photo('a.jpg'), photo('b.jpg')]);
    await screen.findByAltText('Added 3');
    await user.upload(screen.getByLabelText('Picture for Red'), photo('red.jpg'));
    await screen.findByAltText('Red');
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));

    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await screen.findByRole('heading', { name: 'Harbour Tee' });
    const sent = api.to('POST /products')[0];
    expect(sent?.headers['x-csrf-token']).toBe(CSRF);
    expect(sent?.body).toEqual({
      name: 'Harbour Tee',
      description: 'Soft.',
      category_id: 2,
      sku: 'HARBOUR-TEE',
      price_cents: 2495,
      qty: 0,
      colours: ['Red', 'Blue'],
      sizes: ['M'],
      variants: [
        { colour: 'Red', size: 'M', price_cents: 2495, qty: 3 },
        { colour: 'Blue', size: 'M', price_cents: 2600, qty: 0 },
      ],
      photos: ['/media/products/p1.jpg', '/media/products/p3.jpg'],
      colour_photos: [{ colour: 'Red', url: '/media/products/p4.jpg' }],
    });
    // The new product's page says it waits for an operator.
    expect(await screen.findByText(/Waiting for approval: shoppers see this product/)).toBeInTheDocument();
  });

  it('a simple product: what is missing is listed before anything is sent; the server’s words are shown', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/categories': categories,
      'GET /products/sku-suggestion': { body: { sku: 'MUG' } },
      'POST /products/pictures': { body: { url: '/media/products/m.jpg' } },
      'POST /products': {
        status: 400,
        body: {
          message: 'The SKU "MUG" is already used by another product: choose another.',
          code: 'INVALID_DATA',
        },
      },
    });
    renderAdmin('/admin/products/new');
    await user.click(await screen.findByRole('button', { name: 'Add product' }));
    const problems = await screen.findByRole('alert');
    expect(problems).toHaveTextContent('Enter the name.');
    expect(problems).toHaveTextContent('Choose a category.');
    expect(problems).toHaveTextContent('Add at least one photo.');
    expect(api.to('POST /products')).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), 'Mug');
    await user.tab();
    await waitFor(() => expect(screen.getByLabelText('SKU')).toHaveValue('MUG'));
    await user.selectOptions(screen.getByLabelText('Category'), 'Clothing');
    await user.type(screen.getByLabelText('Price'), '36,50');
    await user.type(screen.getByLabelText('Stock'), '5');
    await user.upload(screen.getByLabelText('Choose photos'), photo('m.jpg'));
    await screen.findByAltText('Added 1');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Price:');
    expect(api.to('POST /products')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '24.95');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The SKU "MUG" is already used by another product: choose another.',
    );
    expect(api.to('POST /products')[0]?.body).toMatchObject({
      price_cents: 2495,
      qty: 5,
      colours: [],
      variants: [],
    });
  });

  it('an operator chooses the seller from the sellers list', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /products/categories': categories,
      'GET /sellers': {
        body: {
          items: [
            {
              id: 7,
              name: 'Outback Outfitters',
              seller_url: 'outback',
              suspended_at: null,
              suspended_reason: null,
              created_at: '2026-11-01T00:00:00.000Z',
            },
          ],
        },
      },
      'GET /products/sku-suggestion': { body: { sku: 'BOWL' } },
      'POST /products/pictures': { body: { url: '/media/products/b.jpg' } },
      'POST /products': {
        body: aProduct({ id: 50, kind: 'simple', name: 'Bowl', review_status: 'approved' }),
      },
      'GET /products/50': {
        body: aProduct({ id: 50, kind: 'simple', name: 'Bowl', review_status: 'approved' }),
      },
    });
    renderAdmin('/admin/products/new');
    await screen.findByRole('option', { name: 'Outback Outfitters' });
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the seller.');
    await user.selectOptions(screen.getByLabelText('Seller'), 'Outback Outfitters');
    await user.type(screen.getByLabelText('Name'), 'Bowl');
    await user.selectOptions(screen.getByLabelText('Category'), 'Clothing');
    await waitFor(() => expect(screen.getByLabelText('SKU')).toHaveValue('BOWL'));
    await user.clear(screen.getByLabelText('SKU'));
    await user.type(screen.getByLabelText('SKU'), 'BOWL-9');
    await user.type(screen.getByLabelText('Price'), '12');
    await user.type(screen.getByLabelText('Stock'), '4');
    await user.upload(screen.getByLabelText('Choose photos'), photo('b.jpg'));
    await screen.findByAltText('Added 1');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await screen.findByRole('heading', { name: 'Bowl' });
    expect(api.to('POST /products')[0]?.body).toMatchObject({
      seller_id: 7,
      sku: 'BOWL-9',
      price_cents: 1200,
    });
  });
});

describe('[I32] Products › Waiting for approval', () => {
  const queue = (): ProductReviewQueueReply => ({
    products: [{ product: aProduct(), submitted_at: '2026-11-29T06:00:00.000Z' }],
    changes: [
      {
        change: {
          id: 77,
          name: 'Crest Mug XL',
          description: null,
          photos: ['/media/products/new.jpg'],
          status: 'waiting',
          refusal_reason: null,
          submitted_at: '2026-11-29T06:05:00.000Z',
        },
        product: aProduct({ id: 5, kind: 'simple', name: 'Crest Mug', review_status: 'approved' }),
      },
    ],
  });

  it('the Products page links to it with the count; each new product with photos, seller, variants; Approve; Refuse with a reason', async () => {
    const user = userEvent.setup();
    const summary: VendorProductSummary = {
      id: 41,
      sku: 'HARBOUR-TEE',
      name: 'Harbour Tee',
      kind: 'configurable',
      seller_id: 3,
      seller_name: 'Harbour Goods',
      enabled: true,
      price_cents: 2495,
      stock: 3,
      variant_count: 1,
      thumbnail_url: null,
      review_status: 'waiting',
    };
    const api = fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /products': { body: { items: [summary], total: 1, page: 1, page_size: 50 } },
      'GET /products/review': { body: queue() },
      'POST /products/41/refuse': {
        body: aProduct({ review_status: 'refused', review_reason: 'Too dark.' }),
      },
      'POST /product-changes/77/approve': { body: aProduct({ id: 5, name: 'Crest Mug XL' }) },
    });
    renderAdmin('/admin/products');
    const row = (await screen.findByRole('link', { name: 'Harbour Tee' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Waiting for approval')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add product' })).toHaveAttribute('href', '/admin/products/new');
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/admin/products/import');
    await user.click(await screen.findByRole('link', { name: 'Waiting for approval (2)' }));

    expect(await screen.findByRole('heading', { name: 'Waiting for approval' })).toBeInTheDocument();
    const item = screen.getByRole('link', { name: 'Harbour Tee' }).closest('li') as HTMLElement;
    expect(within(item).getByText(/Harbour Goods/)).toBeInTheDocument();
    expect(within(item).getByAltText('Photo of Harbour Tee 1')).toBeInTheDocument();
    expect(within(item).getByText('Red / M: $24.95 · 3 in stock')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Refuse' }));
    await user.click(within(item).getByRole('button', { name: 'Refuse product' }));
    expect(within(item).getByText('Say why, for the seller.')).toBeInTheDocument();
    await user.type(within(item).getByLabelText('Reason'), 'Too dark.');
    await user.click(within(item).getByRole('button', { name: 'Refuse product' }));
    expect(await within(item).findByText('Harbour Tee is refused.')).toBeInTheDocument();
    expect(api.to('POST /products/41/refuse')[0]?.body).toEqual({ reason: 'Too dark.' });

    const change = screen.getByRole('link', { name: 'Crest Mug' }).closest('li') as HTMLElement;
    expect(within(change).getByText('Crest Mug XL')).toBeInTheDocument();
    expect(within(change).getByAltText('New photo of Crest Mug 1')).toBeInTheDocument();
    await user.click(within(change).getByRole('button', { name: 'Approve change' }));
    expect(await within(change).findByText('Change approved.')).toBeInTheDocument();
  });

  it('Approve: a failure shows the server’s words', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: aMe() },
      'GET /dashboard': { body: aDashboard() },
      'GET /products/review': { body: queue() },
      'POST /products/41/approve': {
        status: 409,
        body: { message: 'This product is not waiting for approval.', code: 'CONFLICT' },
      },
    });
    renderAdmin('/admin/products/review');
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This product is not waiting for approval.');
  });

  it('a refused product shows the reason to its seller, who sends it for approval again', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/41': {
        body: aProduct({ review_status: 'refused', review_reason: 'The photo is too dark.' }),
      },
      'POST /products/41/submit': { body: aProduct({ review_status: 'waiting' }) },
    });
    renderAdmin('/admin/products/41');
    expect(await screen.findByText('The photo is too dark.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText(/Waiting for approval: shoppers see/)).toBeInTheDocument();
    expect(api.to('POST /products/41/submit')).toHaveLength(1);
  });

  it('a change waiting for approval is shown on the product’s page, its words and photos the ones edited; a refused one says why', async () => {
    const pending = {
      id: 77,
      name: 'Crest Mug XL',
      description: null,
      photos: ['/media/products/new.jpg'],
      status: 'waiting' as const,
      refusal_reason: null,
      submitted_at: '2026-11-29T06:05:00.000Z',
    };
    fakeApi({
      'GET /me': { body: vendorMe() },
      'GET /products/5': {
        body: aProduct({
          id: 5,
          kind: 'simple',
          name: 'Crest Mug',
          review_status: 'approved',
          pending_change: pending,
        }),
      },
      'GET /products/6': {
        body: aProduct({
          id: 6,
          kind: 'simple',
          name: 'Bowl',
          review_status: 'approved',
          refused_change: { ...pending, id: 78, status: 'refused', refusal_reason: 'Not a product name.' },
        }),
      },
    });
    const { unmount } = renderAdmin('/admin/products/5');
    expect(
      await screen.findByText(
        /Your change of the name to “Crest Mug XL”, of the photos is waiting for approval/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Crest Mug XL');
    expect(
      screen
        .getAllByRole('img')
        .some((img) => img.getAttribute('src')?.startsWith('/media/products/new.jpg')),
    ).toBe(true);
    unmount();
    renderAdmin('/admin/products/6');
    expect(
      await screen.findByText('Your last change was not approved: Not a product name.'),
    ).toBeInTheDocument();
  });
});

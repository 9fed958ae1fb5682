// [I32] Import: the page sends the file with its format (and an operator's seller), reads the streamed
// reply as it comes (the bar moves, "Imported N of M products"), then shows the report or every problem.
import type { CatalogueImportLine, CatalogueImportReport } from '@quokka/contract/api/catalogue-import';
import type { AdminSellersReply } from '@quokka/contract/api/sellers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aMe, CSRF } from '../../test/factories';
import { fakeApi } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

const vendor = aMe({
  staff: { id: 9, name: 'Sam Seller', mobile: '+61412000111', role: 'vendor', seller_id: 3 },
});

const report: CatalogueImportReport = {
  format: 'shopify',
  seller: { id: 3, name: 'Harbour Goods' },
  products: { created: 2, updated: 1, unchanged: 0 },
  variants: { created: 4, updated: 0, unchanged: 0, disabled: 0 },
  categories: { created: 0, updated: 0, unchanged: 0 },
  pictures: { named: 3, stored: 3 },
  waiting_for_approval: 2,
  changes_waiting_for_approval: 3,
  warnings: ['row 4: a gift card product is not imported'],
};

const sellers: AdminSellersReply = {
  items: [
    {
      id: 3,
      name: 'Harbour Goods',
      seller_url: 'harbour-goods',
      suspended_at: null,
      suspended_reason: null,
      created_at: '2026-11-01T00:00:00.000Z',
    },
    {
      id: 4,
      name: 'Outback Outfitters',
      seller_url: 'outback-outfitters',
      suspended_at: null,
      suspended_reason: null,
      created_at: '2026-11-02T00:00:00.000Z',
    },
  ],
};

/**
 * A streamed reply whose lines are let out one at a time: `next()` sends the next line, so a test can
 * look at the page between two lines.
 */
function streamedReply(lines: CatalogueImportLine[]) {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  let sent = 0;
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson' } }),
    next() {
      const line = lines[sent++];
      if (line) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      if (sent >= lines.length) controller.close();
    },
  };
}

/** The fake API for /me and /sellers, and the import's POST answered by `reply`. */
function withImport(me: ReturnType<typeof aMe>, reply: () => Response) {
  const api = fakeApi({ 'GET /me': { body: me }, 'GET /sellers': { body: sellers } });
  const fake = globalThis.fetch;
  const posts: { url: URL; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/admin/api/catalogue-imports') {
        posts.push({ url, init });
        return reply();
      }
      return fake(input, init);
    }),
  );
  return { api, posts };
}

const csvFile = () =>
  new File(
    ['Handle,Title,Vendor,Variant SKU,Variant Price,Variant Inventory Qty,Image Src\n'],
    'products_export.csv',
    {
      type: 'text/csv',
    },
  );

describe('[I32] import', () => {
  it('[I32] a vendor imports a Shopify export: the format is guessed, the bar moves with each line, then the report', async () => {
    const user = userEvent.setup();
    const stream = streamedReply([
      { type: 'progress', phase: 'pictures', done: 0, total: 3 },
      { type: 'progress', phase: 'pictures', done: 3, total: 3 },
      { type: 'progress', phase: 'products', done: 0, total: 3 },
      { type: 'progress', phase: 'products', done: 3, total: 3 },
      { type: 'done', report },
    ]);
    const { posts } = withImport(vendor, () => stream.response);
    renderAdmin('/admin/products/import');

    const input = await screen.findByLabelText('Catalogue file');
    expect(input).toHaveAttribute('accept', '.csv,.json,text/csv,application/json');
    expect(screen.queryByLabelText('Seller')).not.toBeInTheDocument();
    const file = csvFile();
    await user.upload(input, file);
    await waitFor(() => expect(screen.getByLabelText('Format')).toHaveValue('shopify'));
    expect(screen.getByRole('option', { name: 'Shopify CSV' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Magento CSV' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Quokka JSON' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    const sent = posts[0]!;
    expect(sent.url.searchParams.get('format')).toBe('shopify');
    expect(sent.url.searchParams.has('seller_id')).toBe(false);
    const init = sent.init ?? {};
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe(CSRF);
    expect(init.body).toBe(file);

    stream.next();
    stream.next();
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    await screen.findByText('Fetching pictures: 3 of 3');
    stream.next();
    stream.next();
    await screen.findByText('Imported 3 of 3 products');
    expect(bar).toHaveAttribute('value', '3');
    expect(bar).toHaveAttribute('max', '3');
    expect(screen.getByRole('button', { name: 'Importing…' })).toBeDisabled();

    stream.next();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Import finished: 2 products added, 1 updated',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(
      screen.getByText('2 new products wait for an operator’s approval before shoppers see them.'),
    ).toBeInTheDocument();
    // [I32] A vendor's new words or photos of approved products wait too (the storefront keeps the approved).
    expect(
      screen.getByText('3 changes to approved products wait for an operator’s approval.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Warnings' })).getByText(report.warnings[0]!),
    ).toBeInTheDocument();
  });

  it('[I32] an operator chooses the seller; a file with problems lists each with its row and column', async () => {
    const user = userEvent.setup();
    const stream = streamedReply([
      {
        type: 'failed',
        message: 'The catalogue file has 2 problems; nothing was imported.',
        problems: [
          { location: 'row 2, column Variant Price', message: 'must be a number' },
          { location: 'row 5, column Image Src', message: '"tee.jpg" is a file on your computer' },
        ],
      },
    ]);
    const { posts } = withImport(aMe(), () => stream.response);
    renderAdmin('/admin/products/import');

    await user.upload(await screen.findByLabelText('Catalogue file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose the seller to import the products into.',
    );
    expect(posts).toHaveLength(0);

    await screen.findByRole('option', { name: 'Outback Outfitters' });
    await user.selectOptions(screen.getByLabelText('Seller'), 'Outback Outfitters');
    await user.selectOptions(screen.getByLabelText('Format'), 'Magento CSV');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url.searchParams.get('seller_id')).toBe('4');
    expect(posts[0]!.url.searchParams.get('format')).toBe('magento');
    stream.next();

    const problems = await screen.findByRole('list', { name: 'Problems' });
    expect(screen.getByText('The catalogue file has 2 problems; nothing was imported.')).toBeInTheDocument();
    const items = within(problems).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'row 2, column Variant Price: must be a number',
      'row 5, column Image Src: "tee.jpg" is a file on your computer',
    ]);
  });

  it('[I32] a refused request shows the server’s message', async () => {
    const user = userEvent.setup();
    withImport(
      vendor,
      () =>
        new Response(
          JSON.stringify({
            message: 'The catalogue file is larger than 20 MB: split it into smaller files and import each.',
            code: 'PAYLOAD_TOO_LARGE',
          }),
          { status: 413, headers: { 'content-type': 'application/json' } },
        ),
    );
    renderAdmin('/admin/products/import');
    await user.upload(
      await screen.findByLabelText('Catalogue file'),
      new File(['{"products": []}'], 'catalogue.json', { type: 'application/json' }),
    );
    await waitFor(() => expect(screen.getByLabelText('Format')).toHaveValue('json'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The catalogue file is larger than 20 MB: split it into smaller files and import each.',
    );
  });
});

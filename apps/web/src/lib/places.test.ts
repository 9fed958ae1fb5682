import { describe, expect, it, vi } from 'vitest';
import { searchPlaces } from './places';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('places', () => {
  it('[REG-06] asks the server’s places list and maps its entries onto the form’s parts', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) =>
      json({
        data: [
          {
            id: 'fitzroy-3065',
            description: 'Fitzroy VIC 3065',
            suburb: 'Fitzroy',
            state: 'VIC',
            region_id: 571,
            postcode: '3065',
            country_id: 'AU',
            street: '12 Brunswick St',
          },
          {
            id: '8',
            description: 'Richmond TAS',
            suburb: 'Richmond',
            state: 'Tasmania',
            region_id: 574,
            postcode: null,
            country_id: 'AU',
            street: null,
          },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const results = await searchPlaces(' 12 Brunswick St, fitz ');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/rest/default/V1/storefront/places?query=12+Brunswick+St%2C+fitz',
    );
    expect(results).toEqual([
      {
        id: 'fitzroy-3065',
        description: 'Fitzroy VIC 3065',
        address: {
          street: '12 Brunswick St',
          suburb: 'Fitzroy',
          state: 'VIC',
          postcode: '3065',
          country: 'AU',
        },
      },
      {
        id: '8',
        description: 'Richmond TAS',
        address: { street: '', suburb: 'Richmond', state: 'TAS', postcode: '', country: 'AU' },
      },
    ]);
  });

  it('asks nothing for a one-letter query, and gives [] when the lookup fails, without an error popup', async () => {
    const fetchMock = vi.fn(async () => json({ message: 'down' }, 503));
    vi.stubGlobal('fetch', fetchMock);
    expect(await searchPlaces('f')).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await searchPlaces('fitz')).toEqual([]);
    const { getAppState } = await import('./app-state');
    expect(getAppState().unexpectedError).toBe(false);
  });
});

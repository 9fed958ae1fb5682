import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromGoogleComponents, resolvePlace, searchPlaces } from './places';

afterEach(() => {
  document.head.innerHTML = '';
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('places', () => {
  it('[REG-06] without a Google key it asks the server’s offline list and maps its entries', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) =>
      json({
        data: [
          {
            id: 7,
            description: 'Fitzroy VIC 3065',
            suburb: 'Fitzroy',
            state: 'VIC',
            region_id: 571,
            postcode: '3065',
            country_id: 'AU',
          },
          {
            id: 8,
            description: 'Richmond',
            suburb: 'Richmond',
            state: 'Tasmania',
            region_id: null,
            postcode: null,
            country_id: 'AU',
          },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const results = await searchPlaces('fitz');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/rest/default/V1/storefront/places?query=fitz');
    expect(results).toEqual([
      {
        id: '7',
        description: 'Fitzroy VIC 3065',
        address: { street: '', suburb: 'Fitzroy', state: 'VIC', postcode: '3065', country: 'AU' },
      },
      {
        id: '8',
        description: 'Richmond',
        address: { street: '', suburb: 'Richmond', state: 'TAS', postcode: '', country: 'AU' },
      },
    ]);
  });

  it('asks nothing for a one-letter query, and gives [] when the lookup fails', async () => {
    const fetchMock = vi.fn(async () => new Response('{"message":"down"}', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await searchPlaces('f')).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await searchPlaces('fitz')).toEqual([]);
  });

  it('with a Google key it uses Places autocomplete restricted to Australia, then the place details', async () => {
    document.head.innerHTML = `<meta name="quokka-config" content='{"googlePlacesKey":"g-key"}'>`;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input).includes(':autocomplete')
        ? json({
            suggestions: [{ placePrediction: { placeId: 'abc', text: { text: '1 George St, Sydney NSW' } } }],
          })
        : json({
            addressComponents: [
              { longText: '1', shortText: '1', types: ['street_number'] },
              { longText: 'George Street', shortText: 'George St', types: ['route'] },
              { longText: 'Sydney', shortText: 'Sydney', types: ['locality', 'political'] },
              { longText: 'New South Wales', shortText: 'NSW', types: ['administrative_area_level_1'] },
              { longText: '2000', shortText: '2000', types: ['postal_code'] },
              { longText: 'Australia', shortText: 'AU', types: ['country'] },
            ],
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const [suggestion] = await searchPlaces('1 George');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://places.googleapis.com/v1/places:autocomplete');
    expect(JSON.parse(String(init?.body))).toMatchObject({ input: '1 George', includedRegionCodes: ['au'] });
    expect(suggestion).toEqual({ id: 'abc', description: '1 George St, Sydney NSW', address: null });
    expect(await resolvePlace(suggestion as NonNullable<typeof suggestion>)).toEqual({
      street: '1 George Street',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      country: 'AU',
    });
    expect(String(fetchMock.mock.calls[1]?.[0])).toMatch(
      /^https:\/\/places\.googleapis\.com\/v1\/places\/abc\?sessionToken=/,
    );
  });

  it('joins unit and number as 3/15 for a subpremise', () => {
    expect(
      fromGoogleComponents([
        { longText: '3', types: ['subpremise'] },
        { longText: '15', types: ['street_number'] },
        { longText: 'Bay Road', types: ['route'] },
      ]).street,
    ).toBe('3/15 Bay Road');
  });
});

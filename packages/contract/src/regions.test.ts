import { describe, expect, it } from 'vitest';
import {
  findRegion,
  findRegionByCode,
  findRegionById,
  findRegionByName,
  REGION_CODES,
  REGIONS,
  toRegionWire,
} from './regions.ts';

const TABLE = [
  ['DATA-12', 'ACT', 569, 'Australian Capital Territory'],
  ['DATA-13', 'NSW', 570, 'New South Wales'],
  ['DATA-14', 'VIC', 571, 'Victoria'],
  ['DATA-15', 'QLD', 572, 'Queensland'],
  ['DATA-16', 'SA', 573, 'South Australia'],
  ['DATA-17', 'TAS', 574, 'Tasmania'],
  ['DATA-18', 'WA', 575, 'Western Australia'],
  ['DATA-19', 'NT', 576, 'Northern Territory'],
] as const;

describe('AU region table', () => {
  it.each(TABLE)('[%s] region %s (AU) maps to region id %i', (_id, code, regionId, name) => {
    expect(findRegionByCode(code)).toEqual({ code, name, id: regionId, countryId: 'AU' });
    expect(findRegionById(regionId)?.code).toBe(code);
    expect(findRegionByName(name)?.id).toBe(regionId);
  });

  it('[DATA-12] [DATA-19] holds exactly the eight AU regions, each code and id once', () => {
    expect(REGIONS).toHaveLength(8);
    expect(new Set(REGIONS.map((r) => r.id)).size).toBe(8);
    expect(REGION_CODES).toEqual(['ACT', 'NSW', 'VIC', 'QLD', 'SA', 'TAS', 'WA', 'NT']);
    expect(REGIONS.every((r) => r.countryId === 'AU')).toBe(true);
  });

  it('[DATA-13] lookups ignore case and surrounding or repeated spaces', () => {
    expect(findRegionByCode(' nsw ')?.id).toBe(570);
    expect(findRegionByName('new  south   WALES')?.id).toBe(570);
    expect(findRegionById('570')?.code).toBe('NSW');
    expect(findRegionById(' 576 ')?.code).toBe('NT');
  });

  it('[DATA-14] findRegion accepts a code, a name or an id', () => {
    expect(findRegion('vic')?.id).toBe(571);
    expect(findRegion('Victoria')?.id).toBe(571);
    expect(findRegion(571)?.code).toBe('VIC');
    expect(findRegion('571')?.code).toBe('VIC');
  });

  it.each([
    ['the state placeholder', 'Enter State'],
    ['an unknown code', 'XYZ'],
    ['an empty string', ''],
    ['a partial name', 'New South'],
    ['a foreign state', 'California'],
    ['null', null],
    ['undefined', undefined],
  ])('[ERR-14] %s is not a region: undefined, never a throw', (_label, value) => {
    expect(findRegion(value)).toBeUndefined();
    expect(findRegionByCode(value)).toBeUndefined();
    expect(findRegionByName(value)).toBeUndefined();
  });

  it('[ERR-14] unknown ids give undefined', () => {
    expect(findRegionById(568)).toBeUndefined();
    expect(findRegionById(577)).toBeUndefined();
    expect(findRegionById('57a')).toBeUndefined();
    expect(findRegionById(570.5)).toBeUndefined();
    expect(findRegion(1)).toBeUndefined();
  });

  it('[DATA-37] builds the backend region object of an address', () => {
    const qld = findRegionByCode('QLD');
    expect(qld && toRegionWire(qld)).toEqual({ region: 'Queensland', region_code: 'QLD', region_id: 572 });
  });
});

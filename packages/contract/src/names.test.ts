import { describe, expect, it } from 'vitest';
import { isFullName, joinFullName, normaliseFullName, splitFullName } from './names.ts';

describe('splitFullName', () => {
  it.each([
    ['Jane Citizen', 'Jane', 'Citizen'],
    ['Jane van Dyke', 'Jane', 'van Dyke'],
    ['  Jane   van    Dyke  ', 'Jane', 'van Dyke'],
    ['Jane\tvan\nDyke', 'Jane', 'van Dyke'],
    ['Mary-Kate O’Neil Smith', 'Mary-Kate', 'O’Neil Smith'],
    ['Zoë Ångström', 'Zoë', 'Ångström'],
    ['Cher', 'Cher', ''],
    ['', '', ''],
    ['   ', '', ''],
  ])('[VAL-16] [VAL-17] [VAL-22] [VAL-23] %j → %j / %j', (fullname, firstname, lastname) => {
    expect(splitFullName(fullname)).toEqual({ firstname, lastname });
  });

  it('[VAL-16] [VAL-22] tolerates a missing value', () => {
    expect(splitFullName(undefined)).toEqual({ firstname: '', lastname: '' });
    expect(splitFullName(null)).toEqual({ firstname: '', lastname: '' });
  });

  it('normalises and joins names back', () => {
    expect(normaliseFullName('  Jane   van Dyke ')).toBe('Jane van Dyke');
    expect(joinFullName('Jane', 'van Dyke')).toBe('Jane van Dyke');
    expect(joinFullName('Jane', '')).toBe('Jane');
    expect(joinFullName(undefined, null)).toBe('');
  });
});

describe('isFullName', () => {
  it.each([
    ['Jane Citizen', true],
    ['Jane van Dyke', true],
    ['  Jane   Citizen ', true],
    ['Jane', false],
    ['  Jane  ', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('[VAL-04] [VAL-21] %j has at least two words: %s', (fullname, expected) => {
    expect(isFullName(fullname)).toBe(expected);
  });
});

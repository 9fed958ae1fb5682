import { describe, expect, it } from 'vitest';
import { formatMobileNational, hasMobileCharacters, isAuMobile, parseAuMobile } from './mobile.ts';

describe('parseAuMobile', () => {
  it.each([
    ['0412 345 678', '+61412345678'],
    ['0412345678', '+61412345678'],
    ['  0412345678  ', '+61412345678'],
    ['04 1234 5678', '+61412345678'],
    ['412 345 678', '+61412345678'],
    ['412345678', '+61412345678'],
    ['+61412345678', '+61412345678'],
    ['+61 412 345 678', '+61412345678'],
    ['+61 4 1234 5678', '+61412345678'],
    ['61412345678', '+61412345678'],
    ['0480 123 456', '+61480123456'],
  ])('[REG-02] [CONST-28] %s is the AU mobile %s', (input, e164) => {
    expect(parseAuMobile(input)).toBe(e164);
    expect(isAuMobile(input)).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['only spaces', '   '],
    ['a plus alone', '+'],
    ['a Sydney landline', '02 9876 5432'],
    ['a landline in E.164', '+61298765432'],
    ['a toll-free number', '1800 123 456'],
    ['a US number', '+1 415 555 0123'],
    ['a UK mobile', '+44 7700 900123'],
    ['too short', '0412 345'],
    ['too long', '0412 345 6789'],
    ['letters', '04I2 345 678'],
    ['dashes', '0412-345-678'],
    ['brackets', '(04) 1234 5678'],
    ['a plus in the middle', '04+12345678'],
    ['null', null],
    ['undefined', undefined],
  ])('[REG-02] %s is not an AU mobile', (_label, input) => {
    expect(parseAuMobile(input)).toBeNull();
    expect(isAuMobile(input)).toBe(false);
  });
});

describe('hasMobileCharacters', () => {
  it.each([
    ['0412 345 678', true],
    ['+61412345678', true],
    ['12', true],
    ['', false],
    [' ', false],
    ['+', false],
    ['++61412345678', false],
    ['0412-345-678', false],
    ['abc', false],
  ])('[VAL-01] %s is digits with an optional leading plus: %s', (input, expected) => {
    expect(hasMobileCharacters(input)).toBe(expected);
  });
});

describe('formatMobileNational', () => {
  it.each([
    ['+61412345678', '0412 345 678'],
    ['+61480123456', '0480 123 456'],
    ['0412345678', '0412 345 678'],
  ])('shows %s as %s', (input, shown) => {
    expect(formatMobileNational(input)).toBe(shown);
  });

  it('leaves what is not an AU mobile as it is', () => {
    expect(formatMobileNational('+442079460000')).toBe('+442079460000');
    expect(formatMobileNational('')).toBe('');
  });
});

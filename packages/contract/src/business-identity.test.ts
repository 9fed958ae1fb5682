import { describe, expect, it } from 'vitest';
import { formatAbn, isValidAbn, SANDBOX_IDENTITY, supportContactText } from './business-identity.ts';

describe('[I11-12] the ABN check', () => {
  it.each(['51 824 753 556', '51824753556', '12 345 679 016', SANDBOX_IDENTITY.abn])('accepts %s', (abn) => {
    expect(isValidAbn(abn)).toBe(true);
  });

  it.each([
    ['51 824 753 557', 'a wrong check'],
    ['5182475355', '10 digits'],
    ['518247535561', '12 digits'],
    ['01 824 753 556', 'a leading 0'],
    ['51-824-753-556', 'dashes'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (abn) => {
    expect(isValidAbn(abn)).toBe(false);
  });

  it('groups the digits as the ABN Lookup shows them', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
  });

  it('names the support contacts that are set', () => {
    expect(supportContactText(SANDBOX_IDENTITY)).toBe('support@example.com or 1300 975 707');
    expect(supportContactText({ supportEmail: null, supportPhone: '1300 975 707' })).toBe('1300 975 707');
  });
});

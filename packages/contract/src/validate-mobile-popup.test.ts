import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  confirmMobileCodeBodySchema,
  isOtpCode,
  normaliseOtpCode,
  sendMobileCodeBodySchema,
  validateConfirmCode,
  validateMobileField,
  validateSendCode,
} from './validate-mobile-popup.ts';

describe('mobile popup: mobile', () => {
  it.each(['0412 345 678', '0412345678', '412345678', '+61412345678', '+61 412 345 678'])(
    '[VAL-01] %j is accepted',
    (mobile) => {
      expect(validateSendCode({ mobile })).toEqual({});
    },
  );

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['missing', undefined],
    ['letters', 'my mobile'],
    ['dashes', '0412-345-678'],
    ['a plus not leading', '0412+345678'],
    ['two pluses', '++61412345678'],
    ['digits but too short', '0412'],
    ['digits but a landline', '0298765432'],
  ])('[VAL-01] %s shows "Please enter a valid mobile"', (_label, mobile) => {
    expect(validateSendCode({ mobile })).toEqual({ mobile: MSG.validMobile });
    expect(validateMobileField(mobile)).toBe(MSG.validMobile);
  });
});

describe('mobile popup: code', () => {
  it('[VAL-02] an empty code shows "Please enter a valid code"', () => {
    expect(validateConfirmCode({ mobile: '0412345678', code: '' })).toEqual({ code: MSG.validCode });
    expect(validateConfirmCode({ mobile: '0412345678', code: '  ' })).toEqual({ code: MSG.validCode });
    expect(validateConfirmCode({ mobile: '0412345678' })).toEqual({ code: MSG.validCode });
  });

  it('[VAL-02] the popup accepts any non-empty code', () => {
    expect(validateConfirmCode({ mobile: '0412345678', code: '12' })).toEqual({});
  });

  it('[VAL-02] the server also wants exactly six digits, with the same message', () => {
    const strict = { requireFullCode: true };
    expect(validateConfirmCode({ mobile: '0412345678', code: '123456' }, strict)).toEqual({});
    expect(validateConfirmCode({ mobile: '0412345678', code: '123 456' }, strict)).toEqual({});
    for (const code of ['12345', '1234567', '12345a', '']) {
      expect(validateConfirmCode({ mobile: '0412345678', code }, strict)).toEqual({ code: MSG.validCode });
    }
  });

  it('[VAL-01] [VAL-02] both messages at once', () => {
    expect(validateConfirmCode({ mobile: '', code: '' })).toEqual({
      mobile: MSG.validMobile,
      code: MSG.validCode,
    });
  });

  it('normalises codes to digits', () => {
    expect(isOtpCode('000000')).toBe(true);
    expect(isOtpCode(null)).toBe(false);
    expect(normaliseOtpCode(' 123 456 ')).toBe('123456');
  });
});

describe('popup bodies', () => {
  it('[API-07] [API-08] describe the send and confirm bodies', () => {
    expect(sendMobileCodeBodySchema.safeParse({ mobile: '0412345678', r_token: 'x' }).success).toBe(true);
    expect(sendMobileCodeBodySchema.safeParse({ r_token: 'x' }).success).toBe(false);
    expect(
      confirmMobileCodeBodySchema.safeParse({
        mobile: '0412345678',
        code: '123456',
        expired: true,
        expired_jwt: 'a.b.c',
        r_token: 'x',
      }).success,
    ).toBe(true);
    expect(confirmMobileCodeBodySchema.safeParse({ mobile: '0412345678' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  type GiftCardRecipientInput,
  giftCardRecipientSchema,
  validateGiftCardRecipient,
} from './validate-gift-card.ts';

const aRecipient = (overrides: Partial<GiftCardRecipientInput> = {}): GiftCardRecipientInput => ({
  recipient_firstname: 'Sam',
  recipient_lastname: 'Lee',
  recipient_mobile: '0412 345 678',
  recipient_message: 'Happy birthday Sam!',
  purchaser_mobile: '+61487654321',
  ...overrides,
});

describe('validateGiftCardRecipient', () => {
  it('a complete form has no messages', () => {
    expect(validateGiftCardRecipient(aRecipient())).toEqual({});
  });

  it.each([
    ['VAL-41', 'an empty firstname', { recipient_firstname: '' }, 'recipient_firstname', MSG.giftFirstname],
    ['VAL-41', 'a blank firstname', { recipient_firstname: '  ' }, 'recipient_firstname', MSG.giftFirstname],
    ['VAL-42', 'an empty lastname', { recipient_lastname: '' }, 'recipient_lastname', MSG.giftLastname],
    ['VAL-43', 'an empty mobile', { recipient_mobile: '' }, 'recipient_mobile', MSG.giftMobile],
    ['VAL-43', 'a mobile that is not AU', { recipient_mobile: '12345' }, 'recipient_mobile', MSG.validMobile],
    ['VAL-44', 'an empty message', { recipient_message: '' }, 'recipient_message', MSG.giftMessage],
    ['VAL-44', 'a blank message', { recipient_message: ' \n ' }, 'recipient_message', MSG.giftMessage],
    [
      'VAL-45',
      'an empty purchaser mobile',
      { purchaser_mobile: '' },
      'purchaser_mobile',
      MSG.giftReceiptMobile,
    ],
    [
      'VAL-45',
      'a purchaser landline',
      { purchaser_mobile: '0298765432' },
      'purchaser_mobile',
      MSG.validMobile,
    ],
  ] as const)('[%s] %s shows its message', (_id, _label, overrides, field, message) => {
    expect(validateGiftCardRecipient(aRecipient(overrides))).toEqual({ [field]: message });
  });

  it('[VAL-41..45] an empty form shows every message, in form order', () => {
    expect(Object.entries(validateGiftCardRecipient({}))).toEqual([
      ['recipient_firstname', MSG.giftFirstname],
      ['recipient_lastname', MSG.giftLastname],
      ['recipient_mobile', MSG.giftMobile],
      ['recipient_message', MSG.giftMessage],
      ['purchaser_mobile', MSG.giftReceiptMobile],
    ]);
  });

  it('[CONST-24] a GSM message holds 160 characters', () => {
    expect(validateGiftCardRecipient(aRecipient({ recipient_message: 'a'.repeat(160) }))).toEqual({});
    expect(validateGiftCardRecipient(aRecipient({ recipient_message: 'a'.repeat(161) }))).toEqual({
      recipient_message: MSG.giftMessageTooLong,
    });
  });

  it('[CONST-24] extension characters count two towards the 160', () => {
    expect(validateGiftCardRecipient(aRecipient({ recipient_message: '€'.repeat(80) }))).toEqual({});
    expect(validateGiftCardRecipient(aRecipient({ recipient_message: `${'€'.repeat(80)}a` }))).toEqual({
      recipient_message: MSG.giftMessageTooLong,
    });
  });

  it('[CONST-25] a Unicode message holds 70 characters', () => {
    expect(validateGiftCardRecipient(aRecipient({ recipient_message: 'ā'.repeat(70) }))).toEqual({});
    expect(validateGiftCardRecipient(aRecipient({ recipient_message: `${'a'.repeat(70)}😀` }))).toEqual({
      recipient_message: MSG.giftMessageTooLong,
    });
  });
});

describe('giftCardRecipientSchema', () => {
  it('[VAL-51] gives the same messages as zod issues per field', () => {
    const result = giftCardRecipientSchema.safeParse(
      aRecipient({ recipient_firstname: '', purchaser_mobile: '' }),
    );
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['recipient_firstname', MSG.giftFirstname],
      ['purchaser_mobile', MSG.giftReceiptMobile],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorReplySchema } from './api/errors.ts';
import { MSG } from './messages.ts';
import {
  fromInputValidation,
  hasErrors,
  inputValidationFromIssues,
  inputValidationReply,
  inputValidationReplySchema,
  toInputValidation,
  withFieldRules,
} from './wire.ts';

describe('error bodies', () => {
  it('accepts Magento-shaped error bodies', () => {
    expect(
      errorReplySchema.safeParse({ message: MSG.qtyNotAvailable, code: 'QTY_NOT_AVAILABLE' }).success,
    ).toBe(true);
    expect(
      errorReplySchema.safeParse({
        message: 'No such entity with %1 = %2',
        code: 'NOT_FOUND',
        parameters: ['id', 7],
      }).success,
    ).toBe(true);
    expect(
      errorReplySchema.safeParse({ message: 'x', code: 'NOT_FOUND', parameters: { fieldName: 'id' } })
        .success,
    ).toBe(true);
    expect(errorReplySchema.safeParse({ error: 'x' }).success).toBe(false);
    // Every error reply carries a known code, so clients never read the wording.
    expect(errorReplySchema.safeParse({ message: MSG.qtyNotAvailable }).success).toBe(false);
    expect(errorReplySchema.safeParse({ message: 'x', code: 'SOMETHING_ELSE' }).success).toBe(false);
  });
});

describe('input_validation', () => {
  it('[ERR-12] [VAL-19] turns field errors into the reply form', () => {
    expect(toInputValidation({ fullname: MSG.fullName, email: MSG.validEmail })).toEqual({
      fullname: [MSG.fullName],
      email: [MSG.validEmail],
    });
    expect(toInputValidation({})).toEqual({});
  });

  it('[ERR-12] builds the whole 400 body, which passes its schema', () => {
    const reply = inputValidationReply({ code: MSG.validCode });
    expect(reply).toEqual({
      status: false,
      message: MSG.validCode,
      code: 'INPUT_VALIDATION',
      input_validation: { code: [MSG.validCode] },
    });
    expect(inputValidationReply({ email: MSG.emailExists }, 'EMAIL_TAKEN').code).toBe('EMAIL_TAKEN');
    expect(inputValidationReplySchema.parse(reply)).toEqual(reply);
    expect(() => inputValidationReply({})).toThrow(RangeError);
  });

  it('[ERR-12] [VAL-19] [VAL-51] a form shows the first message of each field', () => {
    expect(
      fromInputValidation({ recipient_firstname: [MSG.giftFirstname, 'second'], recipient_lastname: [] }),
    ).toEqual({ recipient_firstname: MSG.giftFirstname });
    expect(fromInputValidation(undefined)).toEqual({});
  });

  it('the reply schema refuses a success or a malformed map', () => {
    expect(
      inputValidationReplySchema.safeParse({
        status: true,
        message: 'x',
        code: 'INPUT_VALIDATION',
        input_validation: {},
      }).success,
    ).toBe(false);
    expect(
      inputValidationReplySchema.safeParse({
        status: false,
        message: 'x',
        code: 'INPUT_VALIDATION',
        input_validation: { a: 'b' },
      }).success,
    ).toBe(false);
  });

  it('hasErrors tells an empty result from one with messages', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ a: undefined })).toBe(false);
    expect(hasErrors({ a: 'x' })).toBe(true);
  });
});

describe('withFieldRules', () => {
  const schema = withFieldRules(z.object({ name: z.string() }), (value) =>
    value.name.trim() === '' ? { name: MSG.giftFirstname } : {},
  );

  it('[ERR-12] adds the validator messages as issues, which group back into input_validation', () => {
    const result = schema.safeParse({ name: ' ' });
    expect(result.success).toBe(false);
    expect(inputValidationFromIssues(result.error?.issues ?? [])).toEqual({ name: [MSG.giftFirstname] });
    expect(schema.parse({ name: 'Sam' })).toEqual({ name: 'Sam' });
  });

  it('structural problems stay zod issues at their path', () => {
    const result = schema.safeParse({});
    expect(Object.keys(inputValidationFromIssues(result.error?.issues ?? []))).toEqual(['name']);
  });
});

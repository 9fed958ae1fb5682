import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorText, fieldMessage, fieldName } from './error-text';

// [I34] Every back-office form error names its field ("What was seen" 7: the bank form said "must be 5 to 9
// digits" without saying which field).

const refused = (fields: Record<string, string[]>) =>
  new ApiError(400, 'Invalid body', { status: false, code: 'INPUT_VALIDATION', input_validation: fields });

describe('[I34] field names in errors', () => {
  it('names a field from its key', () => {
    expect(fieldName('account_number')).toBe('Account number');
    expect(fieldName('bsb')).toBe('BSB');
    expect(fieldName('product_id')).toBe('Product');
    expect(fieldName('amount_cents')).toBe('Amount');
    expect(fieldName('items.1.qty')).toBe('Quantity (row 2)');
    expect(fieldName('scheduledAt')).toBe('Scheduled at');
    expect(fieldName('by')).toBe('Date');
    expect(fieldName('body')).toBeNull();
    expect(fieldName('querystring')).toBeNull();
  });

  it('puts the name before a rule, before a sentence that does not name it, and leaves one that does', () => {
    expect(fieldMessage('account_number', 'must be 5 to 9 digits')).toBe(
      'Account number must be 5 to 9 digits',
    );
    expect(fieldMessage('account_name', 'Too small: expected string to have >=2 characters')).toBe(
      'Account name: Too small: expected string to have >=2 characters',
    );
    expect(fieldMessage('code', 'Please enter a valid code')).toBe('Please enter a valid code');
    expect(fieldMessage('body', 'must be an object')).toBe('must be an object');
    expect(fieldMessage('mobile', 'must be a mobile', 'Your mobile')).toBe('Your mobile must be a mobile');
  });

  it('a refused call reads its first field, named; a form may name its keys its own way', () => {
    expect(errorText(refused({ account_number: ['must be 5 to 9 digits'] }))).toBe(
      'Account number must be 5 to 9 digits',
    );
    expect(errorText(refused({ by: ['must be a real calendar date'] }), { by: 'Remittance date' })).toBe(
      'Remittance date must be a real calendar date',
    );
    expect(errorText(new ApiError(409, 'Another run took these statements.', { code: 'CONFLICT' }))).toBe(
      'Another run took these statements.',
    );
    expect(errorText(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});

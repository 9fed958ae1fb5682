import { MSG } from '@quokka/contract/messages';
import type { RegistrationInput } from '@quokka/contract/validate-registration';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { errorReply, jsonReply } from '../../../test/fake-replies';
import { createAccount } from './create-account';

const FORM: RegistrationInput = {
  mobile: '0412345678',
  fullname: 'Jane van Dyke',
  email: 'jane@example.com',
  street_address: '1 Harbour St',
  suburb: 'Sydney',
  state: 'NSW',
  country: 'AU',
  postcode: '2000',
  terms: true,
};

function answer(reply: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => reply),
  );
}

const register = () => createAccount({ form: FORM, jwt: 'proof.jwt', campaignId: null });

describe('createAccount', () => {
  it('[API-17] a created account answers ok', async () => {
    answer(jsonReply({ status: true }));
    await expect(register()).resolves.toEqual({ ok: true });
  });

  it('[VAL-51] EMAIL_TAKEN puts the clash under the email, with or without input_validation', async () => {
    answer(
      errorReply('EMAIL_TAKEN', MSG.emailExists, {
        status: false,
        input_validation: { email: [MSG.emailExists] },
      }),
    );
    await expect(register()).resolves.toEqual({ ok: false, fieldErrors: { email: [MSG.emailExists] } });
    answer(errorReply('EMAIL_TAKEN', MSG.emailExists));
    await expect(register()).resolves.toEqual({ ok: false, fieldErrors: { email: [MSG.emailExists] } });
  });

  it('[VAL-19] [ERR-12] INPUT_VALIDATION comes back per field; another refusal (INVALID_DATA) with none', async () => {
    const fields = { postcode: ['Postcode 2042 is not in Victoria'] };
    answer(errorReply('INPUT_VALIDATION', 'Invalid', { status: false, input_validation: fields }));
    await expect(register()).resolves.toEqual({ ok: false, fieldErrors: fields });
    answer(errorReply('INVALID_DATA', 'The bot check failed.'));
    await expect(register()).resolves.toEqual({ ok: false, fieldErrors: {} });
  });

  it('a fault is not a refusal: it is thrown for the shell to show', async () => {
    answer(errorReply('INTERNAL', 'Internal Server Error'));
    await expect(register()).rejects.toBeInstanceOf(ApiError);
  });
});

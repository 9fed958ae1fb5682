import type { BankAccountReply } from '@quokka/contract/api/payouts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMe, CSRF } from '../../test/factories';
import { fakeApi, stepUpRequired } from '../../test/fake-api';
import { renderAdmin } from '../../test/render-admin';

const vendorMe = aMe({
  staff: { id: 9, name: 'Sam Seller', mobile: '+61412000111', role: 'vendor', seller_id: 3 },
});

const none: BankAccountReply = { seller_id: 3, seller_name: 'Harbour Goods', account: null };
const onFile: BankAccountReply = {
  seller_id: 3,
  seller_name: 'Harbour Goods',
  account: {
    seller_id: 3,
    seller_name: 'Harbour Goods',
    account_name: 'Harbour Goods Pty Ltd',
    bsb: '062-000',
    account_number_masked: '••••5678',
    updated_at: '2026-11-24T01:00:00.000Z',
  },
};

describe('[I16-payouts] bank account page', () => {
  it('shows the account masked; the edit form checks fields, then saves after the passkey check', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'GET /me': { body: vendorMe },
      'GET /bank-accounts/3': { body: none },
      'PUT /bank-accounts/3': [stepUpRequired, { body: onFile }],
      'POST /step-up/options': { body: { challenge: 'c3RlcC11cA', allowCredentials: [] } },
      'POST /step-up': { body: { status: true, ...vendorMe, passkey_fresh: true } },
    });
    const { webauthn } = renderAdmin('/admin/bank-account');
    expect(await screen.findByText(/No bank account yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add bank details' }));
    const dialog = screen.getByRole('dialog', { name: 'Bank details' });
    await user.type(within(dialog).getByLabelText('Account name'), 'Harbour Goods Pty Ltd');
    await user.type(within(dialog).getByLabelText('BSB'), '06200');
    await user.type(within(dialog).getByLabelText('Account number'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Save bank details' }));
    // [I34] Each error names its field.
    expect(within(dialog).getByText('BSB must be a BSB: 6 digits, such as 062-000')).toBeInTheDocument();
    expect(within(dialog).getByText('Account number must be 5 to 9 digits')).toBeInTheDocument();
    expect(api.to('PUT /bank-accounts/3')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('BSB'));
    await user.type(within(dialog).getByLabelText('BSB'), '062000');
    await user.clear(within(dialog).getByLabelText('Account number'));
    await user.type(within(dialog).getByLabelText('Account number'), '12345678');
    await user.click(within(dialog).getByRole('button', { name: 'Save bank details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const puts = api.to('PUT /bank-accounts/3');
    expect(puts).toHaveLength(2); // refused for the passkey, sent again after the check
    expect(puts[1]?.body).toEqual({
      account_name: 'Harbour Goods Pty Ltd',
      bsb: '062-000',
      account_number: '12345678',
    });
    expect(puts[1]?.headers['x-csrf-token']).toBe(CSRF);
    expect(webauthn.startAuthentication).toHaveBeenCalledTimes(1);
    const details = screen.getByLabelText('Bank account on file');
    expect(details).toHaveTextContent('062-000');
    expect(details).toHaveTextContent('••••5678');
    expect(document.body).not.toHaveTextContent('12345678');
  });

  it('a server refusal is shown in the dialog and nothing changes', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /me': { body: vendorMe },
      'GET /bank-accounts/3': { body: onFile },
      'PUT /bank-accounts/3': {
        status: 400,
        body: {
          message: 'Invalid input',
          code: 'INPUT_VALIDATION',
          input_validation: { account_number: ['must be 5 to 9 digits'] },
        },
      },
    });
    renderAdmin('/admin/bank-account');
    expect(await screen.findByText('••••5678')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change bank details' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Account name'), 'Harbour');
    await user.type(within(dialog).getByLabelText('BSB'), '062-000');
    await user.type(within(dialog).getByLabelText('Account number'), '99999');
    await user.click(within(dialog).getByRole('button', { name: 'Save bank details' }));
    // [I34] The server's field message, with its field named.
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Account number must be 5 to 9 digits',
    );
  });
});

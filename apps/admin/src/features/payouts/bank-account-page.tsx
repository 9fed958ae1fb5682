// [I16-payouts] A vendor's bank account (docs/payouts-and-invoices.md): shown masked (BSB, ••••5678),
// changed in a dialog that checks the passkey again (the API client runs the step-up when the server
// answers STEP_UP_REQUIRED). The form checks the fields with the contract's own rules before sending.
import { ACCOUNT_NAME_MAX, type BankAccountBody, bankAccountBodySchema } from '@quokka/contract/api/payouts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { errorText, fieldMessage } from '../../lib/error-text';
import { shopTime } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { bankAccountQueryKey, bankAccountQueryOptions } from './api/get-bank-account';
import { BANK_ACCOUNTS_QUERY_KEY } from './api/get-bank-accounts';
import { PAYOUTS_DUE_QUERY_KEY } from './api/get-payouts-due';
import { saveBankAccount } from './api/save-bank-account';
import './payouts.css';

type Field = keyof BankAccountBody;

export function BankAccountPage() {
  const me = useMe();
  const { api } = useSession();
  const sellerId = me.staff.seller_id;
  const [editing, setEditing] = useState(false);
  const query = useQuery({ ...bankAccountQueryOptions(api, sellerId), enabled: sellerId !== null });
  const account = query.data?.account;
  return (
    <section className="panel bank-account-page">
      <h1>Bank account</h1>
      <p className="muted">Your weekly payouts are paid into this account by direct credit.</p>
      {sellerId === null && <p className="error">This sign-in is not linked to a seller.</p>}
      {query.error && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {query.isPending && sellerId !== null && <p className="muted">Loading…</p>}
      {query.data && (
        <>
          {account ? (
            <dl className="bank-details" aria-label="Bank account on file">
              <dt>Account name</dt>
              <dd>{account.account_name}</dd>
              <dt>BSB</dt>
              <dd>{account.bsb}</dd>
              <dt>Account number</dt>
              <dd>{account.account_number_masked}</dd>
              <dt>Last changed</dt>
              <dd>{shopTime(account.updated_at)}</dd>
            </dl>
          ) : (
            <p className="notice">
              No bank account yet: add one to be paid. Statements wait until an account is on file.
            </p>
          )}
          <button type="button" className="button primary" onClick={() => setEditing(true)}>
            {account ? 'Change bank details' : 'Add bank details'}
          </button>
        </>
      )}
      {editing && sellerId !== null && (
        <BankAccountDialog sellerId={sellerId} onClose={() => setEditing(false)} />
      )}
    </section>
  );
}

/** The bank details form in a dialog (a vendor for their seller; an operator for any seller). */
export function BankAccountDialog({
  sellerId,
  title = 'Bank details',
  onClose,
}: {
  sellerId: number;
  title?: string;
  onClose(): void;
}) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Record<Field, string>>({ account_name: '', bsb: '', account_number: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: (body: BankAccountBody) => saveBankAccount(api, sellerId, body),
    onSuccess: (reply) => {
      queryClient.setQueryData(bankAccountQueryKey(sellerId), reply);
      void queryClient.invalidateQueries({ queryKey: BANK_ACCOUNTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PAYOUTS_DUE_QUERY_KEY });
      onClose();
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = bankAccountBodySchema.safeParse(form);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        // [I34] 'Account number must be 5 to 9 digits': the message names its field.
        found[field] ??= fieldMessage(field, issue.message);
      }
      return setProblems(found);
    }
    setProblems({});
    save.mutate(parsed.data);
  }
  const input = (field: Field, label: string, props: Record<string, string | number> = {}) => (
    <div className="field">
      <label htmlFor={`bank-${field}`}>{label}</label>
      <input
        id={`bank-${field}`}
        value={form[field]}
        aria-invalid={Boolean(problems[field])}
        aria-describedby={problems[field] ? `bank-${field}-error` : undefined}
        autoComplete="off"
        onChange={(event) => setForm({ ...form, [field]: event.target.value })}
        {...props}
      />
      {problems[field] && (
        <p className="field-error" id={`bank-${field}-error`}>
          {problems[field]}
        </p>
      )}
    </div>
  );
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="muted">Your passkey is checked again before the details are saved.</p>
        {input('account_name', 'Account name', { maxLength: ACCOUNT_NAME_MAX })}
        {input('bsb', 'BSB', { inputMode: 'numeric', placeholder: '062-000', maxLength: 7 })}
        {input('account_number', 'Account number', { inputMode: 'numeric', maxLength: 9 })}
        {save.error && (
          <p className="error" role="alert">
            {errorText(save.error)}
          </p>
        )}
        <div className="dialog-buttons">
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save bank details'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

// [I27-recovery] Passkeys (docs/back-office.md "Recovery by code"): one's own, each marked when it is still
// waiting (added after a text code, it counts for money actions only later), with Remove; and, for
// operators, other members' waiting passkeys with Approve and Remove. Approving and removing ask for the
// passkey (the API client's step-up).
import type { StaffPasskey } from '@quokka/contract/api/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { errorText } from '../../lib/error-text';
import { shopTime } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { approvePasskey } from './api/approve-passkey';
import { PASSKEYS_QUERY_KEY, passkeysQueryOptions } from './api/get-passkeys';
import { pendingPasskeysQueryOptions } from './api/get-pending-passkeys';
import { removePasskey } from './api/remove-passkey';

export function PasskeysPage() {
  const { api } = useSession();
  const me = useMe();
  const operator = me.staff.role === 'operator';
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mine = useQuery(passkeysQueryOptions(api));
  const waiting = useQuery({ ...pendingPasskeysQueryOptions(api), enabled: operator });

  async function act(passkey: StaffPasskey, action: 'approve' | 'remove', said: string) {
    setError(null);
    setDone(null);
    setBusy(`${action}-${passkey.id}`);
    try {
      await (action === 'approve' ? approvePasskey : removePasskey)(api, passkey.id);
      setDone(said);
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section>
      <div className="page-head">
        <h1>Passkeys</h1>
      </div>
      {me.passkey_pending_until && (
        <p className="notice" role="status">
          You signed in with a new passkey, added after a text code. It counts for refunds and other money
          actions from {shopTime(me.passkey_pending_until)}, or sooner when another operator approves it.
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {done && !error && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <h2>Your passkeys</h2>
      <p className="muted small">
        A passkey added after a text code, while you already had one, waits 24 hours before it counts for
        money actions. Not yours? Remove it: the devices signed in with it are signed out at once.
      </p>
      {mine.isError && (
        <p className="error" role="alert">
          {errorText(mine.error)}
        </p>
      )}
      {mine.data && (
        <PasskeyTable
          items={mine.data.items}
          who={false}
          actions={(passkey) =>
            passkey.current ? (
              <span className="muted small">This session</span>
            ) : (
              <button
                type="button"
                className="button secondary"
                disabled={busy !== null}
                onClick={() => act(passkey, 'remove', 'The passkey was removed.')}
              >
                {busy === `remove-${passkey.id}` ? 'Removing…' : 'Remove'}
              </button>
            )
          }
        />
      )}
      {operator && (
        <>
          <h2>Waiting for approval</h2>
          <p className="muted small">
            Other members' passkeys added after a text code. Approve one only when you know the member added
            it (ask them); it then counts for money actions at once.
          </p>
          {waiting.isError && (
            <p className="error" role="alert">
              {errorText(waiting.error)}
            </p>
          )}
          {waiting.data && waiting.data.items.length === 0 && <p className="muted">None waiting.</p>}
          {waiting.data && waiting.data.items.length > 0 && (
            <PasskeyTable
              items={waiting.data.items}
              who
              actions={(passkey) => (
                <span className="cell">
                  <button
                    type="button"
                    className="button primary"
                    disabled={busy !== null}
                    onClick={() => act(passkey, 'approve', `${passkey.staff_name}'s passkey now counts.`)}
                  >
                    {busy === `approve-${passkey.id}` ? 'Approving…' : 'Approve'}
                  </button>{' '}
                  <button
                    type="button"
                    className="button secondary"
                    disabled={busy !== null}
                    onClick={() => act(passkey, 'remove', `${passkey.staff_name}'s passkey was removed.`)}
                  >
                    {busy === `remove-${passkey.id}` ? 'Removing…' : 'Remove'}
                  </button>
                </span>
              )}
            />
          )}
        </>
      )}
    </section>
  );
}

function PasskeyTable({
  items,
  who,
  actions,
}: {
  items: StaffPasskey[];
  who: boolean;
  actions(passkey: StaffPasskey): ReactNode;
}) {
  return (
    <table className="list-table passkeys">
      <thead>
        <tr>
          {who && <th scope="col">Member</th>}
          <th scope="col">Added</th>
          <th scope="col">Last used</th>
          <th scope="col">Money actions</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {items.map((passkey) => (
          <tr key={passkey.id}>
            {who && <td data-label="Member">{passkey.staff_name}</td>}
            <td data-label="Added">{shopTime(passkey.created_at)}</td>
            <td data-label="Last used">{shopTime(passkey.last_used_at)}</td>
            <td data-label="Money actions">
              {passkey.pending_until ? `Waiting until ${shopTime(passkey.pending_until)}` : 'Counts'}
            </td>
            <td data-label="Actions">{actions(passkey)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

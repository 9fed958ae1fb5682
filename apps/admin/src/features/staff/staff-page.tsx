// [I32] Staff (docs/sellers.md): operators see and manage every member of staff of any role; a seller's
// owner only their own seller's staff. Each member shows their role, seller, the owner badge and where
// their invite stands (invited, active once they have a passkey, invite expired). "Add and text invite"
// adds a member and texts them a single-use link; "Text a new invite" sends a fresh one (the old stops
// working); "Remove" asks first, then ends the member's sessions at once.

import type { StaffInviteState, StaffListItem } from '@quokka/contract/api/staff-admin';
import { formatMobileNational } from '@quokka/contract/mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../lib/error-text';
import { shopTime } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { addStaff } from './api/add-staff';
import { staffSellersQueryOptions } from './api/get-sellers';
import { STAFF_QUERY_KEY, staffQueryOptions } from './api/get-staff';
import { removeStaff } from './api/remove-staff';
import { resendInvite } from './api/resend-invite';
import './staff.css';

const INVITE_STATE: Record<StaffInviteState, [string, string]> = {
  invited: ['Invited', 'badge-warn'],
  active: ['Active', 'badge-ok'],
  invite_expired: ['Invite expired', 'badge-bad'],
};

export function StaffPage() {
  const me = useMe();
  const { api } = useSession();
  const operator = me.staff.role === 'operator';
  const query = useQuery(staffQueryOptions(api));
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="staff-page">
      <div className="page-head">
        <h1>Staff</h1>
      </div>
      <p className="muted">
        {operator
          ? 'Everyone who works in the back office. New members are texted a link that works once, within 72 hours.'
          : "Your shop's staff. New members are texted a link that works once, within 72 hours."}
      </p>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <AddStaffForm operator={operator} known={query.data?.items ?? []} onAdded={setNotice} />
      {query.error && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {query.isPending && <p className="muted">Loading…</p>}
      {query.data && (
        <ul className="staff-list" aria-label="Staff members">
          {query.data.items.map((member) => (
            <StaffRow key={member.id} member={member} self={member.id === me.staff.id} onDone={setNotice} />
          ))}
        </ul>
      )}
    </section>
  );
}

function StaffRow({
  member,
  self,
  onDone,
}: {
  member: StaffListItem;
  self: boolean;
  onDone(message: string): void;
}) {
  const { api } = useSession();
  const me = useMe();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY });
  const remove = useMutation({
    mutationFn: () => removeStaff(api, member.id),
    onSuccess: () => {
      onDone(`${member.name} was removed. Their sessions have ended.`);
      setConfirming(false);
      void refresh();
    },
  });
  const invite = useMutation({
    mutationFn: () => resendInvite(api, member.id),
    onSuccess: () => {
      onDone(`A new invite was texted to ${member.name}.`);
      void refresh();
    },
  });
  const [state, tone] = INVITE_STATE[member.invite_state];
  // A seller's owner cannot remove themselves (the server says so too).
  const mayRemove = !(self && me.staff.role !== 'operator');
  const error = remove.error ?? invite.error;
  return (
    <li className="panel staff-row">
      <div className="staff-head">
        <strong>{member.name}</strong>
        {self && <span className="muted small">(you)</span>}
        <span className="badges">
          {member.seller_owner && <span className="badge badge-info">Owner</span>}
          <span className={`badge ${tone}`}>{state}</span>
        </span>
      </div>
      <p className="staff-details">
        <span>{formatMobileNational(member.mobile)}</span>
        <span>{member.role === 'operator' ? 'Operator' : 'Seller staff'}</span>
        {member.seller_name && <span>{member.seller_name}</span>}
      </p>
      {member.invite_state === 'invited' && member.invite_expires_at && (
        <p className="muted small">Invite link works until {shopTime(member.invite_expires_at)}.</p>
      )}
      {error && (
        <p className="error" role="alert">
          {errorText(error)}
        </p>
      )}
      {confirming ? (
        <div className="actions staff-confirm">
          <p className="strong">Remove {member.name}?</p>
          <button
            type="button"
            className="button danger"
            onClick={() => remove.mutate()}
            disabled={remove.isPending}
          >
            {remove.isPending ? 'Removing…' : 'Remove'}
          </button>
          <button type="button" className="button secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="actions">
          <button
            type="button"
            className="button secondary"
            onClick={() => invite.mutate()}
            disabled={invite.isPending}
          >
            {invite.isPending ? 'Texting…' : 'Text a new invite'}
          </button>
          {mayRemove && (
            <button type="button" className="button danger-outline" onClick={() => setConfirming(true)}>
              Remove
            </button>
          )}
        </div>
      )}
    </li>
  );
}

type Role = 'operator' | 'vendor';

function AddStaffForm({
  operator,
  known,
  onAdded,
}: {
  operator: boolean;
  known: StaffListItem[];
  onAdded(message: string): void;
}) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [role, setRole] = useState<Role>('vendor');
  const [seller, setSeller] = useState('');
  const sellersQuery = useQuery({ ...staffSellersQueryOptions(api), enabled: operator });
  // Without the sellers list (not reachable), the sellers the staff list already names.
  const sellers =
    sellersQuery.data?.items.map((item) => ({ id: item.id, name: item.name })) ??
    [
      ...new Map(
        known.flatMap((member) =>
          member.seller_id !== null && member.seller_name
            ? [[member.seller_id, member.seller_name] as const]
            : [],
        ),
      ),
    ].map(([id, sellerName]) => ({ id, name: sellerName }));
  const add = useMutation({
    mutationFn: () =>
      addStaff(api, {
        name,
        mobile,
        ...(operator ? { role, seller_id: role === 'vendor' && seller ? Number(seller) : null } : {}),
      }),
    onSuccess: (member) => {
      onAdded(`${member.name} was added and texted an invite.`);
      setName('');
      setMobile('');
      void queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY });
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate();
  }
  return (
    <form className="panel staff-add" onSubmit={submit} noValidate aria-labelledby="staff-add-title">
      <h2 id="staff-add-title">Add staff</h2>
      <div className="field">
        <label htmlFor="staff-name">Name</label>
        <input
          id="staff-name"
          autoComplete="off"
          maxLength={80}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
        />
      </div>
      <div className="field">
        <label htmlFor="staff-mobile">Mobile</label>
        <input
          id="staff-mobile"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="0412 345 678"
          value={mobile}
          onChange={(event) => setMobile(event.target.value)}
          required
        />
      </div>
      {operator && (
        <>
          <div className="field">
            <label htmlFor="staff-role">Role</label>
            <select id="staff-role" value={role} onChange={(event) => setRole(event.target.value as Role)}>
              <option value="operator">Operator</option>
              <option value="vendor">Seller staff</option>
            </select>
          </div>
          {role === 'vendor' && (
            <div className="field">
              <label htmlFor="staff-seller">Seller</label>
              <select id="staff-seller" value={seller} onChange={(event) => setSeller(event.target.value)}>
                <option value="">Choose a seller</option>
                {sellers.map((item) => (
                  <option key={item.id} value={String(item.id)}>
                    {item.name}
                  </option>
                ))}
              </select>
            </div>
          )}
        </>
      )}
      {add.error && (
        <p className="error" role="alert">
          {errorText(add.error)}
        </p>
      )}
      <button type="submit" className="button primary" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add and text invite'}
      </button>
    </form>
  );
}

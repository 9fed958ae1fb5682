// [I32] Members (operators; docs/sellers.md): "Find member" by mobile or email; each member's name, mobile,
// email and status ("Active" or "Suspended since <date>: <reason>"). "Suspend" asks for the reason
// ("Suspend member"): they cannot sign in, order or redeem a gift card, and their sessions end at once.
// "Lift suspension": they may sign in again. [I34] Each member's name opens their customer page
// (/customers/:id: orders, gift cards, texts, consent).
import type { AdminMember } from '@quokka/contract/api/members';
import { SUSPENSION_REASON_MAX } from '@quokka/contract/api/members';
import { formatMobileNational } from '@quokka/contract/mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/error-text';
import { shopTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { MEMBERS_QUERY_KEY, membersQueryOptions } from './api/get-members';
import { liftMemberSuspension } from './api/lift-member';
import { suspendMember } from './api/suspend-member';
import './members.css';

export function MembersPage() {
  const { api } = useSession();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const query = useQuery(membersQueryOptions(api, q));

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    setQ(draft.trim());
  }

  return (
    <section>
      <h1>Members</h1>
      <form className="filters" onSubmit={submit} aria-label="Find member">
        <div className="field grow">
          <label htmlFor="member-q">Mobile or email</label>
          <input
            id="member-q"
            type="search"
            inputMode="email"
            autoComplete="off"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <div className="filter-buttons">
          <button type="submit" className="button primary">
            Find member
          </button>
        </div>
      </form>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      {query.isError && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {q && query.isPending && <p className="muted">Looking…</p>}
      {query.data?.length === 0 && <p className="panel">No member has that mobile or email.</p>}
      {query.data && query.data.length > 0 && (
        <ul className="suspension-list">
          {query.data.map((member) => (
            <MemberItem key={member.id} member={member} onDone={setDone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberItem({ member, onDone }: { member: AdminMember; onDone(message: string): void }) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (call: () => Promise<AdminMember>) => call(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY_KEY }),
  });
  const name = `${member.firstname} ${member.lastname}`.trim() || 'Member';
  const reasonId = `member-${member.id}-reason`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setProblem('Please give the reason for the suspension.');
    setProblem(null);
    change.mutate(() => suspendMember(api, member.id, reason.trim()), {
      onSuccess: () => {
        setOpen(false);
        setReason('');
        onDone(`${name} is suspended: they cannot sign in, order or redeem.`);
      },
    });
  }

  const failure = problem ?? (change.error ? errorText(change.error) : null);
  return (
    <li className="panel suspension-item" aria-label={name}>
      <div className="suspension-head">
        <div>
          <h2>
            <Link to={`/customers/${member.id}`}>{name}</Link>
          </h2>
          <p className="muted">
            {formatMobileNational(member.mobile)} · {member.email}
          </p>
        </div>
        <p className={member.suspended_at ? 'suspension-status suspended' : 'suspension-status'}>
          {member.suspended_at
            ? `Suspended since ${shopTime(member.suspended_at)}: ${member.suspended_reason ?? ''}`
            : 'Active'}
        </p>
      </div>
      {failure && (
        <p className="error" role="alert">
          {failure}
        </p>
      )}
      {member.suspended_at ? (
        <button
          type="button"
          className="button secondary"
          disabled={change.isPending}
          onClick={() =>
            change.mutate(() => liftMemberSuspension(api, member.id), {
              onSuccess: () => onDone(`${name} may sign in again.`),
            })
          }
        >
          {change.isPending ? 'Lifting…' : 'Lift suspension'}
        </button>
      ) : open ? (
        <form onSubmit={submit} noValidate aria-label={`Suspend ${name}`}>
          <div className="field">
            <label htmlFor={reasonId}>Reason</label>
            <textarea
              id={reasonId}
              value={reason}
              maxLength={SUSPENSION_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <div className="suspension-buttons">
            <button type="button" className="button secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="button danger" disabled={change.isPending}>
              {change.isPending ? 'Suspending…' : 'Suspend member'}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button secondary" onClick={() => setOpen(true)}>
          Suspend
        </button>
      )}
    </li>
  );
}

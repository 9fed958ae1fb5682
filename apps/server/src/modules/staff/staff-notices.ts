import { formatMobileNational } from '@quokka/contract/mobile';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import { staffTime } from './staff-guards.ts';

// [I27-recovery] Texts about a member's passkeys, queued in the outbox (modules/messages/outbox.ts) in the
// transaction of the change they report, so a change that commits always has its notices and a crash
// before they go loses none: the caller sends them after its commit (outbox.sendNow), and the worker
// retries what failed. Every other live operator is texted when a passkey is added, approved or removed,
// and the member's own mobile when the change was not made with a passkey of theirs that counts (a
// passkey added after a code sign-in; one removed or approved by someone else). Not counted against the
// shop-wide SMS budget: a notice the budget swallowed would hide the very thing it reports, and each one
// follows a code sign-in (itself limited) or a passkey check. No quiet hours: a security notice is
// transactional.

export const PASSKEY_NOTICE_PURPOSE = 'staff_passkey_notice';

export interface PasskeyNoticeDeps {
  storeName: string;
  clock: Clock;
}

export interface NoticeMember {
  id: number;
  name: string;
  mobile: string;
}

/** What the notice is about: its kind and the passkey, which with the number make its outbox key. */
type About = { event: 'added' | 'approved' | 'removed'; passkeyId: number };

export function createPasskeyNotices({ storeName, clock }: PasskeyNoticeDeps) {
  const prefix = `${storeName} back office:`;

  /** Queues the notices in `trx`; answers their outbox ids. */
  async function queue(
    trx: Db,
    about: About,
    member: NoticeMember,
    toOperators: string,
    toMember: string | null,
  ): Promise<number[]> {
    const operators = await trx
      .selectFrom('staff')
      .select(['mobile'])
      .where('role', '=', 'operator')
      .where('removed_at', 'is', null)
      .where('id', '!=', member.id)
      .execute();
    const texts = operators.map((row) => ({ to: row.mobile, body: `${prefix} ${toOperators}` }));
    if (toMember) texts.push({ to: member.mobile, body: `${prefix} ${toMember}` });
    const ids: number[] = [];
    for (const text of texts)
      ids.push(
        await enqueueMessage(
          trx,
          {
            kind: 'sms',
            to: text.to,
            purpose: PASSKEY_NOTICE_PURPOSE,
            body: text.body,
            key: `passkey_${about.event}:${about.passkeyId}:${text.to}`,
          },
          clock.now(),
        ),
      );
    return ids;
  }

  const who = (member: NoticeMember) => `${member.name} (${formatMobileNational(member.mobile)})`;

  return {
    async added(trx: Db, passkeyId: number, member: NoticeMember, pendingUntil: Date | null) {
      const about = { event: 'added', passkeyId } as const;
      if (pendingUntil === null)
        return queue(trx, about, member, `a passkey was added to ${who(member)}'s account.`, null);
      const from = staffTime(pendingUntil);
      return queue(
        trx,
        about,
        member,
        `a passkey was added to ${who(member)}'s account after a sign-in by text code. It counts for refunds and other money actions from ${from}, or sooner if an operator approves it. Not expected? Sign in and remove it under Passkeys.`,
        `a new passkey was added to your account after a sign-in by text code. It counts for money actions from ${from}. Not you? Sign in with your old passkey and remove it under Passkeys.`,
      );
    },

    async approved(trx: Db, passkeyId: number, member: NoticeMember, by: NoticeMember) {
      return queue(
        trx,
        { event: 'approved', passkeyId },
        member,
        `${by.name} approved the new passkey of ${who(member)}: it counts for money actions now.`,
        `${by.name} approved your new passkey: it counts for money actions now.`,
      );
    },

    async removed(trx: Db, passkeyId: number, member: NoticeMember, by: NoticeMember) {
      const self = by.id === member.id;
      return queue(
        trx,
        { event: 'removed', passkeyId },
        member,
        `a passkey of ${who(member)}'s account was removed${self ? '' : ` by ${by.name}`}.`,
        self ? null : `${by.name} removed a passkey of your account.`,
      );
    },
  };
}

export type PasskeyNotices = ReturnType<typeof createPasskeyNotices>;

import { formatMobileNational } from '@quokka/contract/mobile';
import type { Db } from '../../db/database.ts';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import { staffTime } from './staff-guards.ts';

// [I27-recovery] Texts about a member's passkeys, sent the way the code sign-in sends its codes
// (messaging.sendSms). Every other live operator is texted when a passkey is added, approved or removed,
// and the member's own mobile when the change was not made with a passkey of theirs that counts (a
// passkey added after a code sign-in; one removed or approved by someone else). Not counted against the
// shop-wide SMS budget: a notice the budget swallowed would hide the very thing it reports, and each one
// follows a code sign-in (itself limited) or a passkey check. A failed send is logged, never undoes the
// change.

export interface PasskeyNoticeDeps {
  db: Db;
  messaging: MessagingProvider;
  storeName: string;
  log: { warn(message: string): void };
}

export interface NoticeMember {
  id: number;
  name: string;
  mobile: string;
}

export function createPasskeyNotices({ db, messaging, storeName, log }: PasskeyNoticeDeps) {
  const prefix = `${storeName} back office:`;

  async function send(member: NoticeMember, toOperators: string, toMember: string | null) {
    const operators = await db
      .selectFrom('staff')
      .select(['mobile'])
      .where('role', '=', 'operator')
      .where('removed_at', 'is', null)
      .where('id', '!=', member.id)
      .execute();
    const texts = operators.map((row) => ({ to: row.mobile, body: `${prefix} ${toOperators}` }));
    if (toMember) texts.push({ to: member.mobile, body: `${prefix} ${toMember}` });
    const sent = await Promise.allSettled(texts.map((text) => messaging.sendSms(text.to, text.body)));
    sent.forEach((outcome, index) => {
      if (outcome.status === 'rejected')
        log.warn(`passkey notice to ${texts[index]?.to} not sent: ${String(outcome.reason)}`);
    });
  }

  const who = (member: NoticeMember) => `${member.name} (${formatMobileNational(member.mobile)})`;

  return {
    async added(member: NoticeMember, pendingUntil: Date | null) {
      if (pendingUntil === null) {
        await send(member, `a passkey was added to ${who(member)}'s account.`, null);
        return;
      }
      const from = staffTime(pendingUntil);
      await send(
        member,
        `a passkey was added to ${who(member)}'s account after a sign-in by text code. It counts for refunds and other money actions from ${from}, or sooner if an operator approves it. Not expected? Sign in and remove it under Passkeys.`,
        `a new passkey was added to your account after a sign-in by text code. It counts for money actions from ${from}. Not you? Sign in with your old passkey and remove it under Passkeys.`,
      );
    },

    async approved(member: NoticeMember, by: NoticeMember) {
      await send(
        member,
        `${by.name} approved the new passkey of ${who(member)}: it counts for money actions now.`,
        `${by.name} approved your new passkey: it counts for money actions now.`,
      );
    },

    async removed(member: NoticeMember, by: NoticeMember) {
      const self = by.id === member.id;
      await send(
        member,
        `a passkey of ${who(member)}'s account was removed${self ? '' : ` by ${by.name}`}.`,
        self ? null : `${by.name} removed a passkey of your account.`,
      );
    },
  };
}

export type PasskeyNotices = ReturnType<typeof createPasskeyNotices>;

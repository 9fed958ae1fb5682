// [GIFT-05, VAL-46..50] The message's live counter: characters out of 160 (70 once the text needs
// Unicode), and the SMS parts it takes (153, or 67, per part once split). The contract's countSms
// does the counting, the same one the server checks the message with.
import { MSG } from '@quokka/contract/messages';
import { countSms, singlePartLimit } from '@quokka/contract/sms';

export function MessageCounter({ id, text }: { id: string; text: string }) {
  const count = countSms(text);
  const limit = singlePartLimit(count.encoding);
  const parts = Math.max(count.parts, 1);
  const over = count.parts > 1;
  return (
    <p
      className={over ? 'gift-counter gift-counter--over' : 'gift-counter'}
      id={id}
      aria-live="polite"
      data-testid="message-counter"
    >
      <span className="gift-counter__chars">
        {count.characters}/{limit} {MSG.smsCharacters}
      </span>
      <span className="gift-counter__parts">
        {parts} {parts === 1 ? MSG.smsPart : MSG.smsParts}
        {over ? ` · ${count.perPart} ${MSG.smsPerPart}` : ''}
      </span>
      {count.encoding === 'UCS-2' ? <span className="gift-counter__note">{MSG.smsUnicodeNote}</span> : null}
    </p>
  );
}

// [GIFT-04..07] The recipient details form of /giftcard/add and /giftcard/edit: firstname, lastname,
// mobile, message with its live counter, the purchaser's mobile for the receipt, 'Submit'. The rules
// and messages are the contract's (validateGiftCardRecipient) [VAL-41..45], so the server refuses
// exactly what this form would; the server's input_validation lands beside the same fields [VAL-51].
import { NAME_MAX } from '@quokka/contract/input-limits';
import { MSG } from '@quokka/contract/messages';
import { type GiftCardRecipientField, validateGiftCardRecipient } from '@quokka/contract/validate-gift-card';
import { type FieldErrors, hasErrors } from '@quokka/contract/wire';
import { type FormEvent, useId } from 'react';
import { FieldError } from '../../../components/forms/field-error';
import { MobileField } from '../../../components/forms/mobile-field';
import { TextField } from '../../../components/forms/text-field';
import { useForm } from '../../../components/forms/use-form';
import { Button } from '../../../components/ui/button';
import type { RecipientValues } from '../api/edit-gift-card-details';
import { MessageCounter } from './message-counter';
import '../../../components/forms/field.css';
import './giftcards.css';

const FIELD_ORDER: readonly GiftCardRecipientField[] = [
  'recipient_firstname',
  'recipient_lastname',
  'recipient_mobile',
  'recipient_message',
  'purchaser_mobile',
];

export interface RecipientFormProps {
  initial: RecipientValues;
  busy?: boolean;
  /** Saves valid values; answers the server's field messages when it refused them, else null. */
  onSubmit: (values: RecipientValues) => Promise<FieldErrors | null>;
}

export function RecipientForm({ initial, busy = false, onSubmit }: RecipientFormProps) {
  const id = useId();
  const form = useForm(initial);
  const { values } = form;
  const fieldId = (field: GiftCardRecipientField) => `${id}-${field}`;

  function show(found: FieldErrors) {
    form.showErrors(
      found,
      FIELD_ORDER.find((field) => found[field]),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateGiftCardRecipient(values);
    if (hasErrors(found)) {
      show(found);
      return;
    }
    const refused = await onSubmit(values);
    if (refused && hasErrors(refused)) show(refused);
  }

  const field = (name: Exclude<GiftCardRecipientField, 'recipient_message'>) => ({
    id: fieldId(name),
    ...form.bind(name),
  });
  const message = form.bind('recipient_message');
  const messageId = fieldId('recipient_message');
  const messageDescribedBy = [message.error ? `${messageId}-error` : null, `${messageId}-counter`]
    .filter(Boolean)
    .join(' ');

  return (
    <form className="gift-form" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="gift-form__row">
        <TextField
          label={MSG.giftFirstnameLabel}
          autoCapitalize="words"
          maxLength={NAME_MAX}
          autoComplete="off"
          {...field('recipient_firstname')}
        />
        <TextField
          label={MSG.giftLastnameLabel}
          autoCapitalize="words"
          maxLength={NAME_MAX}
          autoComplete="off"
          {...field('recipient_lastname')}
        />
      </div>
      <MobileField label={MSG.giftMobileLabel} autoComplete="off" {...field('recipient_mobile')} />
      <div className="field">
        <label className="field__label" htmlFor={messageId}>
          {MSG.giftMessageLabel}
        </label>
        <textarea
          ref={message.inputRef}
          id={messageId}
          name={message.name}
          className="field__input gift-form__message"
          rows={4}
          value={message.value}
          onChange={message.onChange}
          aria-invalid={message.error ? true : undefined}
          aria-describedby={messageDescribedBy}
        />
        <MessageCounter id={`${messageId}-counter`} text={message.value} />
        <FieldError id={`${messageId}-error`} message={message.error} />
      </div>
      <MobileField
        label={MSG.giftReceiptMobileLabel}
        hint={MSG.giftReceiptMobileHint}
        {...field('purchaser_mobile')}
      />
      <Button type="submit" block className="gift-form__submit" disabled={busy}>
        {MSG.submit}
      </Button>
    </form>
  );
}

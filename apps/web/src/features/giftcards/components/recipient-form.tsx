// [GIFT-04..07] The recipient details form of /giftcard/add and /giftcard/edit: firstname, lastname,
// mobile, message with its live counter, the purchaser's mobile for the receipt, 'Submit'. The rules
// and messages are the contract's (validateGiftCardRecipient) [VAL-41..45], so the server refuses
// exactly what this form would; the server's input_validation lands beside the same fields [VAL-51].
import { MSG } from '@quokka/contract/messages';
import { type GiftCardRecipientField, validateGiftCardRecipient } from '@quokka/contract/validate-gift-card';
import { type FieldErrors, hasErrors } from '@quokka/contract/wire';
import { type FormEvent, useId } from 'react';
import { FieldError } from '../../../components/forms/field-error';
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
  const { values, errors } = form;
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

  const text = (field: Exclude<GiftCardRecipientField, 'recipient_message'>) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    error: errors[field],
    inputRef: form.fieldRef(field),
    onChange: (event: { target: { value: string } }) => form.change(field, event.target.value),
  });

  const mobile = { type: 'tel', inputMode: 'tel', placeholder: MSG.mobilePlaceholder } as const;
  const messageId = fieldId('recipient_message');
  const messageDescribedBy = [errors.recipient_message ? `${messageId}-error` : null, `${messageId}-counter`]
    .filter(Boolean)
    .join(' ');

  return (
    <form className="gift-form" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="gift-form__row">
        <TextField
          label={MSG.giftFirstnameLabel}
          autoCapitalize="words"
          autoComplete="off"
          {...text('recipient_firstname')}
        />
        <TextField
          label={MSG.giftLastnameLabel}
          autoCapitalize="words"
          autoComplete="off"
          {...text('recipient_lastname')}
        />
      </div>
      <TextField label={MSG.giftMobileLabel} {...mobile} autoComplete="off" {...text('recipient_mobile')} />
      <div className="field">
        <label className="field__label" htmlFor={messageId}>
          {MSG.giftMessageLabel}
        </label>
        <textarea
          ref={form.fieldRef('recipient_message')}
          id={messageId}
          name="recipient_message"
          className="field__input gift-form__message"
          rows={4}
          value={values.recipient_message}
          onChange={(event) => form.change('recipient_message', event.target.value)}
          aria-invalid={errors.recipient_message ? true : undefined}
          aria-describedby={messageDescribedBy}
        />
        <MessageCounter id={`${messageId}-counter`} text={values.recipient_message} />
        <FieldError id={`${messageId}-error`} message={errors.recipient_message} />
      </div>
      <TextField
        label={MSG.giftReceiptMobileLabel}
        hint={MSG.giftReceiptMobileHint}
        {...mobile}
        autoComplete="tel"
        {...text('purchaser_mobile')}
      />
      <Button type="submit" block className="gift-form__submit" disabled={busy}>
        {MSG.submit}
      </Button>
    </form>
  );
}

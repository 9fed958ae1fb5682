// [GIFT-04..07] The recipient details form of /giftcard/add and /giftcard/edit: firstname, lastname,
// mobile, message with its live counter, the purchaser's mobile for the receipt, 'Submit'. The rules
// and messages are the contract's (validateGiftCardRecipient) [VAL-41..45], so the server refuses
// exactly what this form would; the server's input_validation lands beside the same fields [VAL-51].
import { MSG } from '@quokka/contract/messages';
import { type GiftCardRecipientField, validateGiftCardRecipient } from '@quokka/contract/validate-gift-card';
import { type FieldErrors, hasErrors } from '@quokka/contract/wire';
import { type FormEvent, type InputHTMLAttributes, useId, useRef, useState } from 'react';
import { FieldError } from '../../../components/forms/field-error';
import { Button } from '../../../components/ui/button';
import type { RecipientValues } from '../api/edit-gift-card-details';
import { MessageCounter } from './message-counter';
import '../../../components/forms/field.css';
import './giftcards.css';

const FIELD_ORDER: GiftCardRecipientField[] = [
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
  const [values, setValues] = useState<RecipientValues>(initial);
  const [errors, setErrors] = useState<FieldErrors<GiftCardRecipientField>>({});
  const refs = useRef<Partial<Record<GiftCardRecipientField, HTMLInputElement | HTMLTextAreaElement | null>>>(
    {},
  );
  const fieldId = (field: string) => `${id}-${field}`;
  const errorId = (field: string) => `${id}-${field}-error`;

  function setValue(field: GiftCardRecipientField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function show(found: FieldErrors<GiftCardRecipientField>) {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) refs.current[first]?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateGiftCardRecipient(values);
    if (hasErrors(found)) {
      show(found);
      return;
    }
    const refused = await onSubmit(values);
    if (refused && hasErrors(refused)) show(refused as FieldErrors<GiftCardRecipientField>);
  }

  const described = (field: GiftCardRecipientField, extra?: string) => {
    const ids = [errors[field] ? errorId(field) : null, extra ?? null].filter(Boolean).join(' ');
    return {
      'aria-invalid': errors[field] ? (true as const) : undefined,
      'aria-describedby': ids || undefined,
    };
  };

  function input(
    field: GiftCardRecipientField,
    label: string,
    attributes: InputHTMLAttributes<HTMLInputElement> = {},
    hint?: string,
  ) {
    return (
      <div className="field">
        <label className="field__label" htmlFor={fieldId(field)}>
          {label}
        </label>
        {hint ? (
          <p className="field__hint" id={`${fieldId(field)}-hint`}>
            {hint}
          </p>
        ) : null}
        <input
          ref={(element) => {
            refs.current[field] = element;
          }}
          id={fieldId(field)}
          name={field}
          className="field__input"
          type="text"
          value={values[field]}
          onChange={(event) => setValue(field, event.target.value)}
          {...described(field, hint ? `${fieldId(field)}-hint` : undefined)}
          {...attributes}
        />
        <FieldError id={errorId(field)} message={errors[field]} />
      </div>
    );
  }

  const mobile: InputHTMLAttributes<HTMLInputElement> = {
    type: 'tel',
    inputMode: 'tel',
    placeholder: MSG.mobilePlaceholder,
  };

  return (
    <form className="gift-form" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="gift-form__row">
        {input('recipient_firstname', MSG.giftFirstnameLabel, {
          autoCapitalize: 'words',
          autoComplete: 'off',
        })}
        {input('recipient_lastname', MSG.giftLastnameLabel, { autoCapitalize: 'words', autoComplete: 'off' })}
      </div>
      {input('recipient_mobile', MSG.giftMobileLabel, { ...mobile, autoComplete: 'off' })}
      <div className="field">
        <label className="field__label" htmlFor={fieldId('recipient_message')}>
          {MSG.giftMessageLabel}
        </label>
        <textarea
          ref={(element) => {
            refs.current.recipient_message = element;
          }}
          id={fieldId('recipient_message')}
          name="recipient_message"
          className="field__input gift-form__message"
          rows={4}
          value={values.recipient_message}
          onChange={(event) => setValue('recipient_message', event.target.value)}
          {...described('recipient_message', `${fieldId('recipient_message')}-counter`)}
        />
        <MessageCounter id={`${fieldId('recipient_message')}-counter`} text={values.recipient_message} />
        <FieldError id={errorId('recipient_message')} message={errors.recipient_message} />
      </div>
      {input(
        'purchaser_mobile',
        MSG.giftReceiptMobileLabel,
        { ...mobile, autoComplete: 'tel' },
        MSG.giftReceiptMobileHint,
      )}
      <Button type="submit" block className="gift-form__submit" disabled={busy}>
        {MSG.submit}
      </Button>
    </form>
  );
}

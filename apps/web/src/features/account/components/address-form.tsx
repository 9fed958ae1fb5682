// [ACCT-09..12] The account's address form (SPEC.md §5 Address form): full name, mobile, the places
// search and the manual fields, 'Save Address'. Every rule and message is the contract's
// (validateAddress), so the server refuses exactly what this form would, and the server's
// input_validation lands beside the same fields [VAL-20..30].
import { COUNTRY_ID, COUNTRY_NAME } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { REGIONS } from '@quokka/contract/regions';
import {
  type AddressField,
  type AddressInput,
  addressPartsMissing,
  validateAddress,
} from '@quokka/contract/validate-address';
import { type FieldErrors, hasErrors } from '@quokka/contract/wire';
import { type FormEvent, type InputHTMLAttributes, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { PlaceAddress } from '../../../lib/places';
// The registration's address search: the same combobox over the same places call.
import { AddressSearch } from '../../auth/components/address-search';
import { FieldError } from '../../auth/components/field-error';
import '../../auth/components/auth.css';

/** Fields in form order, for focusing the first one with a message. */
const FIELD_ORDER: AddressField[] = [
  'fullname',
  'mobile',
  'street_address',
  'suburb',
  'state',
  'postcode',
  'country',
];

export interface AddressFormProps {
  initial: AddressInput;
  /** Editing a stored address shows its manual fields at once; a new one waits for the search. */
  showManualFields?: boolean;
  busy?: boolean;
  /** Saves a valid address; answers the server's field messages when it refused it, else null. */
  onSave: (address: AddressInput) => Promise<FieldErrors | null>;
}

export function AddressForm({ initial, showManualFields = false, busy = false, onSave }: AddressFormProps) {
  const id = useId();
  const [values, setValues] = useState<AddressInput>({
    ...initial,
    // [VAL-30] Australia is the only country.
    country: COUNTRY_ID,
    state: initial.state || MSG.statePlaceholder,
  });
  const [errors, setErrors] = useState<FieldErrors<AddressField>>({});
  const [query, setQuery] = useState('');
  const [showManual, setShowManual] = useState(showManualFields);
  const [focusTarget, setFocusTarget] = useState<{ field: AddressField | 'address' } | null>(null);
  const fieldRefs = useRef<Partial<Record<AddressField, HTMLElement | null>>>({});
  const addressRef = useRef<HTMLInputElement>(null);

  const fieldId = (field: string) => `${id}-${field}`;
  const errorId = (field: string) => `${id}-${field}-error`;

  // Focus moves after the render that reveals the field.
  useEffect(() => {
    if (!focusTarget) return;
    const element =
      focusTarget.field === 'address' ? addressRef.current : fieldRefs.current[focusTarget.field];
    element?.focus();
  }, [focusTarget]);

  function setValue(field: AddressField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function chooseAddress(address: PlaceAddress) {
    const next = {
      ...values,
      street_address: address.street || values.street_address,
      suburb: address.suburb || values.suburb,
      state: address.state || values.state,
      country: COUNTRY_ID,
      // A suburb with several postcodes gives none: the user types it.
      postcode: address.postcode,
    };
    setValues(next);
    setErrors((current) => {
      const kept = { ...current };
      for (const field of ['street_address', 'suburb', 'state', 'country', 'postcode'] as const)
        if (next[field]) delete kept[field];
      return kept;
    });
    setShowManual(true);
    const missing = (['street_address', 'postcode'] as const).find((field) => next[field].trim() === '');
    if (missing) setFocusTarget({ field: missing });
  }

  function showErrors(found: FieldErrors<AddressField>) {
    setErrors(found);
    if (addressPartsMissing(found)) {
      // [VAL-29] A missing manual field reveals the manual fields; the address search takes focus.
      setShowManual(true);
      const first = FIELD_ORDER.find((field) => found[field]);
      setFocusTarget({ field: first === 'fullname' || first === 'mobile' ? first : 'address' });
      return;
    }
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) setFocusTarget({ field: first });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateAddress(values);
    if (hasErrors(found)) {
      showErrors(found);
      return;
    }
    const refused = await onSave(values);
    if (refused && hasErrors(refused)) showErrors(refused as FieldErrors<AddressField>);
  }

  const invalid = (field: AddressField) =>
    errors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) }
      : { 'aria-invalid': undefined, 'aria-describedby': undefined };

  function textField(field: AddressField, label: string, input: InputHTMLAttributes<HTMLInputElement> = {}) {
    return (
      <div className="auth-field">
        <label className="auth-field__label" htmlFor={fieldId(field)}>
          {label}
        </label>
        <input
          ref={(element) => {
            fieldRefs.current[field] = element;
          }}
          id={fieldId(field)}
          name={field}
          className="auth-field__input"
          type="text"
          value={values[field]}
          onChange={(event) => setValue(field, event.target.value)}
          {...invalid(field)}
          {...input}
        />
        <FieldError id={errorId(field)} message={errors[field]} />
      </div>
    );
  }

  return (
    <form className="acct-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      {textField('fullname', MSG.fullNameLabel, { autoComplete: 'name', autoCapitalize: 'words' })}
      {textField('mobile', MSG.mobileLabel, {
        type: 'tel',
        inputMode: 'tel',
        autoComplete: 'tel',
        placeholder: MSG.mobilePlaceholder,
      })}
      <AddressSearch inputRef={addressRef} value={query} onChange={setQuery} onChoose={chooseAddress} />
      {showManual ? (
        <>
          {textField('street_address', MSG.streetAddressLabel, { autoComplete: 'address-line1' })}
          {textField('suburb', MSG.suburbLabel, { autoComplete: 'address-level2' })}
          <div className="acct-form__row">
            <div className="auth-field">
              <label className="auth-field__label" htmlFor={fieldId('state')}>
                {MSG.stateLabel}
              </label>
              <select
                ref={(element) => {
                  fieldRefs.current.state = element;
                }}
                id={fieldId('state')}
                name="state"
                className="auth-field__select"
                autoComplete="address-level1"
                value={values.state}
                onChange={(event) => setValue('state', event.target.value)}
                {...invalid('state')}
              >
                <option value={MSG.statePlaceholder}>{MSG.statePlaceholder}</option>
                {REGIONS.map((region) => (
                  <option key={region.code} value={region.code}>
                    {region.name}
                  </option>
                ))}
              </select>
              <FieldError id={errorId('state')} message={errors.state} />
            </div>
            {textField('postcode', MSG.postcodeLabel, {
              inputMode: 'numeric',
              autoComplete: 'postal-code',
              maxLength: 4,
            })}
          </div>
          <div className="auth-field">
            <label className="auth-field__label" htmlFor={fieldId('country')}>
              {MSG.countryLabel}
            </label>
            {/* [VAL-30] Australia only: the one choice there is. */}
            <select
              ref={(element) => {
                fieldRefs.current.country = element;
              }}
              id={fieldId('country')}
              name="country"
              className="auth-field__select"
              autoComplete="country"
              value={values.country}
              onChange={(event) => setValue('country', event.target.value)}
              {...invalid('country')}
            >
              <option value={COUNTRY_ID}>{COUNTRY_NAME}</option>
            </select>
            <FieldError id={errorId('country')} message={errors.country} />
          </div>
        </>
      ) : (
        <button type="button" className="auth-link" onClick={() => setShowManual(true)}>
          {MSG.enterAddressManually}
        </button>
      )}
      <Button type="submit" block className="acct-form__submit" disabled={busy}>
        {MSG.saveAddress}
      </Button>
    </form>
  );
}

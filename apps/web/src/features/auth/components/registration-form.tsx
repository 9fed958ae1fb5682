// [REG-04..11, VAL-03..19] The registration form. Every rule and message is the contract's
// (validateRegistration), so the server refuses exactly what this form would; the server's
// input_validation is shown beside the same fields [VAL-19, ERR-12].
import { COUNTRY_ID, COUNTRY_NAME } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational, isAuMobile } from '@quokka/contract/mobile';
import { REGIONS } from '@quokka/contract/regions';
import { ADDRESS_PART_FIELDS, addressPartsMissing } from '@quokka/contract/validate-address';
import {
  isEmail,
  type RegistrationField,
  validateRegistration,
} from '@quokka/contract/validate-registration';
import { type FieldErrors, fromInputValidation, hasErrors } from '@quokka/contract/wire';
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ShieldIcon } from '../../../components/ui/icons';
import { withLoader } from '../../../lib/app-state';
import type { PlaceAddress } from '../../../lib/places';
import { getItem, STORAGE_KEYS } from '../../../lib/storage';
import { createAccount, isEmailAvailable } from '../api/create-account';
import { pathAfterRegistration } from '../auth-session';
import { openMobilePopup } from '../mobile-popup-store';
import { AddressSearch } from './address-search';
import { FieldError } from './field-error';

interface FormValues {
  fullname: string;
  email: string;
  street_address: string;
  suburb: string;
  state: string;
  country: string;
  postcode: string;
  terms: boolean;
}

type TextField = Exclude<keyof FormValues, 'terms'>;

const INITIAL: FormValues = {
  fullname: '',
  email: '',
  street_address: '',
  suburb: '',
  // [VAL-09] The placeholder is a value the rules read as missing.
  state: MSG.statePlaceholder,
  // [REG-08, VAL-18] Australia is the only country, so it starts chosen.
  country: COUNTRY_ID,
  postcode: '',
  terms: false,
};

/** Fields in form order, for focusing the first one with a message. */
const FIELD_ORDER: RegistrationField[] = [
  'mobile',
  'fullname',
  'email',
  'street_address',
  'suburb',
  'state',
  'country',
  'postcode',
  'terms',
];

export interface RegistrationFormProps {
  mobile: string;
  jwt: string;
}

export function RegistrationForm({ mobile, jwt }: RegistrationFormProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<FormValues>(INITIAL);
  const [errors, setErrors] = useState<FieldErrors<RegistrationField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [addressQuery, setAddressQuery] = useState('');
  // [REG-09] The detailed address fields wait until a part is missing or an address is chosen.
  const [showAddress, setShowAddress] = useState(false);
  const [emailTaken, setEmailTaken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusTarget, setFocusTarget] = useState<{ field: string } | null>(null);
  const fieldRefs = useRef<Partial<Record<string, HTMLElement | null>>>({});
  const addressRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const fieldId = (field: string) => `${id}-${field}`;
  const errorId = (field: string) => `${id}-${field}-error`;

  // Focus moves after the render that reveals the field.
  useEffect(() => {
    if (!focusTarget) return;
    const element =
      focusTarget.field === 'address' ? addressRef.current : fieldRefs.current[focusTarget.field];
    element?.focus();
  }, [focusTarget]);

  function setValue<K extends keyof FormValues>(field: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's message goes once the field is changed; the next submit checks again.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function checkEmail() {
    const email = values.email.trim();
    if (!isEmail(email)) return;
    const available = await isEmailAvailable(email); // [API-19]
    if (available === false) {
      setEmailTaken(email);
      setErrors((current) => ({ ...current, email: MSG.emailExists })); // [VAL-15, ERR-13]
    } else if (available === true) {
      setEmailTaken(null);
      setErrors((current) =>
        current.email === MSG.emailExists ? { ...current, email: undefined } : current,
      );
    }
  }

  function chooseAddress(address: PlaceAddress) {
    const next = {
      ...values,
      street_address: address.street || values.street_address,
      suburb: address.suburb || values.suburb,
      state: address.state || values.state,
      country: address.country || values.country,
      // [places] No postcode for a suburb with several: the user types it.
      postcode: address.postcode,
    };
    setValues(next);
    setErrors((current) => {
      const kept = { ...current };
      for (const field of ADDRESS_PART_FIELDS) if (next[field]) delete kept[field];
      return kept;
    });
    setShowAddress(true);
    // The first part the place did not fill takes focus; with all filled, the address box keeps it.
    const missing = (['street_address', 'postcode'] as const).find((field) => next[field].trim() === '');
    if (missing) setFocusTarget({ field: missing });
  }

  function showErrors(found: FieldErrors<RegistrationField>) {
    setErrors(found);
    if (addressPartsMissing(found)) {
      // [VAL-13, VAL-14] Missing address parts reveal the fields and focus the address box.
      setShowAddress(true);
      setFocusTarget({ field: 'address' });
      return;
    }
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) setFocusTarget({ field: first });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const form = { ...values, mobile };
    const found = validateRegistration(form);
    if (!found.email && emailTaken !== null && emailTaken === values.email.trim())
      found.email = MSG.emailExists;
    if (hasErrors(found)) {
      showErrors(found);
      return;
    }
    setBusy(true);
    try {
      const result = await withLoader(MSG.registering, () =>
        createAccount({ form, jwt, campaignId: getItem(STORAGE_KEYS.campaignId) }),
      );
      if (result.ok) {
        navigate(pathAfterRegistration(), { replace: true }); // [AUTH-21, AUTH-22]
        return;
      }
      const serverErrors = fromInputValidation(result.fieldErrors) as FieldErrors<RegistrationField>;
      const known = FIELD_ORDER.filter((field) => serverErrors[field]);
      if (known.length === 0) setFormError(MSG.registrationFailed);
      showErrors(serverErrors);
    } catch {
      // Offline or a server fault: the shell shows it, the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  }

  const invalid = (field: RegistrationField) =>
    errors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': errorId(field) }
      : { 'aria-invalid': undefined, 'aria-describedby': undefined };

  function textField(
    field: TextField & RegistrationField,
    label: string,
    input: InputHTMLAttributes<HTMLInputElement> = {},
  ): ReactNode {
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
    <form className="register__form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <section className="register__section" aria-labelledby={`${id}-details`}>
        <h2 className="register__legend" id={`${id}-details`}>
          {MSG.yourDetails}
        </h2>
        <div className="auth-field">
          <label className="auth-field__label" htmlFor={fieldId('mobile')}>
            {MSG.mobileLabel}
          </label>
          <input
            ref={(element) => {
              fieldRefs.current.mobile = element;
            }}
            id={fieldId('mobile')}
            name="mobile"
            className="auth-field__input"
            type="tel"
            readOnly // [REG-05] The mobile was proven by a code; it is not for changing here.
            value={formatMobileNational(mobile)}
            {...invalid('mobile')}
          />
          <FieldError id={errorId('mobile')} message={errors.mobile} />
          {errors.mobile && isAuMobile(mobile) ? (
            // The proof ran out or was refused: a new code proves the mobile again, and the form stays.
            <button
              type="button"
              className="auth-link register__reverify"
              onClick={() => openMobilePopup({ mobile, sendOnOpen: true })}
            >
              {MSG.verifyMyMobile}
            </button>
          ) : null}
        </div>
        {textField('fullname', MSG.fullNameLabel, { autoComplete: 'name', autoCapitalize: 'words' })}
        {textField('email', MSG.emailLabel, {
          type: 'email',
          inputMode: 'email',
          autoComplete: 'email',
          autoCapitalize: 'none',
          spellCheck: false,
          onBlur: () => void checkEmail(),
          onChange: (event) => {
            setValue('email', event.target.value);
            setEmailTaken(null);
          },
        })}
      </section>

      <section className="register__section" aria-labelledby={`${id}-address`}>
        <h2 className="register__legend" id={`${id}-address`}>
          {MSG.deliveryAddress}
        </h2>
        <AddressSearch
          inputRef={addressRef}
          value={addressQuery}
          onChange={setAddressQuery}
          onChoose={chooseAddress}
        />
        {showAddress ? (
          <>
            {textField('street_address', MSG.streetAddressLabel, { autoComplete: 'address-line1' })}
            {textField('suburb', MSG.suburbLabel, { autoComplete: 'address-level2' })}
            <div className="register__row">
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
                <option value="">{MSG.selectCountry}</option>
                <option value={COUNTRY_ID}>{COUNTRY_NAME}</option>
              </select>
              <FieldError id={errorId('country')} message={errors.country} />
            </div>
          </>
        ) : (
          <button type="button" className="auth-link" onClick={() => setShowAddress(true)}>
            {MSG.enterAddressManually}
          </button>
        )}
      </section>

      <div className="auth-field">
        <div className="register__terms">
          <input
            ref={(element) => {
              fieldRefs.current.terms = element;
            }}
            id={fieldId('terms')}
            name="terms"
            type="checkbox"
            checked={values.terms}
            onChange={(event) => setValue('terms', event.target.checked)}
            {...invalid('terms')}
          />
          <label htmlFor={fieldId('terms')}>
            {MSG.termsAccept} <Link to="/terms">{MSG.termsAndConditions}</Link>
          </label>
        </div>
        <FieldError id={errorId('terms')} message={errors.terms} />
      </div>

      {formError ? (
        <p className="auth-alert" role="alert">
          {formError}
        </p>
      ) : null}

      <Button type="submit" block className="register__submit" disabled={busy}>
        {MSG.register}
      </Button>
      <p className="register__secure">
        <ShieldIcon />
        {MSG.welcomeNoPasswords}
      </p>
    </form>
  );
}

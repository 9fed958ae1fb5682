// [REG-04..11, VAL-03..19] The registration form. Every rule and message is the contract's
// (validateRegistration), so the server refuses exactly what this form would; the server's
// input_validation is shown beside the same fields [VAL-19, ERR-12].
import { COUNTRY_ID } from '@quokka/contract/constants';
import { EMAIL_MAX } from '@quokka/contract/input-limits';
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational, isAuMobile } from '@quokka/contract/mobile';
import {
  isEmail,
  type RegistrationField,
  type RegistrationInput,
  validateRegistration,
} from '@quokka/contract/validate-registration';
import { type FieldErrors, fromInputValidation, hasErrors } from '@quokka/contract/wire';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { AddressFields, useAddressEntry } from '../../../components/address/address-fields';
import { FieldError } from '../../../components/forms/field-error';
import { FullNameField } from '../../../components/forms/full-name-field';
import { TextField } from '../../../components/forms/text-field';
import { useForm } from '../../../components/forms/use-form';
import { Button } from '../../../components/ui/button';
import { ShieldIcon } from '../../../components/ui/icons';
import { Link } from '../../../components/ui/link';
import { withLoader } from '../../../lib/app-state';
import { getItem, STORAGE_KEYS } from '../../../lib/storage';
import { createAccount } from '../api/create-account';
import { isEmailAvailable } from '../api/is-email-available';
import { pathAfterRegistration } from '../auth-session';
import { openMobilePopup } from '../mobile-popup-store';
import { forgetRegistrationDraft, readRegistrationDraft, saveRegistrationDraft } from '../registration-draft';

/** The contract's registration input but the mobile, which is already proven (RegistrationFormProps). */
type FormValues = Omit<RegistrationInput, 'mobile'>;

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
const FIELD_ORDER: readonly RegistrationField[] = [
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

function hasAddressPart(values: FormValues): boolean {
  return [values.street_address, values.suburb, values.postcode].some((part) => part.trim() !== '');
}

export interface RegistrationFormProps {
  mobile: string;
  jwt: string;
}

export function RegistrationForm({ mobile, jwt }: RegistrationFormProps) {
  const navigate = useNavigate();
  const id = useId();
  // [I11-9] What was typed before reading the Terms (or leaving and coming back) is filled back in.
  const [draft] = useState(() => readRegistrationDraft(mobile));
  const form = useForm<FormValues>(() => draft ?? INITIAL);
  // [REG-09] The detailed address fields wait until a part is missing or an address is chosen (or
  // the draft holds one).
  const entry = useAddressEntry(form, { manualAtStart: draft !== null && hasAddressPart(draft) });
  const [formError, setFormError] = useState<string | null>(null);
  const [emailTaken, setEmailTaken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { values, errors } = form;
  const fieldId = (field: string) => `${id}-${field}`;
  const emailField = form.bind('email');

  useEffect(() => {
    if (values !== INITIAL) saveRegistrationDraft(mobile, values);
  }, [mobile, values]);

  async function checkEmail() {
    const email = values.email.trim();
    if (!isEmail(email)) return;
    const available = await isEmailAvailable(email, jwt); // [API-19, I12-13]
    if (available === false) {
      setEmailTaken(email);
      form.setError('email', MSG.emailExists); // [VAL-15, ERR-13]
    } else if (available === true) {
      setEmailTaken(null);
      if (errors.email === MSG.emailExists) form.setError('email', undefined);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const filled = { ...values, mobile };
    const found = validateRegistration(filled);
    if (!found.email && emailTaken !== null && emailTaken === values.email.trim())
      found.email = MSG.emailExists;
    if (hasErrors(found)) {
      entry.showErrors(found, FIELD_ORDER);
      return;
    }
    setBusy(true);
    try {
      const result = await withLoader(MSG.registering, () =>
        createAccount({ form: filled, jwt, campaignId: getItem(STORAGE_KEYS.campaignId) }),
      );
      if (result.ok) {
        forgetRegistrationDraft();
        navigate(pathAfterRegistration(), { replace: true }); // [AUTH-21, AUTH-22]
        return;
      }
      const serverErrors = fromInputValidation(result.fieldErrors) as FieldErrors<RegistrationField>;
      const known = FIELD_ORDER.filter((field) => serverErrors[field]);
      if (known.length === 0) setFormError(MSG.registrationFailed);
      entry.showErrors(serverErrors, FIELD_ORDER);
    } catch {
      // Offline or a server fault: the shell shows it, the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="register__form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <section className="register__section" aria-labelledby={`${id}-details`}>
        <h2 className="register__legend" id={`${id}-details`}>
          {MSG.yourDetails}
        </h2>
        <TextField
          id={fieldId('mobile')}
          name="mobile"
          label={MSG.mobileLabel}
          type="tel"
          readOnly // [REG-05] The mobile was proven by a code; it is not for changing here.
          value={formatMobileNational(mobile)}
          error={errors.mobile}
          inputRef={form.fieldRef('mobile')}
          after={
            errors.mobile && isAuMobile(mobile) ? (
              // The proof ran out or was refused: a new code proves the mobile again, and the form stays.
              <button
                type="button"
                className="link-button register__reverify"
                onClick={() => openMobilePopup({ mobile, sendOnOpen: true })}
              >
                {MSG.verifyMyMobile}
              </button>
            ) : null
          }
        />
        <FullNameField id={fieldId('fullname')} {...form.bind('fullname')} />
        <TextField
          id={fieldId('email')}
          label={MSG.emailLabel}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          autoCapitalize="none"
          spellCheck={false}
          {...emailField}
          onBlur={() => void checkEmail()}
          onChange={(event) => {
            emailField.onChange(event);
            setEmailTaken(null);
          }}
        />
      </section>

      <section className="register__section" aria-labelledby={`${id}-address`}>
        <h2 className="register__legend" id={`${id}-address`}>
          {MSG.deliveryAddress}
        </h2>
        <AddressFields idPrefix={id} form={form} entry={entry} countryPlaceholder />
      </section>

      <div className="field">
        <div className="register__terms">
          <input
            ref={form.fieldRef('terms')}
            id={fieldId('terms')}
            name="terms"
            type="checkbox"
            checked={values.terms}
            onChange={(event) => form.change('terms', event.target.checked)}
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? `${fieldId('terms')}-error` : undefined}
          />
          <label htmlFor={fieldId('terms')}>
            {MSG.termsAccept} <Link to="/terms">{MSG.termsAndConditions}</Link>
          </label>
        </div>
        <FieldError id={`${fieldId('terms')}-error`} message={errors.terms} />
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

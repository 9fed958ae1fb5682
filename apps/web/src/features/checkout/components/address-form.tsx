// [CHK-11, CHK-12] 'Add New Address' at checkout (SPEC.md §5 Address form): full name, mobile, an
// address search over places, and the manual fields, which stay hidden until a place is chosen, the
// shopper asks for them, or one of them is missing [VAL-29]. The contract's rules give every message
// [VAL-20..28]; the country is Australia only [VAL-30].
import { COUNTRY_ID, COUNTRY_NAME } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { REGIONS } from '@quokka/contract/regions';
import {
  type AddressField,
  type AddressInput,
  addressPartsMissing,
  validateAddress,
} from '@quokka/contract/validate-address';
import type { FieldErrors } from '@quokka/contract/wire';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MIN_QUERY_LENGTH, type PlaceSuggestion, searchPlaces } from '../../../lib/places';

const SEARCH_DELAY_MS = 250;

export interface AddressFormProps {
  initial?: Partial<AddressInput>;
  saving?: boolean;
  onSave: (address: AddressInput) => void;
  onCancel?: () => void;
}

/** Splits "12 King St, Newtown" into the street typed and the place to look up. */
function splitQuery(query: string): { street: string; lookup: string } {
  const comma = query.lastIndexOf(',');
  if (comma < 0) return { street: '', lookup: query.trim() };
  return { street: query.slice(0, comma).trim(), lookup: query.slice(comma + 1).trim() };
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'form-field form-field--error' : 'form-field'}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function AddressForm({ initial = {}, saving = false, onSave, onCancel }: AddressFormProps) {
  const id = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<AddressInput>({
    fullname: initial.fullname ?? '',
    mobile: initial.mobile ?? '',
    street_address: initial.street_address ?? '',
    suburb: initial.suburb ?? '',
    state: initial.state ?? '',
    country: COUNTRY_ID, // [VAL-30]
    postcode: initial.postcode ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<AddressField>>({});
  const [manual, setManual] = useState(false);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<PlaceSuggestion[] | null>(null);
  const [open, setOpen] = useState(false);

  const { lookup } = splitQuery(query);
  useEffect(() => {
    if (!open || lookup.length < MIN_QUERY_LENGTH) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchPlaces(query, controller.signal)
        .then(setResults)
        .catch(() => {
          // Aborted by a newer query.
        });
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, lookup, open]);

  function set(field: AddressField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function choose(suggestion: PlaceSuggestion) {
    const street = suggestion.address.street || splitQuery(query).street;
    setQuery(street ? `${street}, ${suggestion.description}` : suggestion.description);
    setOpen(false);
    setValues((current) => ({
      ...current,
      street_address: street || current.street_address,
      suburb: suggestion.address.suburb,
      state: suggestion.address.state,
      postcode: suggestion.address.postcode || current.postcode,
      country: COUNTRY_ID,
    }));
    setErrors({});
    setManual(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateAddress(values);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      onSave(values);
      return;
    }
    if (addressPartsMissing(found)) {
      // [VAL-29] Missing parts reveal the manual fields and send the shopper to the address box.
      setManual(true);
      searchRef.current?.focus();
    }
  }

  const describe = (field: AddressField) => (errors[field] ? `${id}-${field}-error` : undefined);
  const listId = `${id}-places`;
  const expanded = open && results !== null;

  return (
    <form className="address-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 className="address-form__title" id={`${id}-title`}>
        {MSG.addNewAddress}
      </h3>
      <Field id={`${id}-fullname`} label={MSG.fullNameLabel} error={errors.fullname}>
        <input
          id={`${id}-fullname`}
          className="form-field__input"
          autoComplete="name"
          value={values.fullname}
          aria-invalid={Boolean(errors.fullname)}
          aria-describedby={describe('fullname')}
          onChange={(event) => set('fullname', event.target.value)}
        />
      </Field>
      <Field id={`${id}-mobile`} label={MSG.mobileLabel} error={errors.mobile}>
        <input
          id={`${id}-mobile`}
          className="form-field__input"
          type="tel"
          autoComplete="tel"
          placeholder={MSG.mobilePlaceholder}
          value={values.mobile}
          aria-invalid={Boolean(errors.mobile)}
          aria-describedby={describe('mobile')}
          onChange={(event) => set('mobile', event.target.value)}
        />
      </Field>
      <div className="form-field address-form__search">
        <label className="form-field__label" htmlFor={`${id}-search`}>
          {MSG.addressSearchLabel}
        </label>
        <input
          ref={searchRef}
          id={`${id}-search`}
          className="form-field__input"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        />
        <p className="form-field__hint">{MSG.addressSearchHint}</p>
        <div
          className="address-form__places"
          id={listId}
          role="listbox"
          aria-label={MSG.addressSuggestions}
          hidden={!expanded}
        >
          {results?.length === 0 ? (
            <div className="address-form__place-status">{MSG.addressNoMatches}</div>
          ) : null}
          {results?.map((suggestion) => (
            <div
              key={suggestion.id}
              role="option"
              aria-selected={false}
              tabIndex={-1}
              className="address-form__place"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(suggestion)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') choose(suggestion);
              }}
            >
              {suggestion.description}
            </div>
          ))}
        </div>
      </div>
      {manual ? null : (
        <button type="button" className="address-form__manual" onClick={() => setManual(true)}>
          {MSG.enterAddressManually}
        </button>
      )}
      <div className="address-form__manual-fields" hidden={!manual}>
        <Field id={`${id}-street`} label={MSG.streetAddressLabel} error={errors.street_address}>
          <input
            id={`${id}-street`}
            className="form-field__input"
            autoComplete="address-line1"
            value={values.street_address}
            aria-invalid={Boolean(errors.street_address)}
            aria-describedby={describe('street_address')}
            onChange={(event) => set('street_address', event.target.value)}
          />
        </Field>
        <Field id={`${id}-suburb`} label={MSG.suburbLabel} error={errors.suburb}>
          <input
            id={`${id}-suburb`}
            className="form-field__input"
            autoComplete="address-level2"
            value={values.suburb}
            aria-invalid={Boolean(errors.suburb)}
            aria-describedby={describe('suburb')}
            onChange={(event) => set('suburb', event.target.value)}
          />
        </Field>
        <div className="address-form__pair">
          <Field id={`${id}-state`} label={MSG.stateLabel} error={errors.state}>
            <select
              id={`${id}-state`}
              className="form-field__input"
              autoComplete="address-level1"
              value={values.state}
              aria-invalid={Boolean(errors.state)}
              aria-describedby={describe('state')}
              onChange={(event) => set('state', event.target.value)}
            >
              <option value="">{MSG.statePlaceholder}</option>
              {REGIONS.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.code}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-postcode`} label={MSG.postcodeLabel} error={errors.postcode}>
            <input
              id={`${id}-postcode`}
              className="form-field__input"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={4}
              value={values.postcode}
              aria-invalid={Boolean(errors.postcode)}
              aria-describedby={describe('postcode')}
              onChange={(event) => set('postcode', event.target.value)}
            />
          </Field>
        </div>
        <Field id={`${id}-country`} label={MSG.countryLabel} error={errors.country}>
          <select
            id={`${id}-country`}
            className="form-field__input"
            autoComplete="country"
            value={values.country}
            aria-invalid={Boolean(errors.country)}
            onChange={(event) => set('country', event.target.value)}
          >
            <option value={COUNTRY_ID}>{COUNTRY_NAME}</option>
          </select>
        </Field>
      </div>
      <div className="address-form__actions">
        <Button type="submit" block disabled={saving}>
          {MSG.saveAddress}
        </Button>
        {onCancel ? (
          <Button variant="ghost" block onClick={onCancel}>
            {MSG.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

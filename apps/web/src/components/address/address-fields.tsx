// [REG-06, REG-09, VAL-13, VAL-14, VAL-29, VAL-30] The address part of every address form (registration,
// checkout, account): the places search, then the manual fields, which wait until a place is chosen,
// the shopper asks for them, or one of them is missing. The form around it holds the values
// (`useForm`); the contract's rules give every message (SPEC.md §5).
import { COUNTRY_ID, COUNTRY_NAME } from '@quokka/contract/constants';
import { CITY_MAX, STREET_MAX } from '@quokka/contract/input-limits';
import { MSG } from '@quokka/contract/messages';
import { REGIONS } from '@quokka/contract/regions';
import { type AddressPartField, addressPartsMissing } from '@quokka/contract/validate-address';
import type { FieldErrors } from '@quokka/contract/wire';
import { useState } from 'react';
import type { PlaceAddress } from '../../lib/places';
import { SelectField } from '../forms/select-field';
import { TextField } from '../forms/text-field';
import type { FieldBinding } from '../forms/use-form';
import { AddressSearch } from './address-search';
import './address-form.css';

export type AddressPartValues = Record<AddressPartField, string>;

/** The name the address search is registered under for focus. */
export const ADDRESS_SEARCH = 'address';

/** What the address part needs of the form around it (a `FormControl` of a form with these fields). */
export interface AddressPartsForm {
  values: AddressPartValues;
  bind(field: AddressPartField): FieldBinding;
  fill(values: Partial<AddressPartValues>): void;
  showErrors(errors: FieldErrors, focus?: string): void;
  focus(field: string): void;
  fieldRef(name: string): (element: HTMLElement | null) => void;
}

export interface AddressEntry {
  query: string;
  setQuery(query: string): void;
  manual: boolean;
  showManual(): void;
  choose(place: PlaceAddress): void;
  /** Shows messages: missing address parts reveal the manual fields and focus the address search
   * [VAL-13, VAL-14, VAL-29]; otherwise the first field in `order` with a message takes focus. */
  showErrors(found: FieldErrors, order: readonly string[]): void;
}

export function useAddressEntry(form: AddressPartsForm, { manualAtStart = false } = {}): AddressEntry {
  const [query, setQuery] = useState('');
  const [manual, setManual] = useState(manualAtStart);

  function choose(place: PlaceAddress) {
    const { values } = form;
    const next: AddressPartValues = {
      street_address: place.street || values.street_address,
      suburb: place.suburb || values.suburb,
      state: place.state || values.state,
      country: COUNTRY_ID, // [VAL-30]
      // A suburb with several postcodes gives none: the shopper types it.
      postcode: place.postcode,
    };
    form.fill(next);
    setManual(true);
    // The first part the place did not fill takes focus; with all filled, the address search keeps it.
    const missing = (['street_address', 'postcode'] as const).find((field) => next[field].trim() === '');
    if (missing) form.focus(missing);
  }

  function showErrors(found: FieldErrors, order: readonly string[]) {
    if (addressPartsMissing(found)) {
      setManual(true);
      form.showErrors(found, ADDRESS_SEARCH);
      return;
    }
    form.showErrors(
      found,
      order.find((field) => found[field]),
    );
  }

  return { query, setQuery, manual, showManual: () => setManual(true), choose, showErrors };
}

export interface AddressFieldsProps {
  /** Prefix of the fields' ids (`${idPrefix}-suburb`). */
  idPrefix: string;
  form: AddressPartsForm;
  entry: AddressEntry;
  /** [VAL-10] Registration offers 'Select country' so a missing country can be said; the address form
   * offers Australia only [VAL-30]. */
  countryPlaceholder?: boolean;
}

export function AddressFields({ idPrefix, form, entry, countryPlaceholder = false }: AddressFieldsProps) {
  const field = (name: AddressPartField) => ({ id: `${idPrefix}-${name}`, ...form.bind(name) });

  return (
    <>
      <AddressSearch
        inputRef={form.fieldRef(ADDRESS_SEARCH)}
        value={entry.query}
        onChange={entry.setQuery}
        onChoose={entry.choose}
      />
      {entry.manual ? (
        <>
          <TextField
            label={MSG.streetAddressLabel}
            autoComplete="address-line1"
            maxLength={STREET_MAX}
            {...field('street_address')}
          />
          <TextField
            label={MSG.suburbLabel}
            autoComplete="address-level2"
            maxLength={CITY_MAX}
            {...field('suburb')}
          />
          <div className="address-form__row">
            {/* [VAL-09, VAL-26] The placeholder 'Enter State' is a value the rules read as missing. */}
            <SelectField label={MSG.stateLabel} autoComplete="address-level1" {...field('state')}>
              <option value={MSG.statePlaceholder}>{MSG.statePlaceholder}</option>
              {REGIONS.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </SelectField>
            <TextField
              label={MSG.postcodeLabel}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={4}
              {...field('postcode')}
            />
          </div>
          <SelectField label={MSG.countryLabel} autoComplete="country" {...field('country')}>
            {countryPlaceholder ? <option value="">{MSG.selectCountry}</option> : null}
            <option value={COUNTRY_ID}>{COUNTRY_NAME}</option>
          </SelectField>
        </>
      ) : (
        <div className="address-form__manual">
          <button type="button" className="link-button" onClick={entry.showManual}>
            {MSG.enterAddressManually}
          </button>
        </div>
      )}
    </>
  );
}

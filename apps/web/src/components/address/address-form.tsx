// [CHK-11, CHK-12, ACCT-09..12] The address form of checkout ('Add New Address') and of the account
// (SPEC.md §5 Address form): full name, mobile, the places search and the manual fields, 'Save Address'.
// Every rule and message is the contract's (validateAddress), so the server refuses exactly what this
// form would, and the server's input_validation lands beside the same fields [VAL-20..30].
import { COUNTRY_ID } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational } from '@quokka/contract/mobile';
import { type AddressField, type AddressInput, validateAddress } from '@quokka/contract/validate-address';
import { type FieldErrors, hasErrors } from '@quokka/contract/wire';
import { type FormEvent, useId } from 'react';
import { FullNameField } from '../forms/full-name-field';
import { MobileField } from '../forms/mobile-field';
import { useForm } from '../forms/use-form';
import { Button } from '../ui/button';
import { AddressFields, useAddressEntry } from './address-fields';

/** Fields in form order, for focusing the first one with a message. */
const FIELD_ORDER: readonly AddressField[] = [
  'fullname',
  'mobile',
  'street_address',
  'suburb',
  'state',
  'postcode',
  'country',
];

export interface AddressFormProps {
  initial: Partial<AddressInput>;
  /** A heading that names the form (checkout's 'Add New Address'); a page with its own heading has none. */
  title?: string;
  /** Editing a stored address shows its manual fields at once; a new one waits for the search. */
  showManualFields?: boolean;
  busy?: boolean;
  /** Saves a valid address; answers the server's field messages when it refused it, else null. */
  onSave: (address: AddressInput) => Promise<FieldErrors | null>;
  onCancel?: () => void;
  className?: string;
}

function startingValues(initial: Partial<AddressInput>): AddressInput {
  return {
    fullname: initial.fullname ?? '',
    // The mobile is shown the Australian way ('0412 345 678') whatever form it is stored in.
    mobile: formatMobileNational(initial.mobile ?? ''),
    street_address: initial.street_address ?? '',
    suburb: initial.suburb ?? '',
    // [VAL-26] The placeholder counts as missing.
    state: initial.state || MSG.statePlaceholder,
    country: COUNTRY_ID, // [VAL-30] Australia is the only country.
    postcode: initial.postcode ?? '',
  };
}

export function AddressForm({
  initial,
  title,
  showManualFields = false,
  busy = false,
  onSave,
  onCancel,
  className,
}: AddressFormProps) {
  const id = useId();
  const form = useForm(() => startingValues(initial));
  const entry = useAddressEntry(form, { manualAtStart: showManualFields });
  const { values } = form;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateAddress(values);
    if (hasErrors(found)) {
      entry.showErrors(found, FIELD_ORDER);
      return;
    }
    const refused = await onSave(values);
    if (refused && hasErrors(refused)) entry.showErrors(refused, FIELD_ORDER);
  }

  return (
    <form
      className={className ? `address-form ${className}` : 'address-form'}
      onSubmit={onSubmit}
      noValidate
      aria-busy={busy}
      aria-labelledby={title ? `${id}-title` : undefined}
    >
      {title ? (
        <h3 className="address-form__title" id={`${id}-title`}>
          {title}
        </h3>
      ) : null}
      <FullNameField id={`${id}-fullname`} {...form.bind('fullname')} />
      <MobileField id={`${id}-mobile`} label={MSG.mobileLabel} {...form.bind('mobile')} />
      <AddressFields idPrefix={id} form={form} entry={entry} />
      <div className="address-form__actions">
        <Button type="submit" block disabled={busy}>
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

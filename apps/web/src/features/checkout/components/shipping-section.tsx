// [CHK-08..12] 'Shipping Information': the member's addresses as a radio list [CHK-10] (first line of
// the street only [DATA-36]), 'Add New' [CHK-09] opening the 'Add New Address' form [CHK-11, CHK-12].
// The open form answers to Confirm Purchase too (`OpenAddressForm`): an address typed and not saved is
// never passed over for the old default [I11-1].

import type { AddressWire } from '@quokka/contract/api/address';
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational } from '@quokka/contract/mobile';
import type { AddressField, AddressInput } from '@quokka/contract/validate-address';
import { type RefObject, useImperativeHandle, useRef } from 'react';
import { AddressForm } from '../../../components/address/address-form';

export interface AddressOption {
  key: string;
  address: AddressWire;
  /** True for an address used for this order only (the account could not save it). */
  local: boolean;
}

export interface ShippingSectionProps {
  options: readonly AddressOption[];
  selected: string | null;
  onSelect: (key: string) => void;
  formOpen: boolean;
  onOpenForm: () => void;
  onCloseForm: () => void;
  onSave: (address: AddressInput) => Promise<void>;
  saving: boolean;
  initial: Partial<AddressInput>;
  /** The form opens on its manual fields (an address typed before, brought back). */
  showManualFields: boolean;
  error: string | null;
  /** Lets Confirm Purchase use the open form. */
  formRef: RefObject<OpenAddressForm | null>;
  /** Something was typed into the open form. */
  onFormInput: () => void;
}

/** The 'Add New Address' form as Confirm Purchase sees it, while it is open. */
export interface OpenAddressForm {
  /** Checks the form as 'Save Address' would (its messages show, its first wrong field takes focus):
   * the address when it is complete, else null. Nothing is saved. */
  validated(): AddressInput | null;
  /** The fields as typed so far, complete or not. */
  typed(): Partial<AddressInput> | null;
}

const TYPED_FIELDS: readonly AddressField[] = [
  'fullname',
  'mobile',
  'street_address',
  'suburb',
  'state',
  'postcode',
  'country',
];

function addressLines(address: AddressWire): string[] {
  const region = address.region?.region_code ?? '';
  return [address.street[0] ?? '', [address.city, region, address.postcode].filter(Boolean).join(' ')].filter(
    Boolean,
  );
}

export function ShippingSection({
  options,
  selected,
  onSelect,
  formOpen,
  onOpenForm,
  onCloseForm,
  onSave,
  saving,
  initial,
  showManualFields,
  error,
  formRef,
  onFormInput,
}: ShippingSectionProps) {
  const formBox = useRef<HTMLDivElement>(null);
  // Set while `validated()` submits the form: its valid address lands here instead of being saved.
  const capture = useRef<{ address: AddressInput | null } | null>(null);

  useImperativeHandle(
    formRef,
    () => ({
      validated() {
        const form = formBox.current?.querySelector('form');
        if (!form) return null;
        const box: { address: AddressInput | null } = { address: null };
        capture.current = box;
        try {
          // The form's own submit runs its rules and shows its messages, synchronously.
          form.requestSubmit();
        } finally {
          capture.current = null;
        }
        return box.address;
      },
      typed() {
        const form = formBox.current?.querySelector('form');
        if (!form) return null;
        const data = new FormData(form);
        const fields: Partial<AddressInput> = {};
        for (const field of TYPED_FIELDS) {
          const value = data.get(field);
          if (typeof value === 'string') fields[field] = value;
        }
        return fields;
      },
    }),
    [],
  );

  return (
    <section className="checkout-card" aria-labelledby="checkout-shipping-title">
      <div className="checkout-card__head">
        <h2 className="checkout-card__title" id="checkout-shipping-title">
          {MSG.shippingInformation}
        </h2>
        {formOpen ? null : (
          <button type="button" className="checkout-card__action" onClick={onOpenForm}>
            {/* The name is 'Add New' alone: the '+' is drawn, not read. */}
            <span aria-hidden="true">+ </span>
            {MSG.addNew}
          </button>
        )}
      </div>
      {options.length > 0 ? (
        <fieldset className="choice-list">
          <legend className="visually-hidden">{MSG.shippingInformation}</legend>
          {options.map((option) => {
            const { address } = option;
            return (
              <label
                key={option.key}
                className={selected === option.key ? 'choice choice--selected' : 'choice'}
              >
                <input
                  type="radio"
                  name="shipping-address"
                  value={option.key}
                  checked={selected === option.key}
                  onChange={() => onSelect(option.key)}
                />
                <span className="choice__body">
                  <span className="choice__title">
                    {address.firstname} {address.lastname}
                    {option.local ? <span className="choice__tag">{MSG.newAddressForThisOrder}</span> : null}
                  </span>
                  {addressLines(address).map((line) => (
                    <span key={line} className="choice__line">
                      {line}
                    </span>
                  ))}
                  <span className="choice__line choice__line--muted">
                    {formatMobileNational(address.telephone)}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {formOpen ? (
        <div ref={formBox} onInput={onFormInput}>
          <AddressForm
            className="checkout__address-form"
            title={MSG.addNewAddress}
            initial={initial}
            showManualFields={showManualFields}
            busy={saving}
            onSave={async (address) => {
              if (capture.current) capture.current.address = address;
              else await onSave(address);
              return null;
            }}
            onCancel={options.length > 0 ? onCloseForm : undefined}
          />
        </div>
      ) : null}
    </section>
  );
}

// [CHK-08..12] 'Shipping Information': the member's addresses as a radio list [CHK-10] (first line of
// the street only [DATA-36]), 'Add New' [CHK-09] opening the 'Add New Address' form [CHK-11, CHK-12].

import type { AddressWire } from '@quokka/contract/api/address';
import { MSG } from '@quokka/contract/messages';
import { formatMobileNational } from '@quokka/contract/mobile';
import type { AddressInput } from '@quokka/contract/validate-address';
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
  error: string | null;
}

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
  error,
}: ShippingSectionProps) {
  return (
    <section className="checkout-card" aria-labelledby="checkout-shipping-title">
      <div className="checkout-card__head">
        <h2 className="checkout-card__title" id="checkout-shipping-title">
          {MSG.shippingInformation}
        </h2>
        {formOpen ? null : (
          <button type="button" className="checkout-card__action" onClick={onOpenForm}>
            + {MSG.addNew}
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
        <AddressForm
          className="checkout__address-form"
          title={MSG.addNewAddress}
          initial={initial}
          busy={saving}
          onSave={async (address) => {
            await onSave(address);
            return null;
          }}
          onCancel={options.length > 0 ? onCloseForm : undefined}
        />
      ) : null}
    </section>
  );
}

// An address as the account shows it: name, the first street line only [DATA-36], suburb, state and
// postcode, and the mobile.

import type { AddressWire } from '@quokka/contract/api/address';
import { formatMobileNational, isAuMobile } from '@quokka/contract/mobile';
import { findRegionById } from '@quokka/contract/regions';
// Its `.acct-address` rules live there; a screen outside the feature (/success) gets them with it.
import './account.css';

type ShownAddress = Pick<
  AddressWire,
  'firstname' | 'lastname' | 'street' | 'city' | 'postcode' | 'telephone'
> &
  Partial<Pick<AddressWire, 'region' | 'region_id'>>;

function regionCode(address: ShownAddress): string {
  return (
    address.region?.region_code || findRegionById(address.region_id ?? address.region?.region_id)?.code || ''
  );
}

/** "Richmond VIC 3121" */
export function localityLine(address: ShownAddress): string {
  return [address.city, regionCode(address), address.postcode].filter(Boolean).join(' ');
}

/** "12 Swan St, Richmond VIC 3121": one line, for lists and accessible names. */
export function addressSummary(address: ShownAddress): string {
  return [address.street[0], localityLine(address)].filter(Boolean).join(', ');
}

export function AddressLines({ address }: { address: ShownAddress }) {
  const name = [address.firstname, address.lastname].filter(Boolean).join(' ');
  const phone = isAuMobile(address.telephone) ? formatMobileNational(address.telephone) : address.telephone;
  return (
    <address className="acct-address">
      {name ? <span className="acct-address__name">{name}</span> : null}
      {address.street[0] ? <span>{address.street[0]}</span> : null}
      <span>{localityLine(address)}</span>
      {phone ? <span className="acct-address__phone">{phone}</span> : null}
    </address>
  );
}

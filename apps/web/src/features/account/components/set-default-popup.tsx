// [ACCT-05, ACCT-06] The popup titled 'Set Default Billing' or 'Set Default Shipping': every address of
// the member, each with its own 'Set' button.

import type { AddressWire } from '@quokka/contract/api/address';
import { MSG } from '@quokka/contract/messages';
import { Button } from '../../../components/ui/button';
import { Popup } from '../../../components/ui/popup';
import type { DefaultKind } from '../api/set-default-address';
import { AddressLines, addressSummary } from './address-lines';

export interface SetDefaultPopupProps {
  kind: DefaultKind;
  addresses: AddressWire[];
  currentId: number | undefined;
  busy: boolean;
  onSet: (addressId: number) => void;
  onClose: () => void;
}

export function SetDefaultPopup({ kind, addresses, currentId, busy, onSet, onClose }: SetDefaultPopupProps) {
  const title = kind === 'billing' ? MSG.setDefaultBilling : MSG.setDefaultShipping;
  return (
    <Popup title={title} onClose={onClose} closeLabel={MSG.close}>
      <ul className="acct-choices">
        {addresses.map((address) => {
          const current = address.id === currentId;
          return (
            <li key={address.id} className={current ? 'acct-choice acct-choice--current' : 'acct-choice'}>
              <AddressLines address={address} />
              <div className="acct-choice__action">
                {current ? <span className="acct-badge">{MSG.currentDefault}</span> : null}
                <Button
                  variant={current ? 'ghost' : 'primary'}
                  disabled={busy || address.id === undefined}
                  aria-label={`${MSG.set} ${addressSummary(address)}`}
                  onClick={() => {
                    if (address.id !== undefined) onSet(address.id);
                  }}
                >
                  {MSG.set}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </Popup>
  );
}

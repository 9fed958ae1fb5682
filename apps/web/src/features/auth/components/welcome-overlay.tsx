// [REG-12..16] The registration welcome: the seller is now an authorised vendor, registration happens
// once, and there is no username or password. Shown on arrival and reopened from the page header.
import { MSG } from '@quokka/contract/messages';
import { Button } from '../../../components/ui/button';
import { ClockIcon, ShieldIcon, StoreIcon } from '../../../components/ui/icons';
import { Popup } from '../../../components/ui/popup';

export function WelcomeOverlay({ sellerName, onClose }: { sellerName: string | null; onClose: () => void }) {
  return (
    <Popup
      title={MSG.welcomeTitle}
      onClose={onClose}
      actions={
        <Button block onClick={onClose}>
          {MSG.gotIt}
        </Button>
      }
    >
      <p className="welcome__seller">
        <StoreIcon />
        <span>
          {sellerName ?? MSG.welcomeThisStore} {MSG.welcomeAuthorisedVendor}
        </span>
      </p>
      <ul className="welcome__points">
        <li>
          <ClockIcon />
          <div>
            <strong>{MSG.welcomeOneTime}</strong>
            <span>{MSG.welcomeOneTimeText}</span>
          </div>
        </li>
        <li>
          <ShieldIcon />
          <div>
            <strong>{MSG.welcomeNoPasswords}</strong>
            <span>{MSG.welcomeNoPasswordsText}</span>
          </div>
        </li>
      </ul>
    </Popup>
  );
}

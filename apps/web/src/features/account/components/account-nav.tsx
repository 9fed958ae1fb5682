// The account's own pages, as a list of links on 'My Account'.
import { MSG } from '@quokka/contract/messages';
import { TEXT_OFFERS_MSG } from '@quokka/contract/text-offers-messages';
import { ChevronIcon } from '../../../components/ui/icons';
import { Link } from '../../../components/ui/link';

const LINKS = [
  { to: '/account/addressinformation', label: MSG.addressInformation },
  { to: '/account/personaldetails', label: MSG.personalDetails },
  { to: '/account/savedcards', label: MSG.savedCards },
  { to: '/account/orders', label: MSG.myOrders },
  { to: '/account/textoffers', label: TEXT_OFFERS_MSG.heading }, // [I29]
] as const;

export function AccountNav() {
  return (
    <nav className="acct-nav" aria-label={MSG.myAccount}>
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link className="acct-nav__link" to={link.to}>
              <span>{link.label}</span>
              <ChevronIcon width={20} height={20} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

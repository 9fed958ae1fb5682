import { MSG } from '@quokka/contract/messages';
import { Page } from '../../../components/ui/page';

/** /account: the screen's heading in the shell's page layout; its content lands with the account work. */
export function AccountPage() {
  return <Page title={MSG.myAccount} />;
}

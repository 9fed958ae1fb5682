import { MSG } from '@quokka/contract/messages';
import { Page } from '../../../components/ui/page';

/** /success: the screen's heading in the shell's page layout; its content lands with the checkout work. */
export function SuccessPage() {
  return <Page title={MSG.thankYou} />;
}

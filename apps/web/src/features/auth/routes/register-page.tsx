import { MSG } from '@quokka/contract/messages';
import { Page } from '../../../components/ui/page';

/** /register: the screen's heading in the shell's page layout; its content lands with the auth work. */
export function RegisterPage() {
  return <Page title={MSG.registrationHeading} />;
}

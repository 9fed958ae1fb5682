import { MSG } from '@quokka/contract/messages';
import { Page } from '../../../components/ui/page';

/** /signin: the screen's heading in the shell's page layout; its content lands with the auth work. */
export function SignInPage() {
  return <Page title={MSG.signIn} />;
}

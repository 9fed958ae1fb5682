import { Page } from '../../../components/ui/page';

/** /autologin/:jwt: the screen's heading in the shell's page layout; its content lands with the auth work. */
export function AutologinPage() {
  return <Page title={'Signing You In'} />;
}

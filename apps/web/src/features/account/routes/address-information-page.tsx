import { Page } from '../../../components/ui/page';

/** /account/addressinformation: the screen's heading in the shell's page layout; its content lands with the account work. */
export function AddressInformationPage() {
  return <Page title={'Address Information'} />;
}

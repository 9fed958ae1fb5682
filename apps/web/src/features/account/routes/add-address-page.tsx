import { Page } from '../../../components/ui/page';

/** /account/addaddress: the screen's heading in the shell's page layout; its content lands with the account work. */
export function AddAddressPage() {
  return <Page title={'Add New Address'} />;
}

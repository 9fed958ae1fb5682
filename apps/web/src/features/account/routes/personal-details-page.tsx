import { Page } from '../../../components/ui/page';

/** /account/personaldetails: the screen's heading in the shell's page layout; its content lands with the account work. */
export function PersonalDetailsPage() {
  return <Page title={'Personal Details'} />;
}

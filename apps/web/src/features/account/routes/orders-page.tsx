import { Page } from '../../../components/ui/page';

/** /account/orders: the screen's heading in the shell's page layout; its content lands with the account work. */
export function OrdersPage() {
  return <Page title={'My Orders'} />;
}

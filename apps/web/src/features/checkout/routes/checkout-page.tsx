import { Page } from '../../../components/ui/page';

/** /checkout: the screen's heading in the shell's page layout; its content lands with the checkout work. */
export function CheckoutPage() {
  return <Page title={'Checkout'} />;
}

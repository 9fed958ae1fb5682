import { Page } from '../../../components/ui/page';

/** /updateproduct/:id: the screen's heading in the shell's page layout; its content lands with the cart work. */
export function UpdateProductPage() {
  return <Page title={'Update Cart Item'} />;
}

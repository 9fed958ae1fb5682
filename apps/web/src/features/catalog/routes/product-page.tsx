import { Page } from '../../../components/ui/page';

/** /product/:id: the screen's heading in the shell's page layout; its content lands with the catalog work. */
export function ProductPage() {
  return <Page title={'Product'} />;
}

import { Page } from '../../../components/ui/page';

/** /category/:id: the screen's heading in the shell's page layout; its content lands with the catalog work. */
export function CategoryPage() {
  return <Page title={'Category'} />;
}

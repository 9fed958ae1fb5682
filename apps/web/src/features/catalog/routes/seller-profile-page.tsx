import { Page } from '../../../components/ui/page';

/** /sellerprofile/:sellerurl: the screen's heading in the shell's page layout; its content lands with the catalog work. */
export function SellerProfilePage() {
  return <Page title={'Seller'} />;
}

import { Page } from '../../../components/ui/page';

/** /giftcard/add/:productid/:configurableproductsku/:cartid/:cartitemid: the screen's heading in the shell's page layout; its content lands with the giftcards work. */
export function GiftCardAddPage() {
  return <Page title={'Gift Card Recipient'} />;
}

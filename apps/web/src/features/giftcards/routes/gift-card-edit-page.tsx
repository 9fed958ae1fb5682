import { Page } from '../../../components/ui/page';

/** /giftcard/edit/:giftcarddetailsid: the screen's heading in the shell's page layout; its content lands with the giftcards work. */
export function GiftCardEditPage() {
  return <Page title={'Edit Gift Card Recipient'} />;
}

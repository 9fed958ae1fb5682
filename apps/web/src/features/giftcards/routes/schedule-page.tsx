import { Page } from '../../../components/ui/page';

/** /giftcard/schedule/:giftcarddetailsid: the screen's heading in the shell's page layout; its content lands with the giftcards work. */
export function SchedulePage() {
  return <Page title={'Schedule Gift Card'} />;
}

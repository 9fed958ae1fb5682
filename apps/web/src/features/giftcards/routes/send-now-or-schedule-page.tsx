import { Page } from '../../../components/ui/page';

/** /giftcard/sendnoworschedule/:giftcarddetailsid: the screen's heading in the shell's page layout; its content lands with the giftcards work. */
export function SendNowOrSchedulePage() {
  return <Page title={'Send Now or Schedule'} />;
}

import { Page } from '../../../components/ui/page';

/** /giftcard/mmstemplates/:giftcarddetailsid: the screen's heading in the shell's page layout; its content lands with the giftcards work. */
export function MmsTemplatesPage() {
  return <Page title={'Choose a Template'} />;
}

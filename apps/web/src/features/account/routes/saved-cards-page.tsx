import { Page } from '../../../components/ui/page';

/** /account/savedcards: the screen's heading in the shell's page layout; its content lands with the account work. */
export function SavedCardsPage() {
  return <Page title={'Saved Cards'} />;
}

import { MSG } from '@quokka/contract/messages';
import { Page } from '../../../components/ui/page';

/** /browse: the screen's heading in the shell's page layout; its content lands with the catalog work. */
export function BrowsePage() {
  return <Page title={MSG.browseHeading} />;
}

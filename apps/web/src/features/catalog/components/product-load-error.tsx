// The product page when the product call failed (no reply, or a server fault): unlike a product that
// does not exist ('No Product.' [PDP-02]), another try may well work, so the page offers one. The shell's
// popup has already said what went wrong [ERR-01, ERR-02]; this is what stays once it is closed, with
// the list as the other way on.
import { MSG } from '@quokka/contract/messages';
import { Button, ButtonLink } from '../../../components/ui/button';
import { InfoIcon, WifiOffIcon } from '../../../components/ui/icons';
import { Page } from '../../../components/ui/page';
import { CATALOG_TEXT } from '../catalog-texts';

export function ProductLoadError({
  offline,
  retrying,
  onRetry,
}: {
  /** No reply at all (rather than a server fault): the advice is to check the connection. */
  offline: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const Icon = offline ? WifiOffIcon : InfoIcon;
  return (
    <Page title={CATALOG_TEXT.productLoadFailedTitle}>
      <div className="pdp-error card">
        <Icon className="pdp-error__icon" width={32} height={32} />
        <p className="pdp-error__text">
          {offline ? CATALOG_TEXT.productLoadFailedOffline : CATALOG_TEXT.productLoadFailedServer}
        </p>
        <Button block onClick={onRetry} disabled={retrying} aria-busy={retrying}>
          {retrying ? CATALOG_TEXT.retrying : MSG.tryAgain}
        </Button>
        <ButtonLink variant="ghost" block to="/browse">
          {MSG.browseHeading}
        </ButtonLink>
      </div>
    </Page>
  );
}

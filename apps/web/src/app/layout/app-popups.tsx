// The shell's popups, driven by the app state. One at a time, most serious first: being offline
// explains everything after it, and an unexpected error outranks a routine message.
// The 'cart', 'mobile' and 'info' popups are rendered here once their features exist.
import { MSG } from '@quokka/contract/messages';
import { Button } from '../../components/ui/button';
import { WifiOffIcon } from '../../components/ui/icons';
import { Popup } from '../../components/ui/popup';
import { SuppliedByPopup } from '../../features/catalog/components/supplied-by-popup';
import { closeMessage, closePopup, setOffline, setUnexpectedError, useAppState } from '../../lib/app-state';

function reloadPage(): void {
  window.location.reload();
}

/** [SHELL-20, SHELL-21, CONN-02, ERR-01] No response: the only way on is to reload. */
function OfflinePopup() {
  return (
    <Popup
      title={MSG.offlineTitle}
      tone="alert"
      icon={<WifiOffIcon />}
      onClose={() => setOffline(false)}
      actions={
        <Button block onClick={reloadPage}>
          {MSG.refresh}
        </Button>
      }
    >
      <p>{MSG.offline}</p>
    </Popup>
  );
}

/** [SHELL-23, ERR-02] A 5xx reply. */
function UnexpectedErrorPopup() {
  const close = () => setUnexpectedError(false);
  return (
    <Popup
      title={MSG.unexpectedErrorTitle}
      tone="alert"
      onClose={close}
      actions={
        <Button block onClick={close}>
          {MSG.close}
        </Button>
      }
    >
      <p>{MSG.unexpectedErrorText}</p>
    </Popup>
  );
}

export function AppPopups() {
  const offline = useAppState((state) => state.offline);
  const unexpectedError = useAppState((state) => state.unexpectedError);
  const message = useAppState((state) => state.message);
  const popup = useAppState((state) => state.popup);
  const popupText = useAppState((state) => state.popupText);
  const suppliedBy = useAppState((state) => state.suppliedBy);

  if (offline) return <OfflinePopup />;
  if (unexpectedError) return <UnexpectedErrorPopup />;
  if (message) {
    // [SHELL-22] Header defaults to 'Something Went Wrong' (set by showMessage).
    return (
      <Popup
        title={message.title}
        onClose={closeMessage}
        actions={
          <Button block onClick={closeMessage}>
            {MSG.close}
          </Button>
        }
      >
        <p>{message.text}</p>
      </Popup>
    );
  }
  if (popup === 'out-of-stock') {
    // [SHELL-24]
    return (
      <Popup
        title={MSG.outOfStockTitle}
        onClose={closePopup}
        actions={
          <Button block onClick={closePopup}>
            {MSG.close}
          </Button>
        }
      >
        <p>{MSG.outOfStockText}</p>
      </Popup>
    );
  }
  if (popup === 'supplied-by' && suppliedBy) {
    // [SHELL-18]
    return <SuppliedByPopup request={suppliedBy} />;
  }
  if (popup === 'qty') {
    return (
      <Popup
        title={MSG.qtyNotAvailableTitle}
        onClose={closePopup}
        actions={
          <Button block onClick={closePopup}>
            {MSG.close}
          </Button>
        }
      >
        <p>{popupText ?? MSG.qtyNotAvailable}</p>
      </Popup>
    );
  }
  return null;
}

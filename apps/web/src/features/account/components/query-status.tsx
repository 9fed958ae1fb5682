// What an account page shows while its data loads, or when loading failed (the shell's popups say why:
// offline or a server fault; a 401 has already sent the user to /signin).
import { MSG } from '@quokka/contract/messages';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
// Its `.acct-status` rules live there; a screen outside the feature gets them with the component.
import './account.css';

export function QueryStatus({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  if (failed) {
    return (
      <div className="acct-status">
        <Button variant="secondary" onClick={onRetry}>
          {MSG.tryAgain}
        </Button>
      </div>
    );
  }
  return (
    <p className="acct-status" role="status">
      <Spinner size={24} />
      <span>{MSG.loadingAccount}</span>
    </p>
  );
}

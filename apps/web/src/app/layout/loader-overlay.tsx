// [SHELL-11] Covers the screen while work runs, with the text of the newest piece of work.
import { Spinner } from '../../components/ui/spinner';
import { loaderText, useAppState } from '../../lib/app-state';
import './loader-overlay.css';

export function LoaderOverlay() {
  const text = useAppState(loaderText);
  if (text === null) return null;
  return (
    <div className="loader-overlay" role="status" aria-live="polite">
      <div className="loader-overlay__box">
        <Spinner />
        <p className="loader-overlay__text">{text}</p>
      </div>
    </div>
  );
}

// The one accessible popup: a modal dialog labelled by its title, focus moved in and trapped,
// Escape, the close button and the backdrop close it, and focus returns to the opener.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { useFocusTrap } from './use-focus-trap';
import './popup.css';

export interface PopupProps {
  title: string;
  children?: ReactNode;
  /** Buttons under the content, e.g. 'Refresh'. */
  actions?: ReactNode;
  /** Omit for popups the user must act on (no close button, Escape and backdrop do nothing). */
  onClose?: () => void;
  closeLabel?: string;
  /** 'alert' marks errors with the danger colour and icon tint. */
  tone?: 'default' | 'alert';
  icon?: ReactNode;
}

export function Popup({
  title,
  children,
  actions,
  onClose,
  closeLabel = 'Close',
  tone = 'default',
  icon,
}: PopupProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useFocusTrap(dialogRef, { onEscape: onClose });

  // The page behind a modal does not scroll.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  return createPortal(
    <div className="popup-layer">
      <div className="popup-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialogRef}
        className={`popup popup--${tone}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
      >
        <div className="popup__header">
          {icon ? <span className="popup__icon">{icon}</span> : null}
          <h2 className="popup__title" id={titleId}>
            {title}
          </h2>
          {onClose ? (
            <button type="button" className="popup__close" aria-label={closeLabel} onClick={onClose}>
              <CloseIcon />
            </button>
          ) : null}
        </div>
        {children ? (
          <div className="popup__body" id={bodyId}>
            {children}
          </div>
        ) : null}
        {actions ? <div className="popup__actions">{actions}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

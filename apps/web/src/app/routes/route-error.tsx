// Error boundaries for routes: a failing screen shows the 'Unexpected Error' text and a way out,
// never a white screen. The inner one keeps the header and menu; the outer one stands alone. Each
// starts over when the shopper goes somewhere else (as React Router's own route errors did).
import { MSG } from '@quokka/contract/messages';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { Page } from '../../components/ui/page';

interface BoundaryProps {
  fallback: ReactNode;
  /** The location's key: a new one clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  key: string;
}

class LocationErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Catches what `children` throw while rendering (a screen's code that fails to load included). */
export function RouteErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { key } = useLocation();
  return (
    <LocationErrorBoundary fallback={fallback} resetKey={key}>
      {children}
    </LocationErrorBoundary>
  );
}

/** Inside the shell, around the route outlet. */
export function RouteError() {
  return (
    <Page title={MSG.unexpectedErrorTitle}>
      <div className="card" role="alert">
        <p>{MSG.unexpectedErrorText}</p>
        <div className="route-error__actions">
          <Button onClick={() => window.location.reload()}>{MSG.reloadPage}</Button>
          <ButtonLink to="/browse" variant="secondary" reloadDocument>
            {MSG.browseHeading}
          </ButtonLink>
        </div>
      </div>
    </Page>
  );
}

/** When the shell itself fails. */
export function RootError() {
  return (
    <main className="page" id="main">
      <h1 className="page__title">{MSG.unexpectedErrorTitle}</h1>
      <p role="alert">{MSG.unexpectedErrorText}</p>
      <Button onClick={() => window.location.reload()}>{MSG.reloadPage}</Button>
    </main>
  );
}

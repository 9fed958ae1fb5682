// Error boundaries for routes: a failing screen shows the 'Unexpected Error' text and a way out,
// never a white screen. The inner one keeps the header and menu; the outer one stands alone.
import { MSG } from '@quokka/contract/messages';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { Page } from '../../components/ui/page';

function useLogRouteError(): void {
  const error = useRouteError();
  useEffect(() => {
    console.error('A screen failed to render', error);
  }, [error]);
}

/** Inside the shell, around the route outlet. */
export function RouteError() {
  useLogRouteError();
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
  useLogRouteError();
  return (
    <main className="page" id="main">
      <h1 className="page__title">{MSG.unexpectedErrorTitle}</h1>
      <p role="alert">{MSG.unexpectedErrorText}</p>
      <Button onClick={() => window.location.reload()}>{MSG.reloadPage}</Button>
    </main>
  );
}

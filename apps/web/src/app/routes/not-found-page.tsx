// [ROUTE-34] The page every unknown path ends on.
import { MSG } from '@quokka/contract/messages';
import { ButtonLink } from '../../components/ui/button';
import { Page } from '../../components/ui/page';

export function NotFoundPage() {
  return (
    <Page title={MSG.pageNotFound}>
      <div className="card not-found">
        <p className="page__lead">The page you were looking for has moved or no longer exists.</p>
        <ButtonLink to="/browse" block>
          {MSG.browseHeading}
        </ButtonLink>
      </div>
    </Page>
  );
}

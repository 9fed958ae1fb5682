import { LegalDocumentView, sectionEntries } from '../components/legal-document-view';
import { LegalPage } from '../components/legal-page';
import { privacyPolicy } from '../content/privacy-policy';

// [ROUTE-32, ROUTE-33] /privacy carries the privacy policy; the page's h1 is the policy's title and its
// introduction leads the page, above the contents.
const CONTENTS = sectionEntries(privacyPolicy);

export function PrivacyPage() {
  return (
    <LegalPage title={privacyPolicy.title} lead={privacyPolicy.intro} contents={CONTENTS}>
      <LegalDocumentView document={privacyPolicy} part={false} />
    </LegalPage>
  );
}

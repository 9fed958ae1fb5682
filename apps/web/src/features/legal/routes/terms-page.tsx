import { LegalDocumentView, sectionEntries } from '../components/legal-document-view';
import { LegalPage } from '../components/legal-page';
import { dataProcessingAgreement } from '../content/data-processing-agreement';
import { memberTerms } from '../content/member-terms';
import { vendorTerms } from '../content/vendor-terms';

// [ROUTE-32, ROUTE-33] /terms carries the member terms, the vendor terms and the data processing agreement.
const DOCUMENTS = [memberTerms, vendorTerms, dataProcessingAgreement] as const;

const CONTENTS = DOCUMENTS.map((document) => ({
  id: document.id,
  label: document.title,
  children: sectionEntries(document),
}));

export function TermsPage() {
  return (
    <LegalPage
      title="Terms & Conditions"
      lead={
        <p>
          The Member Terms apply to shoppers. The Vendor Terms and the Data Processing Agreement apply to the
          suppliers who sell through this storefront.
        </p>
      }
      contents={CONTENTS}
    >
      {DOCUMENTS.map((document) => (
        <LegalDocumentView key={document.id} document={document} part />
      ))}
    </LegalPage>
  );
}

import { useLocation, useNavigate } from 'react-router';

const FALLBACK_PATH = '/browse';

// [ROUTE-32] The legal pages' Back button returns to where the shopper came from. With nothing to go
// back to it goes to the product list instead of leaving the storefront: either the tab has no history
// (`window.history.length <= 1`), or this page is the first entry the router has seen (its key is
// 'default', e.g. the page was opened from a message or another site), where going back would leave.
export function LegalBackButton() {
  const navigate = useNavigate();
  const location = useLocation();

  function goBack() {
    const noHistory = window.history.length <= 1 || location.key === 'default';
    if (noHistory) {
      void navigate(FALLBACK_PATH);
      return;
    }
    void navigate(-1);
  }

  return (
    <button type="button" className="legal-back" onClick={goBack}>
      Back
    </button>
  );
}

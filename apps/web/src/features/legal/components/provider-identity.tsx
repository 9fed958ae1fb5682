// [I11-12] The Provider the legal documents speak of, named: its trading name and ABN, and how to reach
// it, from the runtime config (the server's OPERATOR_* and SUPPORT_* settings).
import { MSG } from '@quokka/contract/messages';
import { OperatorIdentity, SupportLinks } from '../../../components/business/support-links';
import { getRuntimeConfig } from '../../../lib/runtime-config';

/** 'Quokka Marketplace Pty Ltd, ABN 12 345 679 016' in running text. */
export function ProviderName() {
  const { tradingName, abn } = getRuntimeConfig().business;
  return (
    <strong>
      {tradingName}, ABN {abn}
    </strong>
  );
}

/** The contact paragraph: who the Provider is and the support email and phone as links. */
export function ProviderContact() {
  const business = getRuntimeConfig().business;
  return (
    <p className="legal-provider">
      <OperatorIdentity business={business} />
      <span className="legal-provider__support">
        {MSG.supportLabel} <SupportLinks business={business} />
      </span>
    </p>
  );
}

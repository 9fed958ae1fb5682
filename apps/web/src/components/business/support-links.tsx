// [I11-12] Support's email and phone as links people can tap, and the operator's legal identity, from the
// runtime config the server writes (its settings, or the sandbox identity).
import type { BusinessIdentity } from '@quokka/contract/business-identity';
import { MSG } from '@quokka/contract/messages';
import { getRuntimeConfig } from '../../lib/runtime-config';
import './support-links.css';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * 'support@example.com or 1300 975 707', each a link; `joiner` replaces the 'or', and null leaves the
 * spacing to the container (a wrapping flex row). A phone number never breaks across lines.
 */
export function SupportLinks({
  business = getRuntimeConfig().business,
  joiner = MSG.or,
}: {
  business?: BusinessIdentity;
  joiner?: string | null;
}) {
  const { supportEmail: email, supportPhone: phone } = business;
  return (
    <>
      {email ? <a href={`mailto:${email}`}>{email}</a> : null}
      {email && phone && joiner !== null ? ` ${joiner} ` : null}
      {phone ? (
        <a href={telHref(phone)} className="support-links__phone">
          {phone}
        </a>
      ) : null}
    </>
  );
}

/** 'Quokka Marketplace Pty Ltd · ABN 12 345 679 016' */
export function OperatorIdentity({
  business = getRuntimeConfig().business,
}: {
  business?: BusinessIdentity;
}) {
  return (
    <>
      <span className="operator-identity__name">{business.tradingName}</span>
      <span className="operator-identity__abn">
        {MSG.abn} {business.abn}
      </span>
    </>
  );
}

// [I32] Sellers › Applications (docs/sellers.md "Applying to sell"): operators read the applications to
// sell sent from the storefront's "Sell with us", each with every field, and approve or refuse them.
// Waiting ones first (oldest first), the decided ones by the filter (kept in the address). Approve makes
// the seller and its owner's account and texts the applicant the approval and the invite link; Refuse
// asks for a reason, which the applicant is texted. Deciding one another operator decided answers the
// server's words, and the list is read again.
import {
  type AdminSellerApplication,
  type ApproveSellerApplicationReply,
  SELLER_APPLICATION_LIMITS,
  SELLER_APPLICATION_STATUSES,
  SELLER_APPLICATION_TEXTS,
  type SellerApplicationStatus,
} from '@quokka/contract/api/seller-applications';
import { formatMobileNational } from '@quokka/contract/mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../lib/error-text';
import { plural, shopTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { SELLER_APPLICATIONS_QUERY_KEY, sellerApplicationsQueryOptions } from './api/seller-applications';
import { approveSellerApplication } from './api/seller-applications-approve';
import { refuseSellerApplication } from './api/seller-applications-refuse';
import { SellersTabs } from './sellers-tabs';
import './applications.css';

export const STATUS_LABELS: Record<SellerApplicationStatus, string> = {
  waiting: 'Waiting',
  approved: 'Approved',
  refused: 'Refused',
};

function statusFrom(params: URLSearchParams): SellerApplicationStatus {
  const value = params.get('status');
  return SELLER_APPLICATION_STATUSES.find((status) => status === value) ?? 'waiting';
}

/** A link the applicant typed, as a link that opens: https:// added when they left it out. */
function hrefOf(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

function useDecision() {
  const { api } = useSession();
  const queryClient = useQueryClient();
  return {
    api,
    settled: () => queryClient.invalidateQueries({ queryKey: SELLER_APPLICATIONS_QUERY_KEY }),
  };
}

function ApplicationCard({
  application,
  onApproved,
}: {
  application: AdminSellerApplication;
  onApproved(reply: ApproveSellerApplicationReply): void;
}) {
  const { api, settled } = useDecision();
  const ids = useId();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const approve = useMutation({
    mutationFn: () => approveSellerApplication(api, application.id),
    onSuccess: onApproved,
    onSettled: settled,
  });
  const refuse = useMutation({
    mutationFn: (why: string) => refuseSellerApplication(api, application.id, { reason: why }),
    onSettled: settled,
  });
  const busy = approve.isPending || refuse.isPending;
  const headingId = `${ids}-heading`;
  const reasonId = `${ids}-reason`;

  function submitRefusal(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) return setMissing(true);
    refuse.mutate(reason.trim());
  }

  const rows: [string, ReactNode][] = [
    [SELLER_APPLICATION_TEXTS.labels.abn, application.abn],
    [SELLER_APPLICATION_TEXTS.labels.contact_name, application.contact_name],
    [
      SELLER_APPLICATION_TEXTS.labels.mobile,
      <a key="mobile" href={`tel:${application.mobile}`}>
        {formatMobileNational(application.mobile)}
      </a>,
    ],
    [
      SELLER_APPLICATION_TEXTS.labels.email,
      <a key="email" href={`mailto:${application.email}`}>
        {application.email}
      </a>,
    ],
    [
      SELLER_APPLICATION_TEXTS.labels.sells,
      <span key="sells" className="applications-sells">
        {application.sells}
      </span>,
    ],
    [
      SELLER_APPLICATION_TEXTS.labels.website,
      <a key="website" href={hrefOf(application.website)} target="_blank" rel="noopener noreferrer">
        {application.website}
      </a>,
    ],
    [
      'Vendor terms',
      `Accepted ${shopTime(application.terms_accepted_at)} (${application.terms_version})${
        application.client_address ? ` from ${application.client_address}` : ''
      }`,
    ],
    ['Applied', shopTime(application.created_at)],
  ];
  if (application.status !== 'waiting')
    rows.push([STATUS_LABELS[application.status], shopTime(application.decided_at)]);
  if (application.refusal_reason) rows.push(['Reason', application.refusal_reason]);
  if (application.seller_id !== null) rows.push(['Seller', `#${application.seller_id}`]);

  return (
    <article className="panel application" aria-labelledby={headingId}>
      <h2 id={headingId} className="application-name">
        {application.business_name}
      </h2>
      <dl className="application-fields">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {application.status === 'waiting' &&
        (refusing ? (
          <form className="application-refuse" onSubmit={submitRefusal} noValidate>
            <div className="field">
              <label htmlFor={reasonId}>Reason</label>
              <p className="muted small" id={`${reasonId}-hint`}>
                The applicant is texted it.
              </p>
              <textarea
                id={reasonId}
                value={reason}
                maxLength={SELLER_APPLICATION_LIMITS.reason}
                rows={3}
                aria-invalid={missing || undefined}
                aria-describedby={`${reasonId}-hint${missing ? ` ${reasonId}-error` : ''}`}
                onChange={(event) => {
                  setReason(event.target.value);
                  setMissing(false);
                }}
              />
              {missing && (
                <p id={`${reasonId}-error`} className="field-error">
                  {SELLER_APPLICATION_TEXTS.reason}
                </p>
              )}
            </div>
            {refuse.error ? (
              <p className="error" role="alert">
                {errorText(refuse.error)}
              </p>
            ) : null}
            <div className="actions">
              <button type="submit" className="button danger" disabled={busy}>
                {refuse.isPending ? 'Refusing…' : 'Refuse application'}
              </button>
              <button type="button" className="button secondary" onClick={() => setRefusing(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className="actions">
            <button type="button" className="button primary" disabled={busy} onClick={() => approve.mutate()}>
              {approve.isPending ? 'Approving…' : 'Approve'}
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() => setRefusing(true)}
            >
              Refuse
            </button>
            {approve.error ? (
              <p className="error" role="alert">
                {errorText(approve.error)}
              </p>
            ) : null}
          </div>
        ))}
    </article>
  );
}

export function ApplicationsPage() {
  const { api } = useSession();
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params);
  const query = useQuery(sellerApplicationsQueryOptions(api, status));
  const [approved, setApproved] = useState<ApproveSellerApplicationReply | null>(null);
  const items = query.data?.items ?? [];

  return (
    <section className="applications-page">
      <SellersTabs />
      <div className="page-head">
        <h1>Applications</h1>
      </div>
      <div className="filters">
        <div className="field">
          <label htmlFor="application-status">Show</label>
          <select
            id="application-status"
            value={status}
            onChange={(event) => {
              setApproved(null);
              setParams(event.target.value === 'waiting' ? {} : { status: event.target.value });
            }}
          >
            {SELLER_APPLICATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {approved && (
        <p className="notice" role="status">
          Approved {approved.application.business_name}: the seller {approved.seller.seller_url} is made, and{' '}
          {approved.application.contact_name} was texted the link to set up the shop.
        </p>
      )}
      {query.isPending ? (
        <p className="muted">Loading…</p>
      ) : query.isError ? (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="muted">
          {status === 'waiting'
            ? 'No applications are waiting.'
            : `No ${STATUS_LABELS[status].toLowerCase()} applications.`}
        </p>
      ) : (
        <>
          <p className="muted">
            {plural(items.length, `${STATUS_LABELS[status].toLowerCase()} application`)}
          </p>
          {items.map((application) => (
            <ApplicationCard key={application.id} application={application} onApproved={setApproved} />
          ))}
        </>
      )}
    </section>
  );
}

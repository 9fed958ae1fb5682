// [I29] One campaign (/campaigns/:id): its state, schedule, message and a phone's view of it; Pause,
// Resume and Cancel (confirmed) by state; live while sending (refetched every few seconds) with a
// progress bar; the results and the funnel (sent → delivered → clicked → ordered) as bars with their
// numbers in text; the per-recipient CSV. Operators approve or refuse (a reason) one waiting for
// approval; the seller's staff see the reason.
import type { Campaign } from '@quokka/contract/api/campaigns';
import { shortDateTime } from '@quokka/contract/calendar-dates';
import { utcToZonedWallTime } from '@quokka/contract/timezones';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Dialog } from '../../components/dialog';
import { errorText } from '../../lib/error-text';
import { money, plural, shopTime } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { campaignRecipientsCsvHref } from './api/campaign-recipients-csv';
import { type CampaignStep, changeCampaign } from './api/change-campaign';
import { campaignQueryKey, campaignQueryOptions } from './api/get-campaign';
import { CAMPAIGNS_QUERY_KEY } from './api/get-campaigns';
import { refuseCampaign } from './api/refuse-campaign';
import { CampaignStateBadge, isEditable } from './campaign-state';
import { sampleText } from './campaign-text';
import { Funnel } from './funnel';
import { PhonePreview } from './phone-preview';
import './campaigns.css';

/** '1,234' */
const count = (value: number) => value.toLocaleString('en-AU');

/** How often a campaign that is sending (or about to) is asked again. */
export const LIVE_REFRESH_MS = 3_000;

const live = (campaign: Campaign | undefined) =>
  campaign?.state === 'sending' || campaign?.state === 'scheduled';

export function CampaignPage() {
  const { api } = useSession();
  const id = Number(useParams().id);
  const query = useQuery({
    ...campaignQueryOptions(api, id),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (current) => (live(current.state.data) ? LIVE_REFRESH_MS : false),
  });
  if (query.isError) {
    return (
      <section className="panel" role="alert">
        <h1>Campaign not found</h1>
        <p>{errorText(query.error)}</p>
        <Link to="/campaigns">← Campaigns</Link>
      </section>
    );
  }
  if (!query.data) return <p className="muted">Loading the campaign…</p>;
  return <CampaignView campaign={query.data} />;
}

function schedule(campaign: Campaign): string | null {
  if (!campaign.scheduled_at) return null;
  const zone = campaign.schedule_zone ?? 'Australia/Sydney';
  // [I34] The one date style: '1 Dec 2026, 7:55 pm (Sydney)'.
  return shortDateTime(utcToZonedWallTime(new Date(campaign.scheduled_at), zone), zone);
}

function audienceText(campaign: Campaign): string {
  const audience = campaign.audience;
  switch (audience.kind) {
    case 'all':
      return 'All subscribers';
    case 'bought':
      return 'Subscribers who bought from this seller';
    case 'never_bought':
      return 'Subscribers who never bought';
    case 'bought_recently':
      return `Subscribers who bought in the last ${plural(audience.days, 'day')}`;
    case 'states':
      return `Subscribers in ${audience.states.join(', ')}`;
  }
}

function CampaignView({ campaign }: { campaign: Campaign }) {
  const { api } = useSession();
  const operator = useMe().staff.role === 'operator';
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'cancel' | 'refuse' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const reasonId = useId();
  const done = (next: Campaign) => {
    queryClient.setQueryData(campaignQueryKey(next.id), next);
    void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
    setAsking(null);
  };
  const step = useMutation({
    mutationFn: (which: CampaignStep) => changeCampaign(api, campaign.id, which),
    onSuccess: done,
  });
  const refuse = useMutation({
    mutationFn: (why: string) => refuseCampaign(api, campaign.id, why),
    onSuccess: done,
  });
  const { state, results } = campaign;
  const canPause = state === 'sending';
  const canResume = state === 'paused';
  const canCancel = state === 'sending' || state === 'paused' || state === 'scheduled' || state === 'review';
  const canDecide = operator && state === 'review';
  const when = schedule(campaign);
  const progress =
    results.recipients > 0 ? Math.min(100, Math.round((results.sent / results.recipients) * 100)) : 0;
  const skipped = results.skipped_cap + results.skipped_opted_out;

  return (
    <article className="campaign-page">
      <Link to="/campaigns" className="back-link">
        ← Campaigns
      </Link>
      <header className="page-head campaign-head">
        <h1>{campaign.name}</h1>
        <p className="badges">
          <CampaignStateBadge state={state} />
        </p>
      </header>
      <p className="muted">
        {operator ? `${campaign.seller_name} · ` : ''}
        Made {shopTime(campaign.created_at)}
        {campaign.started_at ? ` · started ${shopTime(campaign.started_at)}` : ''}
        {campaign.finished_at ? ` · finished ${shopTime(campaign.finished_at)}` : ''}
      </p>
      {when && <p>Scheduled for {when}.</p>}
      {state === 'review' && !operator && <p className="notice">Waiting for an operator's approval.</p>}
      {state === 'refused' && (
        <p className="notice notice-bad" role="note">
          Refused: {campaign.review_reason ?? 'no reason given'}
        </p>
      )}

      {(isEditable(state) || canPause || canResume || canCancel || canDecide) && (
        <div className="actions campaign-buttons">
          {isEditable(state) && (
            <Link className="button primary" to={`/campaigns/${campaign.id}/edit`}>
              Edit and send
            </Link>
          )}
          {canDecide && (
            <>
              <button
                type="button"
                className="button primary"
                disabled={step.isPending}
                onClick={() => step.mutate('approve')}
              >
                Approve
              </button>
              <button type="button" className="button secondary" onClick={() => setAsking('refuse')}>
                Refuse
              </button>
            </>
          )}
          {canPause && (
            <button
              type="button"
              className="button secondary"
              disabled={step.isPending}
              onClick={() => step.mutate('pause')}
            >
              Pause
            </button>
          )}
          {canResume && (
            <button
              type="button"
              className="button primary"
              disabled={step.isPending}
              onClick={() => step.mutate('resume')}
            >
              Resume
            </button>
          )}
          {canCancel && (
            <button type="button" className="button danger" onClick={() => setAsking('cancel')}>
              Cancel campaign
            </button>
          )}
          {step.error && !asking && (
            <p className="error" role="alert">
              {errorText(step.error)}
            </p>
          )}
        </div>
      )}

      <section className="panel" aria-labelledby="campaign-progress">
        <h2 id="campaign-progress">Progress</h2>
        <div
          className="progress"
          role="progressbar"
          aria-label="Sent"
          aria-valuemin={0}
          aria-valuemax={results.recipients}
          aria-valuenow={results.sent}
          aria-valuetext={`${results.sent} of ${results.recipients} sent`}
        >
          <span className="progress-fill" style={{ width: `${progress}%` }} />
        </div>
        <p data-testid="progress-text">
          {count(results.sent)} of {count(results.recipients)}{' '}
          {results.recipients === 1 ? 'recipient' : 'recipients'} sent ({progress}%)
          {state === 'sending' ? ' · updating live' : ''}
        </p>
        <dl className="results-grid" aria-label="Results">
          <Figure label="Recipients" value={results.recipients} />
          <Figure label="Sent" value={results.sent} />
          <Figure label="Delivered" value={results.delivered} />
          <Figure label="Failed" value={results.failed} />
          <Figure label="Clicked" value={results.clicked} />
          <Figure label="Orders" value={results.orders} />
          {campaign.reply_to_buy && <Figure label="Bought by reply" value={results.bought_by_reply} />}
          <Figure label="Revenue" value={money(results.revenue_cents)} />
          <Figure label="Opted out" value={results.opted_out} />
          <Figure label="Waiting (quiet hours)" value={results.waiting_quiet_hours} />
          <Figure
            label="Skipped (cap, opted out)"
            value={`${count(skipped)} (${count(results.skipped_cap)} cap, ${count(results.skipped_opted_out)} opted out)`}
          />
          <Figure label="Queued" value={results.queued} />
          <Figure label="Cost" value={money(results.cost_cents)} />
        </dl>
        <Funnel results={results} />
        <a className="button secondary" href={campaignRecipientsCsvHref(campaign.id)} download>
          Download recipients (CSV)
        </a>
      </section>

      <section className="panel campaign-message" aria-labelledby="campaign-message">
        <h2 id="campaign-message">Message</h2>
        <dl className="facts">
          <dt>Product</dt>
          <dd>{campaign.product_name ?? 'None (no link)'}</dd>
          <dt>Reply to buy</dt>
          <dd>
            {campaign.reply_to_buy
              ? `On${campaign.offer_variant ? ` · ${campaign.offer_variant}` : ''}: members with Buy by reply on can answer BUY`
              : 'Off'}
          </dd>
          <dt>Audience</dt>
          <dd>{audienceText(campaign)}</dd>
          <dt>Segments</dt>
          <dd>{plural(campaign.segments, 'segment')} per text</dd>
        </dl>
        <PhonePreview
          text={sampleText(campaign.seller_name, campaign.message, campaign.product_id !== null)}
          label="The text on a phone"
        />
      </section>

      {asking === 'cancel' && (
        <Dialog title="Cancel this campaign?" onClose={() => setAsking(null)}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              step.mutate('cancel');
            }}
          >
            <p>
              Nothing more is sent: {plural(results.sent, 'text')} already went out; the{' '}
              {results.recipients - results.sent} not sent yet are dropped. This cannot be undone.
            </p>
            {step.error && (
              <p className="error" role="alert">
                {errorText(step.error)}
              </p>
            )}
            <div className="dialog-buttons">
              <button type="button" className="button secondary" onClick={() => setAsking(null)}>
                Back
              </button>
              <button type="submit" className="button danger" disabled={step.isPending}>
                {step.isPending ? 'Working…' : 'Cancel campaign'}
              </button>
            </div>
          </form>
        </Dialog>
      )}
      {asking === 'refuse' && (
        <Dialog title="Refuse this campaign" onClose={() => setAsking(null)}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const why = reason.trim();
              if (why.length < 3) {
                setReasonProblem('Say why: the seller’s staff see the reason.');
                return;
              }
              setReasonProblem(null);
              refuse.mutate(why);
            }}
          >
            <div className="field">
              <label htmlFor={reasonId}>Reason</label>
              <textarea
                id={reasonId}
                rows={3}
                maxLength={500}
                value={reason}
                aria-invalid={reasonProblem !== null}
                onChange={(event) => setReason(event.target.value)}
              />
              {reasonProblem && (
                <p className="field-error" role="alert">
                  {reasonProblem}
                </p>
              )}
            </div>
            {refuse.error && (
              <p className="error" role="alert">
                {errorText(refuse.error)}
              </p>
            )}
            <div className="dialog-buttons">
              <button type="button" className="button secondary" onClick={() => setAsking(null)}>
                Back
              </button>
              <button type="submit" className="button danger" disabled={refuse.isPending}>
                {refuse.isPending ? 'Working…' : 'Refuse'}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </article>
  );
}

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="result">
      <dt>{label}</dt>
      <dd>{typeof value === 'number' ? count(value) : value}</dd>
    </div>
  );
}

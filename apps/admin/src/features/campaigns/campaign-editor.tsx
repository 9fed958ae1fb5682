// [I29] New campaign (/campaigns/new) and the edit of a draft or refused one (/campaigns/:id/edit): name,
// message with the live segment counter (the sender line, the product's link and the opt-out line that
// will be added are counted), the featured product, the audience, the recipients and estimated cost from
// POST /campaigns/preview (asked again, debounced, as the form changes), and a phone's view of the text.
// Save draft, Send test (to the member's own mobile), Send now and Schedule (both confirmed with the
// recipient count and the cost). Every send saves the form first, so what is sent is what is shown.
// [I30] "Reply to buy": members with Buy by reply on can buy the featured item by answering the text; a
// configurable product asks for the one variant the reply buys (docs/reply-to-buy.md).
import {
  type Audience,
  CAMPAIGN_MESSAGE_MAX,
  type Campaign,
  type CampaignBody,
} from '@quokka/contract/api/campaigns';
import { shortDateTime } from '@quokka/contract/calendar-dates';
import { formatMobileNational } from '@quokka/contract/mobile';
import { AUSTRALIAN_TIME_ZONES, DEFAULT_ZONE } from '@quokka/contract/timezones';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Dialog } from '../../components/dialog';
import { errorText } from '../../lib/error-text';
import { money, plural } from '../../lib/format';
import { useMe, useSession } from '../../lib/session';
import { campaignProductsQueryOptions } from './api/find-products';
import { campaignQueryKey, campaignQueryOptions } from './api/get-campaign';
import { CAMPAIGNS_QUERY_KEY } from './api/get-campaigns';
import { offerProductQueryOptions } from './api/get-offer-product';
import { campaignPreviewQueryOptions } from './api/preview-campaign';
import { saveCampaign } from './api/save-campaign';
import { type SendWhen, sendCampaign } from './api/send-campaign';
import { sendCampaignTest } from './api/send-campaign-test';
import { isEditable } from './campaign-state';
import { counterLine, countText, limitHint, sampleText } from './campaign-text';
import { PhonePreview } from './phone-preview';
import './campaigns.css';

const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
type AuState = (typeof AU_STATES)[number];

const AUDIENCES: { kind: Audience['kind']; label: string }[] = [
  { kind: 'all', label: 'All subscribers' },
  { kind: 'bought', label: 'Subscribers who bought from this seller' },
  { kind: 'never_bought', label: 'Subscribers who never bought' },
  { kind: 'bought_recently', label: 'Subscribers who bought in the last N days' },
  { kind: 'states', label: 'Subscribers in chosen states' },
];

interface ChosenProduct {
  id: number;
  name: string;
  seller_id: number;
  seller_name: string;
}

interface Form {
  name: string;
  message: string;
  product: ChosenProduct | null;
  kind: Audience['kind'];
  days: string;
  states: AuState[];
  /** [I30] Members with Buy by reply on can buy the item by answering. */
  replyToBuy: boolean;
  /** [I30] The chosen variant of a configurable product (the item the reply buys). */
  offerProductId: number | null;
}

function formOf(campaign: Campaign | null): Form {
  if (!campaign) {
    return {
      name: '',
      message: '',
      product: null,
      kind: 'all',
      days: '30',
      states: [],
      replyToBuy: false,
      offerProductId: null,
    };
  }
  const audience = campaign.audience;
  return {
    name: campaign.name,
    message: campaign.message,
    product:
      campaign.product_id === null
        ? null
        : {
            id: campaign.product_id,
            name: campaign.product_name ?? `Product #${campaign.product_id}`,
            seller_id: campaign.seller_id,
            seller_name: campaign.seller_name,
          },
    kind: audience.kind,
    days: audience.kind === 'bought_recently' ? String(audience.days) : '30',
    states: audience.kind === 'states' ? [...audience.states] : [],
    replyToBuy: campaign.reply_to_buy,
    offerProductId:
      campaign.reply_to_buy && campaign.offer_product_id !== campaign.product_id
        ? campaign.offer_product_id
        : null,
  };
}

/** '1,234 recipients'. */
const recipients = (count: number) =>
  `${count.toLocaleString('en-AU')} ${count === 1 ? 'recipient' : 'recipients'}`;

/** The audience the form describes, or what is wrong with it. */
function audienceOf(form: Form): Audience | string {
  switch (form.kind) {
    case 'bought_recently': {
      const days = Number(form.days);
      if (!/^\d+$/.test(form.days.trim()) || days < 1 || days > 3650) {
        return 'Give the number of days as a whole number from 1 to 3650.';
      }
      return { kind: 'bought_recently', days };
    }
    case 'states':
      return form.states.length === 0
        ? 'Choose at least one state.'
        : { kind: 'states', states: form.states };
    default:
      return { kind: form.kind };
  }
}

/** The value after it stopped changing for `ms` (the preview is asked once the typing pauses). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the value
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

export function NewCampaignPage() {
  return <CampaignEditor campaign={null} />;
}

export function EditCampaignPage() {
  const { api } = useSession();
  const id = Number(useParams().id);
  const location = useLocation();
  const saved = (location.state as { saved?: boolean } | null)?.saved === true;
  const query = useQuery({ ...campaignQueryOptions(api, id), enabled: Number.isInteger(id) && id > 0 });
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
  if (!isEditable(query.data.state)) {
    return (
      <section className="panel">
        <h1>{query.data.name}</h1>
        <p>This campaign can no longer be changed.</p>
        <Link to={`/campaigns/${id}`}>Open the campaign</Link>
      </section>
    );
  }
  return <CampaignEditor campaign={query.data} initialNotice={saved ? 'Draft saved.' : null} />;
}

type Confirm = { when: SendWhen } | null;

function CampaignEditor({
  campaign,
  initialNotice = null,
}: {
  campaign: Campaign | null;
  initialNotice?: string | null;
}) {
  const { api } = useSession();
  const me = useMe();
  const operator = me.staff.role === 'operator';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = useId();
  const [form, setForm] = useState<Form>(() => formOf(campaign));
  const [savedId, setSavedId] = useState<number | null>(campaign?.id ?? null);
  const [productQ, setProductQ] = useState('');
  const [scheduleDate, setScheduleDate] = useState('');
  const [scheduleTime, setScheduleTime] = useState('09:00');
  const [zone, setZone] = useState<string>(campaign?.schedule_zone ?? DEFAULT_ZONE);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(initialNotice);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setNotice(null);
  };

  const debouncedQ = useDebounced(productQ.trim(), 300);
  const products = useQuery({
    ...campaignProductsQueryOptions(api, debouncedQ),
    placeholderData: keepPreviousData,
  });

  // Whose name starts the text: the campaign's seller, the chosen product's, or (for a seller's staff)
  // the seller of their own products.
  const sellerName =
    form.product?.seller_name ??
    campaign?.seller_name ??
    (operator ? undefined : products.data?.items[0]?.seller_name);
  const sellerId = form.product?.seller_id ?? campaign?.seller_id;

  const audience = audienceOf(form);
  const body: CampaignBody | null =
    typeof audience === 'string'
      ? null
      : {
          ...(operator && sellerId !== undefined ? { seller_id: sellerId } : {}),
          name: form.name.trim(),
          message: form.message,
          product_id: form.product?.id ?? null,
          audience,
          // Left out when off: the server's default (false) turns it off.
          ...(form.replyToBuy ? { reply_to_buy: true, offer_product_id: form.offerProductId } : {}),
        };

  // The preview needs words and (for an operator) the seller; an unnamed draft is previewed as 'Draft'.
  const previewBody =
    body && form.message.trim() !== '' && (!operator || sellerId !== undefined) ? body : null;
  const settledPreview = useDebounced(previewBody, 400);
  const preview = useQuery({
    ...campaignPreviewQueryOptions(
      api,
      settledPreview ? { ...settledPreview, name: settledPreview.name || 'Draft' } : ({} as CampaignBody),
    ),
    enabled: settledPreview !== null,
    placeholderData: keepPreviousData,
  });

  // [I30] With reply to buy, the product decides: a configurable one offers its variants to choose from.
  const offerProduct = useQuery({
    ...offerProductQueryOptions(api, form.product?.id ?? 0),
    enabled: form.replyToBuy && form.product !== null,
  });
  const variants =
    offerProduct.data?.kind === 'configurable' && offerProduct.data.id === form.product?.id
      ? offerProduct.data.variants
      : [];

  const text = sampleText(sellerName ?? 'Your shop', form.message, form.product !== null);
  const count = countText(text);

  function check(): CampaignBody | null {
    if (!body) {
      setProblem(typeof audience === 'string' ? audience : 'Check the form.');
      return null;
    }
    if (body.name === '') {
      setProblem('Give the campaign a name.');
      return null;
    }
    if (form.message.trim() === '') {
      setProblem('Write the message.');
      return null;
    }
    if (operator && sellerId === undefined) {
      setProblem('Choose the product to feature: its seller sends the campaign.');
      return null;
    }
    if (form.replyToBuy && form.product === null) {
      setProblem('Reply to buy needs a product: choose the one item the reply buys.');
      return null;
    }
    if (form.replyToBuy && variants.length > 0 && form.offerProductId === null) {
      setProblem('Reply to buy sells one item: choose the variant the reply buys.');
      return null;
    }
    setProblem(null);
    return body;
  }

  async function persist(checked: CampaignBody): Promise<Campaign> {
    const saved = await saveCampaign(api, savedId, checked);
    setSavedId(saved.id);
    queryClient.setQueryData(campaignQueryKey(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
    return saved;
  }

  const save = useMutation({
    mutationFn: persist,
    onSuccess: (saved) => {
      setNotice('Draft saved.');
      if (!campaign) navigate(`/campaigns/${saved.id}/edit`, { replace: true, state: { saved: true } });
    },
  });
  const test = useMutation({
    mutationFn: async (checked: CampaignBody) => {
      const saved = await persist(checked);
      return sendCampaignTest(api, saved.id);
    },
    onSuccess: (reply) => setNotice(`Test sent to your mobile ${formatMobileNational(reply.to)}.`),
  });
  const send = useMutation({
    mutationFn: async ({ checked, when }: { checked: CampaignBody; when: SendWhen }) => {
      const saved = await persist(checked);
      return sendCampaign(api, saved.id, when);
    },
    onSuccess: (sent) => {
      queryClient.setQueryData(campaignQueryKey(sent.id), sent);
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY });
      navigate(`/campaigns/${sent.id}`);
    },
  });
  const busy = save.isPending || test.isPending || send.isPending;
  const failure = save.error ?? test.error ?? (confirm ? null : send.error);

  function onSave(event: FormEvent) {
    event.preventDefault();
    const checked = check();
    if (checked) save.mutate(checked);
  }

  function askSend(when: SendWhen) {
    if (!check()) return;
    if (
      when !== 'now' &&
      (!/^\d{4}-\d{2}-\d{2}$/.test(scheduleDate) || !/^\d{2}:\d{2}$/.test(scheduleTime))
    ) {
      setProblem('Give the day and time to send at.');
      return;
    }
    send.reset();
    setConfirm({ when });
  }

  const selectedProductShown = products.data?.items.some((item) => item.id === form.product?.id) ?? false;

  return (
    <section className="campaign-editor">
      <Link to={campaign ? `/campaigns/${campaign.id}` : '/campaigns'} className="back-link">
        ← {campaign ? campaign.name : 'Campaigns'}
      </Link>
      <div className="page-head">
        <h1>{campaign ? 'Edit campaign' : 'New campaign'}</h1>
      </div>
      {campaign?.state === 'refused' && campaign.review_reason && (
        <p className="notice" role="note">
          Refused by an operator: {campaign.review_reason}. Change it and send it again.
        </p>
      )}
      <form className="campaign-grid" onSubmit={onSave} aria-label="Campaign" noValidate>
        <div className="panel campaign-form">
          <div className="field">
            <label htmlFor={`${ids}-name`}>Name</label>
            <input
              id={`${ids}-name`}
              value={form.name}
              maxLength={120}
              onChange={(event) => set('name', event.target.value)}
            />
            <span className="small muted">Only staff see it.</span>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-message`}>Message</label>
            <textarea
              id={`${ids}-message`}
              rows={5}
              value={form.message}
              maxLength={CAMPAIGN_MESSAGE_MAX}
              aria-describedby={`${ids}-counter ${ids}-added`}
              onChange={(event) => set('message', event.target.value)}
            />
            <p id={`${ids}-counter`} className="counter" aria-live="polite" data-testid="sms-counter">
              {counterLine(count)}
            </p>
            <p id={`${ids}-added`} className="small muted">
              Counted with what is added to every text: "{sellerName ?? 'the seller'}:" before it,
              {form.product ? ' the product’s link,' : ''} and the opt-out line. {limitHint(count)}
            </p>
          </div>

          <fieldset className="field product-pick">
            <legend>Product</legend>
            <label htmlFor={`${ids}-product-q`} className="small">
              Find a product
            </label>
            <input
              id={`${ids}-product-q`}
              type="search"
              placeholder="Name or SKU"
              value={productQ}
              onChange={(event) => setProductQ(event.target.value)}
            />
            <div className="choices" role="radiogroup" aria-label="Product to feature">
              {!operator && (
                <label className="check">
                  <input
                    type="radio"
                    name={`${ids}-product`}
                    checked={form.product === null}
                    onChange={() => {
                      set('product', null);
                      set('offerProductId', null);
                    }}
                  />
                  No product (no link)
                </label>
              )}
              {form.product && !selectedProductShown && (
                <label className="check">
                  <input type="radio" name={`${ids}-product`} checked readOnly />
                  {form.product.name}
                  {operator && <span className="sub"> {form.product.seller_name}</span>}
                </label>
              )}
              {products.data?.items.map((item) => (
                <label className="check" key={item.id}>
                  <input
                    type="radio"
                    name={`${ids}-product`}
                    checked={form.product?.id === item.id}
                    onChange={() => {
                      set('product', {
                        id: item.id,
                        name: item.name,
                        seller_id: item.seller_id,
                        seller_name: item.seller_name,
                      });
                      set('offerProductId', null);
                    }}
                  />
                  {item.name}
                  <span className="sub">
                    {' '}
                    {item.sku}
                    {operator ? ` · ${item.seller_name}` : ''}
                  </span>
                </label>
              ))}
              {products.data?.items.length === 0 && <p className="muted small">No product matches.</p>}
            </div>
            {operator && <p className="small muted">The product's seller sends the campaign.</p>}
          </fieldset>

          <fieldset className="field reply-to-buy">
            <legend>Reply to buy</legend>
            <label className="check">
              <input
                type="checkbox"
                checked={form.replyToBuy}
                aria-describedby={`${ids}-reply-hint`}
                onChange={(event) => set('replyToBuy', event.target.checked)}
              />
              Reply to buy
            </label>
            <p id={`${ids}-reply-hint`} className="small muted">
              Members who turned on Buy by reply can buy this item by answering the text BUY, then YES (their
              saved card and address); everyone else gets the link.
            </p>
            {form.replyToBuy && form.product === null && (
              <p className="small muted">Choose the product the reply buys.</p>
            )}
            {form.replyToBuy && offerProduct.data?.kind === 'giftcard' && (
              <p className="small error">A gift card cannot be bought by reply.</p>
            )}
            {form.replyToBuy && variants.length > 0 && (
              <div className="field">
                <label htmlFor={`${ids}-variant`}>Variant the reply buys</label>
                <select
                  id={`${ids}-variant`}
                  value={form.offerProductId ?? ''}
                  onChange={(event) =>
                    set('offerProductId', event.target.value === '' ? null : Number(event.target.value))
                  }
                >
                  <option value="">Choose a variant</option>
                  {variants.map((variant) => (
                    <option key={variant.id} value={variant.id} disabled={!variant.enabled}>
                      {`${[variant.colour, variant.size].filter(Boolean).join(', ') || variant.sku} · ${money(variant.price_cents)} · ${variant.stock} in stock${variant.enabled ? '' : ' (switched off)'}`}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </fieldset>

          <fieldset className="field audience">
            <legend>Audience</legend>
            {AUDIENCES.map((option) => (
              <label className="check" key={option.kind}>
                <input
                  type="radio"
                  name={`${ids}-audience`}
                  value={option.kind}
                  checked={form.kind === option.kind}
                  onChange={() => set('kind', option.kind)}
                />
                {option.label}
              </label>
            ))}
            {form.kind === 'bought_recently' && (
              <div className="field inline">
                <label htmlFor={`${ids}-days`}>Days</label>
                <input
                  id={`${ids}-days`}
                  inputMode="numeric"
                  value={form.days}
                  onChange={(event) => set('days', event.target.value)}
                />
              </div>
            )}
            {form.kind === 'states' && (
              <fieldset className="states">
                <legend className="small">States (of the default shipping address)</legend>
                {AU_STATES.map((state) => (
                  <label className="check" key={state}>
                    <input
                      type="checkbox"
                      checked={form.states.includes(state)}
                      onChange={(event) =>
                        set(
                          'states',
                          event.target.checked
                            ? [...form.states, state]
                            : form.states.filter((other) => other !== state),
                        )
                      }
                    />
                    {state}
                  </label>
                ))}
              </fieldset>
            )}
          </fieldset>

          <div className="estimate" aria-live="polite" data-testid="estimate">
            {preview.data ? (
              <p>
                <strong>{recipients(preview.data.recipients)}</strong> ·{' '}
                {plural(preview.data.segments, 'segment')} each · estimated cost{' '}
                <strong>{money(preview.data.estimated_cost_cents)}</strong>
              </p>
            ) : preview.isFetching ? (
              <p className="muted">Counting the recipients…</p>
            ) : (
              <p className="muted">Write the message to see the recipients and the cost.</p>
            )}
            {preview.isError && (
              <p className="error" role="alert">
                {errorText(preview.error)}
              </p>
            )}
          </div>

          <fieldset className="field schedule">
            <legend>Schedule (optional)</legend>
            <div className="field-row">
              <div className="field">
                <label htmlFor={`${ids}-date`}>Day</label>
                <input
                  id={`${ids}-date`}
                  type="date"
                  value={scheduleDate}
                  onChange={(event) => setScheduleDate(event.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`${ids}-time`}>Time</label>
                <input
                  id={`${ids}-time`}
                  type="time"
                  value={scheduleTime}
                  onChange={(event) => setScheduleTime(event.target.value)}
                />
              </div>
            </div>
            <div className="field zone">
              <label htmlFor={`${ids}-zone`}>Time zone</label>
              <select id={`${ids}-zone`} value={zone} onChange={(event) => setZone(event.target.value)}>
                {AUSTRALIAN_TIME_ZONES.map((option) => (
                  <option key={option.zone} value={option.zone}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <p className="small muted">
              Nobody is texted between 8 pm and 6 am in their own time zone: those texts wait until 6 am
              there.
            </p>
          </fieldset>

          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
          {failure && (
            <p className="error" role="alert">
              {errorText(failure)}
            </p>
          )}
          {notice && (
            <p className="notice" role="status">
              {notice}
            </p>
          )}
          <div className="actions campaign-buttons">
            <button type="submit" className="button secondary" disabled={busy}>
              Save draft
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() => {
                const checked = check();
                if (checked) test.mutate(checked);
              }}
            >
              Send test
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              onClick={() => askSend({ at: `${scheduleDate} ${scheduleTime}`, zone })}
            >
              Schedule
            </button>
            <button type="button" className="button primary" disabled={busy} onClick={() => askSend('now')}>
              Send now
            </button>
          </div>
        </div>
        <div className="campaign-side">
          <PhonePreview
            text={
              preview.data &&
              !preview.isPlaceholderData &&
              JSON.stringify(settledPreview) === JSON.stringify(previewBody)
                ? preview.data.text
                : text
            }
            label="Preview on a phone"
          />
          {/* [I30] A reply-to-buy campaign: what members with Buy by reply on get in place of the link. */}
          {preview.data?.reply_to_buy && !preview.isPlaceholderData && (
            <>
              <PhonePreview text={preview.data.reply_to_buy.text} label="Members with Buy by reply get" />
              <p className="hint" data-testid="reply-to-buy-segments">
                With Buy by reply on: {plural(preview.data.reply_to_buy.segments, 'segment')}, their own total
                and suburb.
              </p>
            </>
          )}
        </div>
      </form>

      {confirm && (
        <Dialog
          title={confirm.when === 'now' ? 'Send this campaign now?' : 'Schedule this campaign?'}
          onClose={() => setConfirm(null)}
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              const checked = check();
              if (checked) send.mutate({ checked, when: confirm.when });
            }}
          >
            <p>
              {preview.data
                ? `${recipients(preview.data.recipients)}, estimated cost ${money(preview.data.estimated_cost_cents)}.`
                : 'The number of recipients is not known yet.'}
            </p>
            <p>
              {confirm.when === 'now'
                ? 'Texts start going out now (those due at night wait until 6 am in the recipient’s zone).'
                : `Texts start at ${shortDateTime(confirm.when.at, confirm.when.zone)}.`}
              {operator ? '' : ' If the shop reviews campaigns, an operator approves it first.'}
            </p>
            {send.error && (
              <p className="error" role="alert">
                {errorText(send.error)}
              </p>
            )}
            <div className="dialog-buttons">
              <button type="button" className="button secondary" onClick={() => setConfirm(null)}>
                Back
              </button>
              <button type="submit" className="button primary" disabled={send.isPending}>
                {send.isPending ? 'Working…' : confirm.when === 'now' ? 'Send now' : 'Schedule'}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </section>
  );
}

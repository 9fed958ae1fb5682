// [I31] One flow on the automations screen: its switch (saved at once, turned back on a failure), its words
// with the segment counter and a phone's view of the text (POST /automations/preview, asked once the typing
// pauses), the placeholders it fills, its timing (the cart: hours; the thank-you: days, × 24 on the wire;
// back in stock: at once), the thank-you's product, Save (a refusal's fields shown beside them) and its
// results since it was switched on, with the funnel campaigns draw.
import {
  AUTOMATION_ERRORS,
  AUTOMATION_FLOW_NAMES,
  AUTOMATION_MESSAGE_MAX,
  AUTOMATION_PLACEHOLDERS,
  type Automation,
  type AutomationBody,
  type AutomationFlow,
  type AutomationListReply,
  CART_REMINDER_HOURS_RANGE,
  STOCK_ALERT_DAYS,
  THANK_YOU_DAYS_RANGE,
} from '@quokka/contract/api/automations';
import type { SmsCount } from '@quokka/contract/sms';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { errorText, fieldMessage, fieldName } from '../../lib/error-text';
import { money, shopTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { counterLine, countText, Funnel, limitHint, PhonePreview } from '../campaigns/public';
import { automationProductsQueryOptions } from './api/find-products';
import { automationsQueryKey } from './api/get-automations';
import { type AutomationPreviewBody, automationPreviewQueryOptions } from './api/preview-automation';
import { saveAutomation } from './api/save-automation';
import { SAMPLE_ITEMS, SAMPLE_PRODUCT, sampleAutomationText } from './automation-text';

interface Chosen {
  id: number;
  name: string;
}

interface Form {
  message: string;
  /** The timing as typed: hours (cart) or days (thank-you); unused for back in stock. */
  timing: string;
  product: Chosen | null;
}

type Field = 'message' | 'timing' | 'product';
type FieldErrors = Partial<Record<Field, string>>;

const PLACEHOLDER_HINTS: Record<string, string> = {
  '{product}': 'the item’s name',
  '{items}': `the cart’s items (“${SAMPLE_ITEMS}”)`,
};

function formOf(automation: Automation): Form {
  return {
    message: automation.message,
    timing:
      automation.flow === 'thank_you'
        ? String(Math.max(1, Math.round(automation.delay_hours / 24)))
        : String(automation.delay_hours),
    product:
      automation.product_id === null
        ? null
        : { id: automation.product_id, name: automation.product_name ?? `Product #${automation.product_id}` },
  };
}

/** The timing in hours for the wire, or what is wrong with it. */
function delayOf(flow: AutomationFlow, typed: string): number | { problem: string } {
  if (flow === 'back_in_stock') return 0;
  const range = flow === 'thank_you' ? THANK_YOU_DAYS_RANGE : CART_REMINDER_HOURS_RANGE;
  const problem = flow === 'thank_you' ? AUTOMATION_ERRORS.thankYouDays : AUTOMATION_ERRORS.cartHours;
  const value = typed.trim();
  if (!/^\d+$/.test(value)) return { problem };
  const amount = Number(value);
  if (amount < range.min || amount > range.max) return { problem };
  return flow === 'thank_you' ? amount * 24 : amount;
}

/** A refusal's messages by the field they belong beside; what belongs to none is `general`. */
function fieldErrorsOf(error: unknown): { fields: FieldErrors; general: string | null } {
  const fields: FieldErrors = {};
  if (error instanceof ApiError) {
    const body = error.body as { input_validation?: unknown } | null;
    const given = body && typeof body === 'object' ? body.input_validation : undefined;
    if (given && typeof given === 'object') {
      const leftOver: string[] = [];
      for (const [key, messages] of Object.entries(given as Record<string, unknown>)) {
        const first = Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : null;
        if (!first) continue;
        const field: Field | null = key.startsWith('message')
          ? 'message'
          : key.startsWith('delay_hours')
            ? 'timing'
            : key.startsWith('product_id')
              ? 'product'
              : null;
        // [I34] Named ('Message must be given'); the timing's own messages say hours or days themselves.
        if (field) fields[field] ??= fieldMessage(key, first, field === 'timing' ? null : fieldName(field));
        else leftOver.push(first);
      }
      if (Object.keys(fields).length > 0) return { fields, general: leftOver[0] ?? null };
    }
    // A refusal without fields: its message names the field when it is one of the routes' own.
    if (error.message === AUTOMATION_ERRORS.cartHours || error.message === AUTOMATION_ERRORS.thankYouDays) {
      return { fields: { timing: error.message }, general: null };
    }
    if (error.message === AUTOMATION_ERRORS.productNotFound) {
      return { fields: { product: error.message }, general: null };
    }
  }
  return { fields, general: errorText(error) };
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

/** '1,234' */
const count = (value: number) => value.toLocaleString('en-AU');

export function AutomationCard({
  automation,
  sellerName,
  sellerId,
}: {
  automation: Automation;
  sellerName: string;
  /** The seller an operator chose (sent with every call); null for a seller's staff. */
  sellerId: number | null;
}) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const ids = useId();
  const flow = automation.flow;
  const name = AUTOMATION_FLOW_NAMES[flow];
  const [form, setForm] = useState<Form>(() => formOf(automation));
  const [enabled, setEnabled] = useState(automation.enabled);
  const [switchNote, setSwitchNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [saveNote, setSaveNote] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [productQ, setProductQ] = useState('');
  const seller = sellerId === null ? {} : { seller_id: sellerId };

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setSaveNote(null);
    const field: Field = key === 'message' ? 'message' : key === 'timing' ? 'timing' : 'product';
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const remember = (saved: Automation) => {
    queryClient.setQueryData<AutomationListReply>(automationsQueryKey(sellerId), (list) =>
      list ? { ...list, items: list.items.map((item) => (item.flow === saved.flow ? saved : item)) } : list,
    );
  };

  // The switch: saved at once with the flow's saved words and timing (the form's edits wait for Save).
  const toggle = useMutation({
    mutationFn: (next: boolean) =>
      saveAutomation(api, flow, {
        ...seller,
        enabled: next,
        message: automation.message,
        delay_hours: automation.delay_hours,
        product_id: automation.product_id,
      }),
    onMutate: (next) => {
      setEnabled(next);
      setSwitchNote(null);
    },
    onSuccess: (saved) => {
      setEnabled(saved.enabled);
      remember(saved);
      setSwitchNote({
        ok: true,
        text: saved.enabled
          ? `${name} is on: it sends by itself from now.`
          : `${name} is off: nothing more is sent.`,
      });
    },
    onError: (error, next) => {
      setEnabled(!next);
      setSwitchNote({
        ok: false,
        text: `${name} could not be turned ${next ? 'on' : 'off'}: ${errorText(error)} It is still ${next ? 'off' : 'on'}.`,
      });
    },
  });

  const save = useMutation({
    mutationFn: (body: AutomationBody) => saveAutomation(api, flow, body),
    onMutate: () => {
      setErrors({});
      setGeneral(null);
      setSaveNote(null);
    },
    onSuccess: (saved) => {
      remember(saved);
      setEnabled(saved.enabled);
      setForm(formOf(saved));
      setSaveNote(`${name} saved.`);
    },
    onError: (error) => {
      const { fields, general: other } = fieldErrorsOf(error);
      setErrors(fields);
      setGeneral(other);
    },
  });

  function onSave(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (form.message.trim() === '') found.message = 'Write the message.';
    const delay = delayOf(flow, form.timing);
    if (typeof delay !== 'number') found.timing = delay.problem;
    setErrors(found);
    setGeneral(null);
    if (Object.keys(found).length > 0 || typeof delay !== 'number') return;
    save.mutate({
      ...seller,
      enabled,
      message: form.message,
      delay_hours: delay,
      product_id: flow === 'thank_you' ? (form.product?.id ?? null) : null,
    });
  }

  // The preview: the server's text for the words shown, asked once the typing pauses.
  const productId = flow === 'thank_you' ? (form.product?.id ?? null) : null;
  const previewBody: AutomationPreviewBody | null =
    form.message.trim() === '' ? null : { flow, ...seller, message: form.message, product_id: productId };
  const settled = useDebounced(previewBody, 400);
  const preview = useQuery({
    ...automationPreviewQueryOptions(api, settled ?? { flow, message: '', product_id: null }),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
  });
  const current =
    preview.data !== undefined &&
    !preview.isPlaceholderData &&
    settled !== null &&
    JSON.stringify(settled) === JSON.stringify(previewBody);
  const localText = sampleAutomationText(
    flow,
    sellerName,
    form.message,
    flow === 'thank_you' ? form.product : null,
  );
  const localCount = countText(localText);
  const shown: SmsCount =
    current && preview.data
      ? {
          ...localCount,
          characters: preview.data.characters,
          parts: preview.data.segments,
          encoding: preview.data.encoding,
        }
      : localCount;
  const phoneText = current && preview.data ? preview.data.text : localText;

  // The thank-you's product: the seller's products, found by name or SKU.
  const debouncedQ = useDebounced(productQ.trim(), 300);
  const products = useQuery({
    ...automationProductsQueryOptions(api, sellerId, debouncedQ),
    enabled: flow === 'thank_you',
    placeholderData: keepPreviousData,
  });
  const chosenShown = products.data?.items.some((item) => item.id === form.product?.id) ?? false;

  const { results } = automation;
  const headingId = `${ids}-name`;

  return (
    <article className="panel automation-card" aria-labelledby={headingId} data-flow={flow}>
      <header className="automation-head">
        <div className="automation-title">
          <h2 id={headingId}>{name}</h2>
          <p className="small muted">{FLOW_WHAT[flow]}</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby={headingId}
          aria-describedby={`${ids}-state`}
          className={`switch${enabled ? ' switch-on' : ''}`}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate(!enabled)}
        >
          <span className="switch-track" aria-hidden="true">
            <span className="switch-knob" />
          </span>
          <span id={`${ids}-state`} className="switch-state">
            {enabled ? 'On' : 'Off'}
          </span>
        </button>
      </header>
      {switchNote && (
        <p className={switchNote.ok ? 'notice' : 'error'} role={switchNote.ok ? 'status' : 'alert'}>
          {switchNote.text}
        </p>
      )}

      <form className="automation-grid" onSubmit={onSave} aria-label={`${name} settings`} noValidate>
        <div className="automation-form">
          <div className="field">
            <label htmlFor={`${ids}-message`}>Message</label>
            <textarea
              id={`${ids}-message`}
              rows={4}
              value={form.message}
              maxLength={AUTOMATION_MESSAGE_MAX}
              aria-invalid={errors.message !== undefined}
              aria-describedby={`${ids}-counter ${ids}-placeholders ${ids}-message-error`}
              onChange={(event) => set('message', event.target.value)}
            />
            {errors.message && (
              <p id={`${ids}-message-error`} className="field-error" role="alert">
                {errors.message}
              </p>
            )}
            <p id={`${ids}-counter`} className="counter" aria-live="polite" data-testid="sms-counter">
              {counterLine(shown)}
            </p>
            <p id={`${ids}-placeholders`} className="small muted placeholders">
              Filled in per text:{' '}
              {AUTOMATION_PLACEHOLDERS[flow].map((word, index) => (
                <span key={word}>
                  {index > 0 ? ', ' : ''}
                  <code>{word}</code> {PLACEHOLDER_HINTS[word] ?? ''}
                </span>
              ))}
              .
            </p>
            <p className="small muted">
              Counted with what is added to every text: “{sellerName}:” before it,
              {flow === 'thank_you' && !form.product ? '' : ' the link,'} and the opt-out line;{' '}
              {flow === 'cart_reminder'
                ? `{items} counted as “${SAMPLE_ITEMS}”.`
                : `{product} counted as “${flow === 'thank_you' && form.product ? form.product.name : SAMPLE_PRODUCT}”.`}{' '}
              {limitHint(shown)}
            </p>
          </div>

          <div className="field timing">
            {flow === 'back_in_stock' ? (
              <>
                <span className="label-like">When</span>
                <p className="timing-fixed">As soon as stock is back</p>
                <p className="small muted">
                  One text per unit that comes back, to the shoppers waiting, first asked first; the rest wait
                  for the next restock. A shopper waits up to {STOCK_ALERT_DAYS} days.
                </p>
              </>
            ) : (
              <>
                <label htmlFor={`${ids}-timing`}>
                  {flow === 'thank_you' ? 'Days after delivery' : 'Hours after the cart was left'}
                </label>
                <div className="timing-row">
                  <input
                    id={`${ids}-timing`}
                    inputMode="numeric"
                    value={form.timing}
                    aria-invalid={errors.timing !== undefined}
                    aria-describedby={`${ids}-timing-hint ${ids}-timing-error`}
                    onChange={(event) => set('timing', event.target.value)}
                  />
                  <span>{flow === 'thank_you' ? 'days' : 'hours'}</span>
                </div>
                {errors.timing && (
                  <p id={`${ids}-timing-error`} className="field-error" role="alert">
                    {errors.timing}
                  </p>
                )}
                <p id={`${ids}-timing-hint`} className="small muted">
                  {flow === 'thank_you'
                    ? `${THANK_YOU_DAYS_RANGE.min} to ${THANK_YOU_DAYS_RANGE.max} days after the order is marked delivered.`
                    : `${CART_REMINDER_HOURS_RANGE.min} to ${CART_REMINDER_HOURS_RANGE.max} hours after the cart last changed; once per cart, at most one a week.`}
                </p>
              </>
            )}
          </div>

          {flow === 'thank_you' && (
            <fieldset className="field product-pick" aria-describedby={`${ids}-product-error`}>
              <legend>Product to suggest</legend>
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
              <div className="choices" role="radiogroup" aria-label="Product to suggest">
                <label className="check">
                  <input
                    type="radio"
                    name={`${ids}-product`}
                    checked={form.product === null}
                    onChange={() => set('product', null)}
                  />
                  No product (no link)
                </label>
                {form.product && !chosenShown && (
                  <label className="check">
                    <input type="radio" name={`${ids}-product`} checked readOnly />
                    <span>{form.product.name}</span>
                  </label>
                )}
                {products.data?.items.map((item) => (
                  <label className="check" key={item.id}>
                    <input
                      type="radio"
                      name={`${ids}-product`}
                      checked={form.product?.id === item.id}
                      onChange={() => set('product', { id: item.id, name: item.name })}
                    />
                    <span>
                      {item.name}
                      <span className="sub"> {item.sku}</span>
                    </span>
                  </label>
                ))}
                {products.data?.items.length === 0 && <p className="muted small">No product matches.</p>}
              </div>
              {errors.product && (
                <p id={`${ids}-product-error`} className="field-error" role="alert">
                  {errors.product}
                </p>
              )}
            </fieldset>
          )}

          {general && (
            <p className="error" role="alert">
              {general}
            </p>
          )}
          {saveNote && (
            <p className="notice" role="status">
              {saveNote}
            </p>
          )}
          <div className="actions">
            <button type="submit" className="button primary" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
          </div>
        </div>
        <div className="automation-side">
          <PhonePreview text={phoneText} label={`${name}: the text on a phone`} />
          {preview.isError && (
            <p className="error small" role="alert">
              {errorText(preview.error)}
            </p>
          )}
        </div>
      </form>

      <section className="automation-results" aria-label={`${name}: results`}>
        <h3 id={`${ids}-results`}>Results</h3>
        <p className="small muted">
          {results.since
            ? `Since it was switched on, ${shopTime(results.since)}.`
            : 'Not switched on yet: its results count from when it is.'}
        </p>
        <dl className="results-grid" aria-label={`${name} results`}>
          <Figure label="Sent" value={results.sent} />
          <Figure label="Clicked" value={results.clicked} />
          <Figure label="Orders" value={results.orders} />
          <Figure label="Revenue" value={money(results.revenue_cents)} />
          <Figure label="Opted out" value={results.opted_out} />
          <Figure label="Delayed by quiet hours" value={results.delayed_quiet_hours} />
          <Figure label="Skipped by the cap" value={results.skipped_cap} />
          {flow === 'back_in_stock' && <Figure label="Waiting for back in stock" value={results.waiting} />}
        </dl>
        <Funnel results={results} label={`${name} funnel`} />
      </section>
    </article>
  );
}

const FLOW_WHAT: Record<AutomationFlow, string> = {
  back_in_stock: 'To shoppers who asked to be texted when a sold-out item is back.',
  cart_reminder: 'To members who agreed to your texts and left your items in their cart.',
  thank_you: 'To buyers who agreed to your texts, some days after their order is delivered.',
};

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="result">
      <dt>{label}</dt>
      <dd>{typeof value === 'number' ? count(value) : value}</dd>
    </div>
  );
}

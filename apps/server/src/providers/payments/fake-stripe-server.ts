import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small local stand-in for the parts of Stripe's API the storefront calls, for tests: the real Stripe
// client talks to it over HTTP (host/port/protocol options), so requests, form encoding, errors and
// idempotency keys go through the same code as in production, and no test needs the internet.

interface FakeCard {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: FakeCard;
  customer: string | null;
}

/** Stripe's test payment method ids, with the refusal the declining ones give. */
const TEST_METHODS: Record<
  string,
  FakeCard & { decline?: { code: string; message: string }; authentication?: true }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', exp_month: 9, exp_year: 2032 },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    exp_month: 8,
    exp_year: 2031,
    decline: { code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    exp_month: 8,
    exp_year: 2031,
    decline: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  // [I30] 4000 0027 6000 3184: the bank asks the cardholder to confirm every payment. On-session the
  // intent waits for that (requires_action); off-session Stripe declines with `authentication_required`.
  pm_card_authenticationRequired: {
    brand: 'visa',
    last4: '3184',
    exp_month: 8,
    exp_year: 2031,
    authentication: true,
  },
};

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  /** True when the answer was a replay of an earlier request with the same idempotency key. */
  replayed: boolean;
}

interface Answer {
  status: number;
  body: unknown;
}

export interface FakeStripe {
  port: number;
  requests: RecordedRequest[];
  /** Payment intents made (replays not counted). */
  paymentIntents: { id: string; amount: number; customer: string; payment_method: string }[];
  /** The payment intent of each refund made (replays not counted). */
  refunds: string[];
  /** [I15] Each refund made, with its amount. */
  refundsMade: { id: string; payment_intent: string; amount: number }[];
  /** [I15] Payment intents captured (with the amount) and cancelled (authorisations released). */
  captures: { id: string; amount: number }[];
  cancels: string[];
  /** [I15] A payment intent as the fake holds it now. */
  intent(id: string): FakeIntent | undefined;
  /** Saves a card for a customer directly, as if saved at an earlier checkout. */
  saveCard(customer: string, testMethod: string): string;
  close(): Promise<void>;
}

/** [I15] A payment intent's state: authorised (requires_capture), captured (succeeded), or canceled. */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  /** What was refunded of it (a fake's own field; Stripe reports it on the charge). */
  amount_refunded: number;
  currency: string | undefined;
  customer: string;
  payment_method: string;
  capture_method: 'automatic' | 'manual';
  status: 'requires_capture' | 'succeeded' | 'canceled' | 'requires_action';
  /** [I30] Confirmed with `off_session: true` (a saved card, the shopper away). */
  off_session: boolean;
  metadata: Record<string, string>;
}

const stripeError = (status: number, error: Record<string, string>): Answer => ({ status, body: { error } });

export async function startFakeStripe(): Promise<FakeStripe> {
  let serial = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++serial).padStart(6, '0')}`;
  const customers = new Map<string, Record<string, unknown>>();
  const methods = new Map<string, FakePaymentMethod>();
  /** [I30] The test method a saved payment method was made from: it declines (or asks) as that one does. */
  const savedFrom = new Map<string, string>();
  const replays = new Map<string, { params: string; answer: Answer }>();
  const requests: RecordedRequest[] = [];
  const paymentIntents: FakeStripe['paymentIntents'] = [];
  const refunds: string[] = [];
  const refundsMade: FakeStripe['refundsMade'] = [];
  const captures: FakeStripe['captures'] = [];
  const cancels: string[] = [];
  const intents = new Map<string, FakeIntent>();
  const unexpectedState = (intent: FakeIntent, action: string): Answer =>
    stripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status}.`,
    });
  const noSuchIntent = (id: string): Answer =>
    stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such payment_intent: '${id}'`,
    });

  function methodById(id: string): FakePaymentMethod | undefined {
    const test = TEST_METHODS[id];
    if (test) {
      const { decline: _decline, ...card } = test;
      return { id, object: 'payment_method', type: 'card', card, customer: null };
    }
    return methods.get(id);
  }

  function saveCard(customer: string, testMethod: string): string {
    const test = TEST_METHODS[testMethod];
    if (!test) throw new Error(`no test method ${testMethod}`);
    const { decline: _decline, ...card } = test;
    const id = nextId('pm');
    methods.set(id, { id, object: 'payment_method', type: 'card', card, customer });
    savedFrom.set(id, testMethod);
    return id;
  }

  function handle(method: string, path: string, params: Record<string, string>): Answer {
    if (method === 'POST' && path === '/v1/customers') {
      const id = nextId('cus');
      const customer = {
        id,
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        phone: params.phone ?? null,
      };
      customers.set(id, customer);
      return { status: 200, body: customer };
    }
    const listMatch = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path);
    if (method === 'GET' && listMatch) {
      const customer = listMatch[1] ?? '';
      if (!customers.has(customer)) {
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such customer: '${customer}'`,
        });
      }
      const data = [...methods.values()].filter((pm) => pm.customer === customer).reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: path } };
    }
    const methodMatch = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'GET' && methodMatch) {
      const pm = methodById(methodMatch[1] ?? '');
      if (!pm) {
        return stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: `No such PaymentMethod: '${methodMatch[1]}'`,
        });
      }
      return { status: 200, body: pm };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pmId = params.payment_method ?? '';
      const pm = methodById(pmId);
      if (!pm) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: `No such PaymentMethod: '${pmId}'`,
        });
      }
      const customer = params.customer ?? '';
      if (pm.customer && pm.customer !== customer) {
        return stripeError(400, {
          type: 'invalid_request_error',
          message: `The provided PaymentMethod belongs to another Customer.`,
        });
      }
      const test = TEST_METHODS[savedFrom.get(pmId) ?? pmId];
      const offSession = params.off_session === 'true';
      // [I30] Off-session needs the card saved to this customer, as Stripe.
      if (offSession && pm.customer !== customer) {
        return stripeError(400, {
          type: 'invalid_request_error',
          param: 'payment_method',
          message: 'The PaymentMethod must be attached to the Customer to be used off-session.',
        });
      }
      if (offSession && test?.authentication) {
        return stripeError(402, {
          type: 'card_error',
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        });
      }
      const decline = test?.decline;
      if (decline) {
        return stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: decline.code,
          message: decline.message,
        });
      }
      // A test id used with setup_future_usage becomes a new payment method attached to the customer.
      if (params.setup_future_usage && !pm.customer) saveCard(customer, pmId);
      const manual = params.capture_method === 'manual';
      const amount = Number(params.amount);
      const intent: FakeIntent = {
        id: nextId('pi'),
        object: 'payment_intent',
        amount,
        amount_capturable: manual && !test?.authentication ? amount : 0,
        amount_received: manual ? 0 : amount,
        amount_refunded: 0,
        currency: params.currency,
        customer,
        payment_method: pmId,
        capture_method: manual ? 'manual' : 'automatic',
        // [I15] A manual capture stays authorised until captured or cancelled. [I30] A card whose bank
        // wants the cardholder waits for them on-session.
        status: test?.authentication ? 'requires_action' : manual ? 'requires_capture' : 'succeeded',
        off_session: offSession,
        metadata: Object.fromEntries(
          Object.entries(params)
            .filter(([key]) => key.startsWith('metadata['))
            .map(([key, value]) => [key.slice(9, -1), value]),
        ),
      };
      intents.set(intent.id, intent);
      paymentIntents.push({ id: intent.id, amount: intent.amount, customer, payment_method: pmId });
      return { status: 200, body: intent };
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    if (intentMatch) {
      const id = intentMatch[1] ?? '';
      const action = intentMatch[2];
      const intent = intents.get(id);
      if (!intent) return noSuchIntent(id);
      if (method === 'GET' && !action) return { status: 200, body: intent };
      if (method === 'POST' && action === 'capture') {
        if (intent.status !== 'requires_capture') return unexpectedState(intent, 'captured');
        const amount =
          params.amount_to_capture === undefined ? intent.amount : Number(params.amount_to_capture);
        if (!Number.isInteger(amount) || amount <= 0 || amount > intent.amount_capturable) {
          return stripeError(400, {
            type: 'invalid_request_error',
            param: 'amount_to_capture',
            message: 'The amount to capture must be a positive integer no more than the amount capturable.',
          });
        }
        Object.assign(intent, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
        captures.push({ id, amount });
        return { status: 200, body: intent };
      }
      if (method === 'POST' && action === 'cancel') {
        if (intent.status !== 'requires_capture') return unexpectedState(intent, 'canceled');
        Object.assign(intent, { status: 'canceled', amount_capturable: 0 });
        cancels.push(id);
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const id = params.payment_intent ?? '';
      const intent = intents.get(id);
      if (!intent) return noSuchIntent(id);
      if (intent.status !== 'succeeded') {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'charge_not_captured',
          message: 'This PaymentIntent has no captured charge to refund.',
        });
      }
      const left = intent.amount_received - intent.amount_refunded;
      const amount = params.amount === undefined ? left : Number(params.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: left === 0 ? 'charge_already_refunded' : 'amount_too_large',
          param: 'amount',
          message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
        });
      }
      intent.amount_refunded += amount;
      const refund = {
        id: nextId('re'),
        object: 'refund',
        amount,
        payment_intent: id,
        status: 'succeeded',
      };
      refunds.push(id);
      refundsMade.push({ id: refund.id, payment_intent: id, amount });
      return { status: 200, body: refund };
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://localhost');
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(form) };
    const header = request.headers['idempotency-key'];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    const method = request.method ?? 'GET';

    let answer: Answer;
    let replayed = false;
    // As Stripe: the same key answers the first result again; other parameters with it are an error.
    const earlier =
      idempotencyKey && method === 'POST' ? replays.get(`${url.pathname} ${idempotencyKey}`) : undefined;
    if (earlier) {
      replayed = true;
      answer =
        earlier.params === JSON.stringify(params)
          ? earlier.answer
          : stripeError(400, {
              type: 'idempotency_error',
              message:
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            });
    } else {
      answer = handle(method, url.pathname, params);
      if (idempotencyKey && method === 'POST') {
        replays.set(`${url.pathname} ${idempotencyKey}`, { params: JSON.stringify(params), answer });
      }
    }
    requests.push({ method, path: url.pathname, params, idempotencyKey, replayed });
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': nextId('req') });
    response.end(JSON.stringify(answer.body));
  }

  const server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    paymentIntents,
    refunds,
    refundsMade,
    captures,
    cancels,
    intent: (id) => intents.get(id),
    saveCard,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

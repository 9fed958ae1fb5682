import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// [I13-hotpath] Security headers, computed once when the app starts and sent by one hook, where they
// matter. @fastify/helmet rebuilt all of them, the Content Security Policy included, on every request
// (about 50 µs of a cached catalogue read's 130).
//
// - Documents (HTML, and SVG, which a browser can open as a page that runs script) get the full set:
//   the CSP of app.ts, and the headers helmet sent by default.
// - Everything else (JSON, scripts, styles, pictures) gets a small fixed set: no MIME sniffing, never
//   framed, no referrer, and readable only by our own origin's pages (CORP). A CSP on a JSON reply
//   protects nothing: the browser never renders it as a page.
// HSTS stays in transport-security.ts (only over TLS).

export type CspDirectives = Record<string, string[] | null>;

const kebab = (name: string) => name.replace(/[A-Z]/g, (char) => `-${char.toLowerCase()}`);

/** The Content-Security-Policy header value of the directives (camelCase names, as helmet took them). */
export function cspValue(directives: CspDirectives): string {
  // null leaves a directive out, as it did with helmet (upgradeInsecureRequests: a plain-HTTP test or
  // intranet install must not be sent to https).
  return Object.entries(directives)
    .filter(([, values]) => values !== null)
    .map(([name, values]) => (values?.length ? `${kebab(name)} ${values.join(' ')}` : kebab(name)))
    .join(';');
}

/** The small set for replies that are not documents. */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/** The full set for documents: the small set, the CSP and the rest of what helmet sent by default. */
export function documentSecurityHeaders(directives: CspDirectives): Record<string, string> {
  return {
    'content-security-policy': cspValue(directives),
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...API_SECURITY_HEADERS,
  };
}

const DOCUMENT_TYPE = /^(text\/html|image\/svg\+xml)/i;

export function registerSecurityHeaders(app: FastifyInstance, directives: CspDirectives): void {
  const documentHeaders = Object.entries(documentSecurityHeaders(directives));
  const apiHeaders = Object.entries(API_SECURITY_HEADERS);
  app.addHook(
    'onSend',
    (
      _request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: null, p?: unknown) => void,
    ) => {
      const type = reply.getHeader('content-type');
      const headers = typeof type === 'string' && DOCUMENT_TYPE.test(type) ? documentHeaders : apiHeaders;
      // reply.raw: the values are final strings, Fastify's own header bookkeeping adds nothing here.
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done(null, payload);
    },
  );
}

// [I34] Passkeys on an address that cannot hold them ("What was seen" 8). A browser keeps passkeys for a
// domain name reached over https, or for localhost; opened at an IP address (http://127.0.0.1:8080, a
// network address from a phone) or over plain http on another host, it refuses, and its own error says
// nothing useful. This says why in plain words, and where to open the back office instead.

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

function isIpAddress(hostname: string): boolean {
  return IPV4.test(hostname) || hostname.startsWith('[') || hostname.includes(':');
}

function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost');
}

/** The options' relying party: `rpId` (a sign-in or passkey check) or `rp.id` (adding a passkey). */
export function relyingPartyOf(options: unknown): string | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const { rpId, rp } = options as { rpId?: unknown; rp?: { id?: unknown } };
  if (typeof rpId === 'string' && rpId !== '') return rpId;
  return typeof rp?.id === 'string' && rp.id !== '' ? rp.id : undefined;
}

/**
 * Why passkeys cannot work on the page at `pageUrl` (its origin), in plain words; null when they can.
 * `rpId` is the server's relying party (its PUBLIC_URL's host name), when the options named it.
 */
export function passkeyOriginProblem(pageUrl: string, rpId?: string): string | null {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  const { hostname, origin, protocol } = url;
  const where = `this page was opened at ${origin}`;
  // localhost is the server's own default (no PUBLIC_URL): the same port as this page.
  const home =
    rpId && isLocalhost(rpId) ? `http://${rpId}${url.port ? `:${url.port}` : ''}` : `https://${rpId}`;
  const instead =
    rpId && !isIpAddress(rpId)
      ? ` Open the back office at ${home}/admin instead.`
      : ' Open it at the shop’s https address, or at http://localhost on the computer running it; from a phone, use a tunnel (an https address) or a local host name.';
  const need = 'Passkeys need the back office’s own web address over https, or localhost';
  if (isIpAddress(hostname))
    return `${need}; ${where}, an IP address, where a browser keeps no passkeys.${instead}`;
  if (protocol === 'http:' && !isLocalhost(hostname))
    return `${need}; ${where}, over plain http, where a browser keeps no passkeys.${instead}`;
  if (rpId && hostname !== rpId && !hostname.endsWith(`.${rpId}`))
    return `${need}; ${where}, but this back office’s passkeys belong to ${rpId}.${instead}`;
  return null;
}

/** The problem with the page this back office is open on, if any (the browser's own address). */
export function pagePasskeyProblem(rpId?: string): string | null {
  return typeof window === 'undefined' ? null : passkeyOriginProblem(window.location.href, rpId);
}

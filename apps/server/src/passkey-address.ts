// [I34] Passkeys on an address that cannot hold them ("What was seen" 8). The back office's passkeys
// belong to PUBLIC_URL's host name (staff-passkeys.ts relyingPartyOf). A browser keeps passkeys for a
// domain name over https, or for localhost over http; an IP address is never a passkey's home, and plain
// http on another host is not a secure page. server.ts warns at start, so the operator knows before a
// member is told "could not use a passkey". The back office says the same on screen (passkey-origin.ts).

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Why passkeys cannot work at `publicUrl` (PUBLIC_URL), as a log line; null when they can or it is unset. */
export function passkeyAddressWarning(publicUrl: string | undefined): string | null {
  if (!publicUrl) return null; // http://localhost:PORT, which can hold them
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    return null;
  }
  const { hostname, protocol } = url;
  const local = hostname === 'localhost' || hostname.endsWith('.localhost');
  const fix =
    'Use the shop’s own domain over https, or http://localhost on this machine; to reach the back office from a phone, use a tunnel that gives an https address, or a local host name (README "On a phone")';
  if (IPV4.test(hostname) || hostname.startsWith('['))
    return `PUBLIC_URL ${url.origin} is an IP address: passkeys will not work there, so no one can sign in to the back office with a passkey or pass a passkey check. ${fix}.`;
  if (protocol === 'http:' && !local)
    return `PUBLIC_URL ${url.origin} is plain http on a host that is not local: browsers keep passkeys only over https (or on localhost), so back-office passkeys will not work there. ${fix}.`;
  return null;
}

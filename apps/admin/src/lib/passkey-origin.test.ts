import { describe, expect, it } from 'vitest';
import { passkeyOriginProblem, relyingPartyOf } from './passkey-origin';

// [I34] "What was seen" 8: opened at http://127.0.0.1:8080 (or a network address from a phone), passkeys
// failed with "try again"; the page says why in plain words and where to go instead.

describe('[I34] where passkeys can work', () => {
  it('https on a domain, and localhost over http, can hold passkeys', () => {
    expect(passkeyOriginProblem('https://shop.example.com.au/admin/')).toBeNull();
    expect(passkeyOriginProblem('http://localhost:8080/admin/')).toBeNull();
    expect(passkeyOriginProblem('http://quokka.localhost:8080/admin/', 'quokka.localhost')).toBeNull();
    expect(passkeyOriginProblem('https://admin.example.com.au/admin/', 'example.com.au')).toBeNull();
  });

  it('an IP address cannot, and the words say where to open the back office', () => {
    expect(passkeyOriginProblem('http://127.0.0.1:8080/admin/sign-in', 'localhost')).toBe(
      'Passkeys need the back office’s own web address over https, or localhost; this page was opened at ' +
        'http://127.0.0.1:8080, an IP address, where a browser keeps no passkeys. Open the back office at ' +
        'http://localhost:8080/admin instead.',
    );
    const phone = passkeyOriginProblem('http://192.168.1.20:8080/admin/');
    expect(phone).toContain('this page was opened at http://192.168.1.20:8080, an IP address');
    expect(phone).toContain('from a phone, use a tunnel (an https address) or a local host name');
    expect(passkeyOriginProblem('https://[::1]:8443/admin/')).toContain('an IP address');
  });

  it('plain http on another host cannot; nor a host the passkeys do not belong to', () => {
    expect(passkeyOriginProblem('http://shop.lan:8080/admin/', 'shop.lan')).toBe(
      'Passkeys need the back office’s own web address over https, or localhost; this page was opened at ' +
        'http://shop.lan:8080, over plain http, where a browser keeps no passkeys. Open the back office at ' +
        'https://shop.lan/admin instead.',
    );
    expect(passkeyOriginProblem('https://other.example.net/admin/', 'shop.example.com.au')).toContain(
      'but this back office’s passkeys belong to shop.example.com.au',
    );
  });

  it('reads the relying party from sign-in options (rpId) and registration options (rp.id)', () => {
    expect(relyingPartyOf({ challenge: 'x', rpId: 'shop.example.com.au' })).toBe('shop.example.com.au');
    expect(relyingPartyOf({ challenge: 'x', rp: { id: 'localhost', name: 'Quokka' } })).toBe('localhost');
    expect(relyingPartyOf({ challenge: 'x' })).toBeUndefined();
    expect(relyingPartyOf(null)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { passkeyAddressWarning } from './passkey-address.ts';

// [I34] "What was seen" 8: at start, a warning in the log when PUBLIC_URL is an IP address or plain http
// on a host that is not local (passkeys will not work there); none for https, localhost or no PUBLIC_URL.

describe('[I34] the passkey address warning', () => {
  it('warns for an IP address, whatever the scheme', () => {
    const warning = passkeyAddressWarning('http://192.168.1.20:8080');
    expect(warning).toMatch(
      /^PUBLIC_URL http:\/\/192\.168\.1\.20:8080 is an IP address: passkeys will not work there/,
    );
    expect(warning).toContain('a tunnel that gives an https address, or a local host name');
    expect(passkeyAddressWarning('http://127.0.0.1:8080')).toContain('is an IP address');
    expect(passkeyAddressWarning('https://10.0.0.5')).toContain('is an IP address');
    expect(passkeyAddressWarning('http://[::1]:8080')).toContain('is an IP address');
  });

  it('warns for plain http on a host that is not local', () => {
    expect(passkeyAddressWarning('http://shop.lan:8080')).toMatch(
      /^PUBLIC_URL http:\/\/shop\.lan:8080 is plain http on a host that is not local: browsers keep passkeys only over https/,
    );
  });

  it('is quiet for https on a domain, localhost, a .localhost name and no PUBLIC_URL', () => {
    expect(passkeyAddressWarning('https://shop.example.com.au')).toBeNull();
    expect(passkeyAddressWarning('http://localhost:8080')).toBeNull();
    expect(passkeyAddressWarning('http://quokka.localhost:8080')).toBeNull();
    expect(passkeyAddressWarning(undefined)).toBeNull();
  });
});

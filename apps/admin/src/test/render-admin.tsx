import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AdminApp } from '../app/app';

export const REGISTRATION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
} as unknown as RegistrationResponseJSON;
export const ASSERTION = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
} as unknown as AuthenticationResponseJSON;

/** The browser's passkey ceremonies, answered at once (a test may make them fail). */
export function fakeWebAuthn() {
  return {
    startRegistration: vi.fn(async () => REGISTRATION),
    startAuthentication: vi.fn(async () => ASSERTION),
  };
}

/** The whole back office at `path` (e.g. '/admin/orders'), in a memory router. */
export function renderAdmin(path = '/admin/orders', webauthn = fakeWebAuthn()) {
  const view = render(
    <AdminApp
      config={{ storeName: 'Wattle Shop', sandbox: true }}
      webauthn={webauthn}
      router={(children) => (
        <MemoryRouter basename="/admin" initialEntries={[path]}>
          {children}
        </MemoryRouter>
      )}
    />,
  );
  return { ...view, webauthn };
}

// Who is signed in, and the API client bound to that session. GET /me on load decides the screen:
// no session → sign-in, `needs_passkey` → add a passkey, `full` → the back office.
import type { StaffMe } from '@quokka/contract/api/admin';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { getMe } from './api/get-me';
import { signOut as signOutCall } from './api/sign-out';
import { stepUp } from './api/step-up';
import { stepUpOptions } from './api/step-up-options';
import { type ApiClient, ApiError, createApiClient } from './api-client';
import { pagePasskeyProblem, relyingPartyOf } from './passkey-origin';
import type { AdminRuntimeConfig } from './runtime-config';

/** The browser's passkey ceremonies (@simplewebauthn/browser); tests hand in their own. */
export interface WebAuthn {
  startRegistration(args: {
    optionsJSON: PublicKeyCredentialCreationOptionsJSON;
  }): Promise<RegistrationResponseJSON>;
  startAuthentication(args: {
    optionsJSON: PublicKeyCredentialRequestOptionsJSON;
  }): Promise<AuthenticationResponseJSON>;
}

/** undefined while /me is asked; null when nobody is signed in. */
export type MeState = StaffMe | null | undefined;

interface SessionValue {
  me: MeState;
  setMe(me: StaffMe | null): void;
  api: ApiClient;
  webauthn: WebAuthn;
  config: AdminRuntimeConfig;
  signOut(): Promise<void>;
  /** Why the member was sent back to sign-in, if they did not choose it. */
  signedOutReason: string | null;
}

const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside <SessionProvider>');
  return value;
}

/** The member once signed in fully (screens inside the shell). */
export function useMe(): StaffMe {
  const { me } = useSession();
  if (!me) throw new Error('useMe before sign-in');
  return me;
}

export function passkeyError(error: unknown, options?: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // [I34] On an address that cannot hold passkeys, say so rather than 'try again' (lib/passkey-origin.ts).
  const origin = pagePasskeyProblem(relyingPartyOf(options));
  if (origin) return new ApiError(0, origin, null);
  const name = error instanceof Error ? error.name : '';
  const message =
    name === 'NotAllowedError' || name === 'AbortError'
      ? 'The passkey check was cancelled or timed out. Nothing was changed.'
      : 'This browser could not use a passkey here. Try again, or use another device.';
  return new ApiError(0, message, null);
}

export function SessionProvider({
  webauthn,
  config,
  children,
}: {
  webauthn: WebAuthn;
  config: AdminRuntimeConfig;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [me, setMeState] = useState<MeState>(undefined);
  const [signedOutReason, setSignedOutReason] = useState<string | null>(null);
  const meRef = useRef<MeState>(undefined);
  const stepUpRef = useRef<Promise<void> | null>(null);

  const setMe = useCallback(
    (next: StaffMe | null) => {
      meRef.current = next;
      setMeState(next);
      if (next) setSignedOutReason(null);
      // Nothing one member saw stays in memory for the next.
      if (!next) queryClient.clear();
    },
    [queryClient],
  );

  const api = useMemo(() => {
    const client: ApiClient = createApiClient({
      csrfToken: () => meRef.current?.csrf_token ?? null,
      onSignedOut: () => {
        if (meRef.current) setSignedOutReason('Your session ended. Please sign in again.');
        setMe(null);
      },
      stepUp: () => {
        // Two actions refused at once share one passkey check.
        stepUpRef.current ??= (async () => {
          try {
            const options = await stepUpOptions(client);
            let response: AuthenticationResponseJSON;
            try {
              response = await webauthn.startAuthentication({
                optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
              });
            } catch (error) {
              throw passkeyError(error, options);
            }
            const next = await stepUp(client, { response });
            setMe(next);
          } finally {
            stepUpRef.current = null;
          }
        })();
        return stepUpRef.current;
      },
    });
    return client;
  }, [webauthn, setMe]);

  useEffect(() => {
    let live = true;
    getMe(api)
      .then((found) => {
        if (live) setMe(found);
      })
      .catch(() => {
        if (live) setMe(null);
      });
    return () => {
      live = false;
    };
  }, [api, setMe]);

  const signOut = useCallback(async () => {
    try {
      await signOutCall(api);
    } catch {
      // The session may already be gone; the screen signs out either way.
    }
    setSignedOutReason(null);
    setMe(null);
  }, [api, setMe]);

  const value = useMemo(
    () => ({ me, setMe, api, webauthn, config, signOut, signedOutReason }),
    [me, setMe, api, webauthn, config, signOut, signedOutReason],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

// The frame every gift card screen sits in: the heading at once, a visitor asked to sign in first
// (the calls need the member's token), and a card that cannot be found said so.
import { MSG } from '@quokka/contract/messages';
import { type ReactNode, useEffect } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { useAppState } from '../../../lib/app-state';
import { askToSignIn } from '../../../lib/sign-in-intent';
import './giftcards.css';

export interface GiftCardScreenProps {
  title: string;
  lead?: string;
  /** What the screen waits for: loading, missing (not the member's, or no such card), or ready. */
  state?: 'loading' | 'missing' | 'ready';
  children?: ReactNode;
}

export function GiftCardScreen({ title, lead, state = 'ready', children }: GiftCardScreenProps) {
  const signedIn = useAppState((current) => current.auth.isSignedIn);
  useEffect(() => {
    // Signing in comes back to this screen (not /browse), where the member's card is.
    if (!signedIn) askToSignIn({ kind: 'stay' });
  }, [signedIn]);

  let body: ReactNode;
  if (!signedIn) {
    body = (
      <>
        <p className="page__lead">{MSG.giftCardSignIn}</p>
        <Button onClick={() => askToSignIn({ kind: 'stay' })}>{MSG.signInWithMobile}</Button>
      </>
    );
  } else if (state === 'loading') {
    body = (
      <div className="gift-screen__loading" role="status" aria-busy="true">
        <Spinner />
        <span>{MSG.loadingGiftCard}</span>
      </div>
    );
  } else if (state === 'missing') {
    body = (
      <>
        <p className="page__lead">{MSG.giftCardNotFound}</p>
        <ButtonLink to="/browse">{MSG.browseProducts}</ButtonLink>
      </>
    );
  } else {
    body = (
      <>
        {lead ? <p className="page__lead gift-screen__lead">{lead}</p> : null}
        {children}
      </>
    );
  }
  return (
    <div className="gift-screen">
      <Page title={title}>{body}</Page>
    </div>
  );
}

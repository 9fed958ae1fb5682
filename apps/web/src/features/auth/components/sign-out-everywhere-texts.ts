// Texts of 'Sign out everywhere' [I12-6], kept beside the component until they join messages.ts.
export const SIGN_OUT_EVERYWHERE_TEXT = {
  heading: 'Your sessions',
  explain: 'Signed in on a phone or computer you no longer use? End every session, this one included.',
  button: 'Sign out everywhere',
  confirmTitle: 'Sign out everywhere?',
  confirmText:
    'Every device signed in to your account will be signed out, this one too. You can sign in again with a code sent to your mobile.',
  cancel: 'Cancel',
  busy: 'Signing out everywhere...',
} as const;

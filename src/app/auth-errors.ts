const messages: Record<string, string> = {
  'wrong-password': 'The e-mail address or password is incorrect.',
  'invalid-credential': 'The e-mail address or password is incorrect.',
  'invalid-login-credentials': 'The e-mail address or password is incorrect.',
  'user-not-found': 'There is no account with this e-mail address.',
  'email-already-in-use': 'An account with this e-mail address already exists. Sign in instead.',
  'weak-password': 'The password is too weak. Use at least 6 characters.',
  'password-does-not-meet-requirements':
    'The password does not meet the requirements. Use upper- and lower-case letters, a number and a symbol.',
  'too-many-requests': 'Too many attempts. Wait a few minutes, then try again.',
  'network-request-failed':
    'Could not reach the sign-in service. Check your internet connection and try again.',
  'popup-blocked':
    'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'popup-closed-by-user': 'The Google sign-in window was closed before sign-in finished.',
  'cancelled-popup-request': 'Another sign-in window was already open. Please try again.',
  'unauthorized-domain':
    'Google sign-in is not enabled for this web address. Please contact support.',
  'user-mismatch': 'The account you chose is not the one that is signed in.',
  'invalid-api-key': 'Sign-in is not configured correctly on this site. Please contact support.',
  'multi-factor-auth-required':
    'This account needs a second sign-in step, which this app does not support yet.',
  'missing-recaptcha-token': 'The bot check did not complete. Reload the page and try again.',
  'operation-not-supported-in-this-environment':
    'This browser does not support this way of signing in. Try another browser or sign in with e-mail.',
  'web-storage-unsupported':
    'Your browser blocks the site storage that sign-in needs. Allow cookies and site data, then try again.',
  'user-disabled': 'This account has been disabled. Please contact your administrator.',
  'invalid-email': 'Enter a valid e-mail address.',
  'missing-password': 'Enter your password.',
  'missing-email': 'Enter your e-mail address.',
  'operation-not-allowed': 'This way of signing in is not enabled for this site.',
  'requires-recent-login': 'For your security, sign in again and then retry.',
}

export const GENERIC_AUTH_ERROR = 'Something went wrong while signing in. Please try again.'

/**
 * A sentence a person can act on for a Firebase Auth error code (`auth/weak-password` or
 * `weak-password`). Unknown codes get a generic sentence: the raw code never reaches the UI.
 */
export function describeAuthError(code: string): string {
  return messages[code.replace(/^auth\//, '')] ?? GENERIC_AUTH_ERROR
}

/** The same for anything a provider call threw: a FirebaseError carries `code`. */
export function describeAuthFailure(error: unknown): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : ''
  return describeAuthError(code)
}

/** The sign-in page (and the form that signs in, creates an account or signs out). */
export const SIGN_IN_PATH = '/gp/sign-in.html';

/**
 * The sign-in page that sends the shopper back to `returnTo` (a path on this site) once signed in;
 * `createAccount` opens it on the new-account form.
 */
export function signInUrl(returnTo: string, options: { createAccount?: boolean } = {}): string {
  const mode = options.createAccount ? '&mode=create-account' : '';
  return `${SIGN_IN_PATH}?path=${encodeURIComponent(returnTo)}${mode}`;
}

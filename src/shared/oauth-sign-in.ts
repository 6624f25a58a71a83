// The servers view's OAuth sign-in for a remote server: start it (main opens the system browser), follow
// it while it waits for the browser, cancel it, sign out. Only the state crosses: never a token.
import * as z from 'zod';
import { ServerName } from './domain';

export const OAuthServerInput = z.object({ name: ServerName }).strict();

/**
 * not_applicable: a stdio server, or a remote one with its own Authorization header (it never signs in
 * with OAuth) · unavailable: no OS keychain to keep tokens in · signed_out · waiting: a sign-in waits for
 * the browser to come back · signed_in · failed: the last sign-in did not complete (`message` says why).
 */
export const OAuthSignInStatus = z.enum(['not_applicable', 'unavailable', 'signed_out', 'waiting', 'signed_in', 'failed']);
export type OAuthSignInStatus = z.infer<typeof OAuthSignInStatus>;

export const OAuthSignInState = z.object({
  name: z.string(),
  status: OAuthSignInStatus,
  /** While waiting: the URL the browser was sent to, for the operator to open by hand if it did not open. */
  authorization_url: z.string().nullable(),
  message: z.string(),
  next_step: z.string().nullable(),
  /** The scopes the stored sign-in grants (signed_in only). */
  scope: z.string().nullable(),
});
export type OAuthSignInState = z.infer<typeof OAuthSignInState>;

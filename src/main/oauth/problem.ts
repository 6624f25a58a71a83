// Why Gatehouse could not present a working OAuth token for a server: the E201 it reports names the
// server, this reason and the next step (signing in again, or fixing the keychain).
export type OAuthProblemKind =
  /** No token stored for this server's URL. */
  | 'not_signed_in'
  /** The authorization server refused the refresh token (revoked, expired, or the grant was withdrawn). */
  | 'renewal_refused'
  /** Renewing failed for another reason (the authorization server was unreachable, answered oddly). */
  | 'renewal_failed'
  /** The server refused a token Gatehouse had just obtained for it (wrong audience, issuer or scope). */
  | 'token_refused'
  /** The keychain could not be read, so stored tokens could not be used. */
  | 'keychain_unavailable';

export interface OAuthProblem {
  kind: OAuthProblemKind;
  /** Safe to show: no token, code or verifier. */
  detail: string;
}

export function describeProblem(server: string, problem: OAuthProblem): string {
  switch (problem.kind) {
    case 'not_signed_in':
      return `Gatehouse has no OAuth sign-in for "${server}"`;
    case 'renewal_refused':
      return `the sign-in for "${server}" has ended: the authorization server refused to renew it (${problem.detail})`;
    case 'renewal_failed':
      return `the sign-in for "${server}" could not be renewed: ${problem.detail}`;
    case 'token_refused':
      return `"${server}" refused a token its authorization server had just issued (${problem.detail})`;
    case 'keychain_unavailable':
      return `the OAuth tokens for "${server}" could not be read from the keychain: ${problem.detail}`;
  }
}

// What a failed sign-in tells the operator: which server, what the authorization server or the SDK said
// (cut, never a token: neither error type carries one), and the next step.
import { IssuerMismatchError, OAuthError } from '@modelcontextprotocol/client';
import { GatewayError, safeMessage } from '../common/errors';
import { gatehouseRun } from '../common/gatehouse-command';
import { ResourceMismatch, SignInRequired } from './client-provider';

export function signInFailure(server: string, error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  let why: string;
  if (error instanceof ResourceMismatch) why = error.message;
  else if (error instanceof OAuthError) why = `the authorization server answered ${error.code}: ${safeMessage(error).slice(0, 300)}`;
  else if (error instanceof IssuerMismatchError) why = `the authorization server's metadata names another issuer (${safeMessage(error).slice(0, 300)})`;
  else if (error instanceof SignInRequired) why = error.problem.detail;
  else why = safeMessage(error);
  return new GatewayError(
    'E201',
    `signing in to "${server}" failed: ${why}`,
    { server, auth_state: 'missing_auth', next_step: `gateway.auth_connect(server_name='${server}')` },
    `check the server's url and its authorization server, then run "${gatehouseRun(`auth connect ${server}`)}" again`,
    true,
  );
}

// A client the operator registered with the authorization server beforehand (`gatehouse.oauth` in the
// server's entry): Gatehouse signs in as it and never registers one of its own. Its secret is resolved
// when needed, from the variable the entry names, and is never written anywhere by Gatehouse.
import { GatewayError } from '../common/errors';
import { gatehouseRun } from '../common/gatehouse-command';
import type { RemoteServerDefinition } from '../config/types';
import type { ServerOAuthState } from './server-state';

export interface PreregisteredClientInfo {
  client_id: string;
  client_secret?: string;
}

/** The entry's pre-registered client with its secret resolved; null when the entry names none. */
export async function preregisteredClient(definition: RemoteServerDefinition, state: ServerOAuthState): Promise<PreregisteredClientInfo | null> {
  const client = definition.auth?.preregisteredClient;
  if (!client) return null;
  const variable = client.clientSecretVariable;
  if (!variable) return { client_id: client.clientId };
  const secret = await state.hooks.resolveSecret(variable);
  if (!secret) throw missingClientSecret(definition.name, variable);
  state.hooks.onSecret(secret);
  return { client_id: client.clientId, client_secret: secret };
}

function missingClientSecret(server: string, variable: string): GatewayError {
  return new GatewayError(
    'E201',
    `the pre-registered OAuth client of "${server}" (gatehouse.oauth) needs its secret, and \${${variable}} is set neither in the environment nor in the OS keychain`,
    { server, auth_state: 'missing_auth', missing_variables: [variable], next_step: `gateway.auth_connect(server_name='${server}', env_var='${variable}', credential='…')` },
    `store the client secret with "${gatehouseRun(`secrets set ${variable}`)}" (or gateway.auth_connect with env_var='${variable}'), then sign in again with "${gatehouseRun(`auth connect ${server}`)}"`,
    true,
  );
}

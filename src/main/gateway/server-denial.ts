// Policy first (contract §5): a tool that names a server asks the policy before looking the server up,
// so a denied server is refused as denied (E401, or E102 while the policy is invalid), never as unknown.
import { GatewayError } from '../common/errors';
import type { GatewayContext } from './meta-tool';

/** The policy's refusal of `server` as a GatewayError, or null when the server is allowed. */
export function serverDenial(gateway: GatewayContext, server: string): GatewayError | null {
  const decision = gateway.policy().decideServer(server);
  if (decision.allowed) return null;
  return new GatewayError(decision.code, decision.message, { server, auth_state: 'policy_denied' }, decision.suggestion);
}

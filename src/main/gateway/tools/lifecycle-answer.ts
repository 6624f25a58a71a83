// The one output shape of connect_server, disconnect_server and restart_server (contract §2.4): the
// status words and auth fields come from the server's row when there is one, else from the refusal.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { GatewayError, safeMessage } from '../../common/errors';
import type { ServerHandle } from '../../supervisor/server-handle';
import { errorEntry, jsonResult, type ErrorEntry } from '../envelope';
import type { GatewayContext } from '../meta-tool';
import { rowNextStep } from '../next-step';
import { STATUS_WORD } from '../status-words';

export type Action = 'connect' | 'disconnect' | 'restart';

export interface LifecycleBody {
  ok: boolean;
  prior: string;
  handle?: ServerHandle;
  message: string;
  errors?: ErrorEntry[];
  cancelled?: number;
  activeTasks?: number;
  cancelledTasks?: number;
  /** Without a handle: the status word, auth fields and install job the answer reports. */
  status?: string;
  auth?: { auth_state?: string; missing_env_vars?: string[]; next_step?: string | null };
  jobId?: string;
}

export function answer(gateway: GatewayContext, action: Action, server: string, body: LifecycleBody): CallToolResult {
  const row = body.handle?.row();
  const missing = row?.missing_env_vars.length ? row.missing_env_vars : (body.auth?.missing_env_vars ?? []);
  return jsonResult(gateway.redact({
    ok: body.ok,
    server,
    action,
    prior_status: body.prior,
    new_status: row ? STATUS_WORD[row.status] : (body.status ?? 'unknown'),
    cancelled_request_count: body.cancelled ?? 0,
    active_task_count: body.activeTasks ?? 0,
    cancelled_task_count: body.cancelledTasks ?? 0,
    message: body.message,
    errors: body.errors ?? [],
    missing_env_vars: missing.length ? missing : null,
    auth_state: row?.status === 'auth_required' ? (body.handle?.authFields().auth_state ?? 'missing_auth') : (body.auth?.auth_state ?? null),
    auth_challenge: row?.status === 'auth_required' ? (body.handle?.authFields().auth_challenge ?? null) : null,
    auth_metadata: row?.status === 'auth_required' ? (body.handle?.authFields().auth_metadata ?? null) : null,
    next_step: rowNextStep(row) ?? body.auth?.next_step ?? null,
    job_id: body.jobId ?? null,
  }));
}

/** The contract's literals for a name nobody defines: `Unknown server: x` is the message of its E203 entry. */
export function unknown(gateway: GatewayContext, action: Action, server: string): CallToolResult {
  const error = new GatewayError('E203', `Unknown server: ${server}`, { server },
    'gateway.config_status lists the configured servers; gateway.request_capability finds one to add');
  return answer(gateway, action, server, { ok: false, prior: 'unknown', message: `Server '${server}' is not known to Gatehouse.`, errors: [errorEntry(error)] });
}

/** A refusal before any process was touched: the policy (E401, E102) or provisioning (E404, E502, ...). */
export function refused(gateway: GatewayContext, action: Action, server: string, error: GatewayError): CallToolResult {
  const denied = error.code === 'E401' || error.code === 'E102';
  const missing = error.code === 'E502' && Array.isArray(error.details.missing_env_vars) ? error.details.missing_env_vars.map(String) : undefined;
  // A policy's suggestion is advice for the operator; the others (auth_connect, approve-package) are the caller's next step.
  const auth = { auth_state: denied ? 'policy_denied' : missing ? 'missing_auth' : undefined, missing_env_vars: missing, next_step: denied ? null : error.suggestion };
  return answer(gateway, action, server, { ok: false, prior: 'offline', status: 'offline', message: error.message, errors: [errorEntry(error)], auth });
}

/** A failed start as a GatewayError: the supervisor's own errors keep their codes, anything else is E204. */
export function startFailure(server: string, error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  return new GatewayError('E204', `server "${server}" did not start: ${safeMessage(error)}`, { server }, 'gateway.health for the reason', true);
}

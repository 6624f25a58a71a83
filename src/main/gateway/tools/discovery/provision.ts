// gateway.provision (contract §2.5): policy → online (already_running) → configured (connect,
// complete) → credential check (needs_api_key) → remote (connect, complete) → install job (started).
// Manifest and discovered servers take the same hand-off: provisioned.json, then the supervisor.
import * as z from 'zod';
import { authFieldsOf, needsCredential } from '../../../common/auth-fields';
import { GatewayError, safeMessage } from '../../../common/errors';
import { startInstallJob } from '../../../discovery/provision-job';
import { saveProvisioned } from '../../../discovery/provisioned-store';
import { referencedNames } from '../../../secrets/references';
import type { ServerHandle } from '../../../supervisor/server-handle';
import { jsonResult } from '../../envelope';
import type { GatewayContext } from '../../meta-tool';
import { discoveryTool } from './discovery-tool';
import { STATUS_WORD } from '../../status-words';
import { missingCredential } from './facts';
import { resolveTarget } from '../../../discovery/provision-target';

const newTools = (handle: ServerHandle) => handle.tools.slice(0, 10).map((t) => t.name);

function needsKey(server: string, envVar: string, envInstructions: string | null, all: string[]) {
  return {
    ok: false,
    server,
    status: 'failed',
    message: `Server '${server}' needs ${envVar}, which is not set. Store it with gateway.auth_connect, then provision again.`,
    needs_api_key: true,
    env_var: envVar,
    env_instructions: envInstructions,
    auth_required: true,
    auth_mode: 'api_key',
    auth_methods: ['api_key'],
    alternative_env_vars: all.filter((n) => n !== envVar),
    missing_env_vars: [envVar],
    auth_state: 'missing_auth',
    next_step: `gateway.auth_connect(server_name='${server}')`,
    error_code: 'E502',
  };
}

async function connectExisting(handle: ServerHandle, gateway: GatewayContext) {
  const server = handle.name;
  try {
    await handle.ensureConnected({ manual: true });
    return { ok: true, server, status: 'complete', message: `${server} is connected.`, new_tools: newTools(handle) };
  } catch (error) {
    const missing = handle.row().missing_env_vars;
    if (handle.status === 'auth_required' && missing[0]) return needsKey(server, missing[0], null, missing);
    // The real code (E204 spawn refused, E202 timeout, E206 breaker, E201 credential refused…) and its auth fields.
    const code = error instanceof GatewayError ? error.code : 'E204';
    const refused = needsCredential(error) ? credentialRefused(handle) : {};
    const message = `${server} did not connect: ${gateway.redact(safeMessage(error))}`;
    return { ok: false, server, status: 'failed', message, next_step: 'gateway.health', error_code: code, ...refused, ...authFieldsOf(error) };
  }
}

/** A remote server refused the credential its headers carry: a new token fixes it, stored like an API key. */
function credentialRefused(handle: ServerHandle) {
  const definition = handle.definition;
  const names = definition.transport === 'stdio' ? [] : referencedNames(definition.headers);
  const url = definition.transport !== 'stdio' && definition.auth?.supportsUrlElicitation === true;
  return {
    needs_api_key: names.length > 0,
    env_var: names[0] ?? null,
    auth_required: true,
    auth_mode: names.length ? 'api_key' : 'unknown',
    auth_methods: [...(names.length ? ['api_key'] : []), ...(url ? ['url_elicitation'] : [])],
    alternative_env_vars: names.slice(1),
  };
}

export const createProvisionTool = discoveryTool('gateway.provision', 'Make a server usable', {
  description:
    'Connect a configured server, or install a manifest / approved registered server (an install job: poll gateway.provision_status). ' +
    'Missing credentials answer needs_api_key with the next step.',
  annotations: { destructiveHint: false, openWorldHint: true },
  input: z.object({ server_name: z.string().min(1).describe('A configured, manifest or registered server name.') }),
  async run(state, { server_name: server }, gateway) {
    const answer = (body: Record<string, unknown>) => jsonResult(gateway.redact({ server, ...body }));
    const decision = gateway.policy().decideServer(server);
    if (!decision.allowed) return answer({ ok: false, status: 'failed', message: decision.message, auth_state: 'policy_denied', next_step: decision.suggestion, error_code: decision.code });
    const handle = gateway.supervisor.get(server);
    if (handle && STATUS_WORD[handle.status] === 'online') {
      return answer({ ok: true, status: 'already_running', message: `${server} is already running.`, new_tools: newTools(handle) });
    }
    if (handle) return answer(await connectExisting(handle, gateway));

    const resolved = resolveTarget(state, gateway.policy(), server);
    if (!resolved.ok) return answer({ ok: false, status: 'failed', message: resolved.message, next_step: resolved.next_step, error_code: resolved.code, auth_state: resolved.code === 'E401' ? 'policy_denied' : null });
    const { entry } = resolved.target;
    const missing = await missingCredential(state, entry.env_vars);
    if (missing) return answer(needsKey(server, missing, resolved.target.envInstructions, entry.env_vars));

    if (!entry.package) {
      saveProvisioned(state.ctx, entry);
      await state.activate(gateway);
      const added = gateway.supervisor.get(server);
      if (!added) return answer({ ok: false, status: 'failed', message: `${server} was recorded but the gateway did not load it.`, next_step: 'gateway.refresh()', error_code: 'E204' });
      return answer(await connectExisting(added, gateway));
    }
    const job = startInstallJob(state, gateway, entry);
    return answer({
      ok: true,
      status: 'started',
      job_id: job.job_id,
      message: `Installing ${server}. Poll gateway.provision_status(job_id='${job.job_id}').`,
      feedback_hint: null,
    });
  },
});

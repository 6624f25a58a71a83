// The provisioning hand-off for a name the supervisor does not run yet (a manifest or registered
// server), for the lifecycle tools: resolveTarget, the credential check (E502), then provisioned.json
// and activation, as gateway.provision does. A package goes through the same install job, awaited for
// a while so that a quick install answers with the server already connected.
import { setTimeout as delay } from 'node:timers/promises';
import { GatewayError } from '../../../common/errors';
import { isFinished, type Job } from '../../../discovery/jobs';
import { startInstallJob } from '../../../discovery/provision-job';
import { saveProvisioned } from '../../../discovery/provisioned-store';
import type { DiscoveryState } from '../../../discovery/state';
import type { ServerHandle } from '../../../supervisor/server-handle';
import type { GatewayContext } from '../../meta-tool';
import { missingCredential } from './facts';
import { resolveTarget } from '../../../discovery/provision-target';

/** Below the usual 30 s client timeout for one tool call; a longer install is polled with provision_status. */
export const INSTALL_WAIT_MS = 20_000;

export type ProvisionOutcome =
  | { kind: 'unknown' }
  | { kind: 'refused'; error: GatewayError }
  | { kind: 'ready'; handle: ServerHandle }
  | { kind: 'installing'; job: Job };

export async function provisionByName(state: DiscoveryState, gateway: GatewayContext, name: string, waitMs = INSTALL_WAIT_MS): Promise<ProvisionOutcome> {
  const resolved = resolveTarget(state, gateway.policy(), name);
  if (!resolved.ok) {
    if (resolved.code === 'E203') return { kind: 'unknown' };
    return { kind: 'refused', error: new GatewayError(resolved.code, resolved.message, { server: name }, resolved.next_step) };
  }
  const { entry } = resolved.target;
  const missing = await missingCredential(state, entry.env_vars);
  if (missing) {
    const message = `Server '${name}' needs ${missing}, which is not set. Store it with gateway.auth_connect, then try again.`;
    return { kind: 'refused', error: new GatewayError('E502', message, { server: name, env_var: missing, missing_env_vars: [missing] }, `gateway.auth_connect(server_name='${name}')`) };
  }
  if (!entry.package) {
    saveProvisioned(state.ctx, entry);
    await state.activate(gateway);
    return loaded(gateway, name);
  }
  const job = startInstallJob(state, gateway, entry);
  const deadline = Date.now() + waitMs;
  while (!isFinished(job.status) && Date.now() < deadline) await delay(100);
  if (!isFinished(job.status)) return { kind: 'installing', job };
  if (job.status === 'complete') return loaded(gateway, name);
  const failure = job.error;
  return { kind: 'refused', error: new GatewayError(failure?.code ?? 'E501', job.message, { server: name, job_id: job.job_id }, failure?.suggestion ?? null, failure?.retryable ?? false) };
}

function loaded(gateway: GatewayContext, name: string): ProvisionOutcome {
  const handle = gateway.supervisor.get(name);
  if (handle) return { kind: 'ready', handle };
  const message = `${name} was recorded in provisioned.json but the gateway did not load it.`;
  return { kind: 'refused', error: new GatewayError('E204', message, { server: name }, 'gateway.refresh(), then gateway.health', true) };
}

// gateway.connect_server, gateway.disconnect_server, gateway.restart_server (contract §2.4). The policy
// is asked first, so a denied server is refused as denied. Names resolve via the configured servers,
// then the manifest, then registered (discovered) entries: a name the supervisor does not run yet takes
// gateway.provision's path. Disconnect and restart refuse while the server has work in flight, unless
// `force`, which cancels only that server's work.
import * as z from 'zod';
import { safeMessage } from '../../common/errors';
import { originNames, serverOrigins } from '../../discovery/origins';
import type { ServerHandle } from '../../supervisor/server-handle';
import { cancelActiveTasks } from '../cancel-tasks';
import { errorEntry, type ErrorEntry } from '../envelope';
import { defineMetaTool, type GatewayContext } from '../meta-tool';
import { serverDenial } from '../server-denial';
import { STATUS_WORD } from '../status-words';
import { provisionByName } from './discovery/provision-by-name';
import { answer, refused, startFailure, unknown, type Action } from './lifecycle-answer';

/** Starts (or restarts) the server; the failure as an answer-ready message and errors[] entry, or null. */
async function start(handle: ServerHandle, restart: boolean): Promise<{ message: string; errors: ErrorEntry[] } | null> {
  try {
    if (restart) await handle.restart();
    else await handle.ensureConnected({ manual: true });
    return null;
  } catch (error) {
    return { message: safeMessage(error), errors: [errorEntry(startFailure(handle.name, error))] };
  }
}

/** Connects a supervised server; a server that was not running is started, never restarted. */
async function connectHandle(gateway: GatewayContext, action: Action, handle: ServerHandle, prior: string) {
  const name = handle.name;
  if (prior === 'online') return answer(gateway, action, name, { ok: true, prior, handle, message: `${name} is already online.` });
  const failed = await start(handle, false);
  return answer(gateway, action, name, { ok: !failed, prior, handle, message: failed?.message ?? `${name} is online.`, errors: failed?.errors ?? [] });
}

/** A manifest or registered name that is not running yet: provision it as gateway.provision would, then connect. */
async function connectByName(gateway: GatewayContext, action: Action, name: string) {
  const outcome = gateway.discovery ? await provisionByName(gateway.discovery, gateway, name) : ({ kind: 'unknown' } as const);
  if (outcome.kind === 'unknown') return unknown(gateway, action, name);
  if (outcome.kind === 'refused') return refused(gateway, action, name, outcome.error);
  if (outcome.kind === 'installing') {
    const { job_id } = outcome.job;
    const message = `Installing ${name} (job ${job_id}); poll gateway.provision_status(job_id='${job_id}'): it connects when the install completes.`;
    return answer(gateway, action, name, { ok: true, prior: 'offline', status: 'connecting', message, jobId: job_id });
  }
  return connectHandle(gateway, action, outcome.handle, 'offline');
}

const ServerArg = z.object({ server_name: z.string().min(1) });
const ForceArg = ServerArg.extend({ force: z.boolean().default(false) });

export const connectServer = defineMetaTool({
  name: 'gateway.connect_server',
  title: 'Connect a server',
  description: 'Start a configured server now instead of on first use (also a manual retry after crashes); a manifest server is provisioned first.',
  input: ServerArg,
  async run({ server_name }, gateway) {
    const denial = serverDenial(gateway, server_name);
    if (denial) return refused(gateway, 'connect', server_name, denial);
    const handle = gateway.supervisor.get(server_name);
    if (!handle) return connectByName(gateway, 'connect', server_name);
    return connectHandle(gateway, 'connect', handle, STATUS_WORD[handle.status]);
  },
});

async function stopOrRestart(action: 'disconnect' | 'restart', args: { server_name: string; force: boolean }, gateway: GatewayContext) {
  const name = args.server_name;
  const denial = serverDenial(gateway, name);
  if (denial) return refused(gateway, action, name, denial);
  const handle = gateway.supervisor.get(name);
  if (!handle && action === 'restart') return connectByName(gateway, action, name);
  if (!handle) {
    const known = gateway.discovery && originNames(serverOrigins(gateway.discovery)).includes(name);
    if (!known) return unknown(gateway, action, name);
    return answer(gateway, action, name, { ok: true, prior: 'offline', status: 'offline', message: `${name} is not running.` });
  }
  const prior = STATUS_WORD[handle.status];
  const pending = gateway.supervisor.pending.countFor(handle.name);
  const activeTasks = gateway.supervisor.tasks.activeCount(handle.name);
  const verb = action === 'disconnect' ? 'Disconnect' : 'Restart';
  if ((pending > 0 || activeTasks > 0) && !args.force) {
    return answer(gateway, action, name, {
      ok: false,
      prior,
      handle,
      activeTasks,
      message: `${verb} refused: ${name} has ${pending} pending request(s) and ${activeTasks} active task(s). Wait for them, or pass force=true to cancel them.`,
    });
  }
  const cancelled = gateway.supervisor.pending.cancelServer(handle.name, action === 'disconnect' ? 'forced_disconnect' : 'forced_restart');
  // Tasks are cancelled downstream before the process goes: otherwise they would be orphaned.
  const tasks = await cancelActiveTasks(gateway.supervisor, handle.name);
  const counts = { cancelled, activeTasks, cancelledTasks: tasks.cancelled };
  if (action === 'disconnect') {
    await handle.stop('lazy');
    return answer(gateway, action, name, { ok: true, prior, handle, ...counts, message: `${name} disconnected; it starts again on next use.` });
  }
  const failed = await start(handle, true);
  return answer(gateway, action, name, { ok: !failed, prior, handle, ...counts, message: failed?.message ?? `${name} restarted.`, errors: failed?.errors ?? [] });
}

/** Disconnect and restart share their input, their hint and the refuse-unless-force rule: declared once. */
function stopOrRestartTool(action: 'disconnect' | 'restart', tool: { name: string; title: string; description: string }) {
  return defineMetaTool({
    ...tool,
    description: `${tool.description} Refused while it has pending requests unless force=true.`,
    annotations: { destructiveHint: true },
    input: ForceArg,
    run: (args, gateway) => stopOrRestart(action, args, gateway),
  });
}

export const disconnectServer = stopOrRestartTool('disconnect', {
  name: 'gateway.disconnect_server',
  title: 'Disconnect a server',
  description: 'Stop a server (its process tree); it starts again on next use.',
});

export const restartServer = stopOrRestartTool('restart', {
  name: 'gateway.restart_server',
  title: 'Restart a server',
  description: 'Stop and start a server with the same configuration and reset its crash counter.',
});

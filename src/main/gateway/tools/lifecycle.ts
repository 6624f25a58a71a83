// gateway.connect_server, gateway.disconnect_server, gateway.restart_server (contract §2.4). Disconnect
// and restart refuse while the server has work in flight, unless `force`, which cancels only that
// server's work.
import * as z from 'zod';
import { safeMessage } from '../../core/errors';
import type { ServerHandle } from '../../supervisor/server-handle';
import { cancelActiveTasks } from '../cancel-tasks';
import { jsonResult } from '../envelope';
import { defineMetaTool, type GatewayContext } from '../meta-tool';
import { STATUS_WORD } from '../status-words';
import { rowNextStep } from '../next-step';

type Action = 'connect' | 'disconnect' | 'restart';

function answer(
  action: Action,
  server: string,
  body: { ok: boolean; prior: string; handle: ServerHandle | undefined; message: string; errors?: string[]; cancelled?: number; activeTasks?: number; cancelledTasks?: number },
) {
  const row = body.handle?.row();
  const missing = row?.missing_env_vars ?? [];
  return jsonResult({
    ok: body.ok,
    server,
    action,
    prior_status: body.prior,
    new_status: row ? STATUS_WORD[row.status] : 'unknown',
    cancelled_request_count: body.cancelled ?? 0,
    active_task_count: body.activeTasks ?? 0,
    cancelled_task_count: body.cancelledTasks ?? 0,
    message: body.message,
    errors: body.errors ?? [],
    missing_env_vars: missing.length ? missing : null,
    auth_state: row?.status === 'auth_required' ? 'missing_auth' : null,
    next_step: rowNextStep(row),
  });
}

function unknown(action: Action, server: string) {
  return answer(action, server, { ok: false, prior: 'unknown', handle: undefined, message: `Server '${server}' is not known to Gatehouse.`, errors: [`Unknown server: ${server}`] });
}

async function connect(handle: ServerHandle, action: Action) {
  try {
    if (action === 'restart') await handle.restart();
    else await handle.ensureConnected({ manual: true });
    return null;
  } catch (error) {
    return safeMessage(error);
  }
}

const ServerArg = z.object({ server_name: z.string().min(1) });
const ForceArg = ServerArg.extend({ force: z.boolean().default(false) });

export const connectServer = defineMetaTool({
  name: 'gateway.connect_server',
  title: 'Connect a server',
  description: 'Start a configured server now instead of on first use (also a manual retry after crashes).',
  input: ServerArg,
  async run({ server_name }, gateway) {
    const handle = gateway.supervisor.get(server_name);
    if (!handle) return unknown('connect', server_name);
    const prior = STATUS_WORD[handle.status];
    if (prior === 'online') return answer('connect', server_name, { ok: true, prior, handle, message: `${server_name} is already online.` });
    const error = await connect(handle, 'connect');
    return answer('connect', server_name, { ok: !error, prior, handle, message: error ?? `${server_name} is online.`, errors: error ? [error] : [] });
  },
});

async function stopOrRestart(action: 'disconnect' | 'restart', args: { server_name: string; force: boolean }, gateway: GatewayContext) {
  const handle = gateway.supervisor.get(args.server_name);
  if (!handle) return unknown(action, args.server_name);
  const prior = STATUS_WORD[handle.status];
  const pending = gateway.supervisor.pending.countFor(handle.name);
  const activeTasks = gateway.supervisor.tasks.activeCount(handle.name);
  const verb = action === 'disconnect' ? 'Disconnect' : 'Restart';
  if ((pending > 0 || activeTasks > 0) && !args.force) {
    return answer(action, args.server_name, {
      ok: false,
      prior,
      handle,
      activeTasks,
      message: `${verb} refused: ${args.server_name} has ${pending} pending request(s) and ${activeTasks} active task(s). Wait for them, or pass force=true to cancel them.`,
    });
  }
  const cancelled = gateway.supervisor.pending.cancelServer(handle.name, action === 'disconnect' ? 'forced_disconnect' : 'forced_restart');
  // Tasks are cancelled downstream before the process goes: otherwise they would be orphaned.
  const tasks = await cancelActiveTasks(gateway.supervisor, handle.name);
  const counts = { cancelled, activeTasks, cancelledTasks: tasks.cancelled };
  if (action === 'disconnect') {
    await handle.stop('lazy');
    return answer(action, args.server_name, { ok: true, prior, handle, ...counts, message: `${args.server_name} disconnected; it starts again on next use.` });
  }
  const error = await connect(handle, 'restart');
  return answer(action, args.server_name, { ok: !error, prior, handle, ...counts, message: error ?? `${args.server_name} restarted.`, errors: error ? [error] : [] });
}

export const disconnectServer = defineMetaTool({
  name: 'gateway.disconnect_server',
  title: 'Disconnect a server',
  description: 'Stop a server (its process tree); it starts again on next use. Refused while it has pending requests unless force=true.',
  annotations: { destructiveHint: true },
  input: ForceArg,
  run: (args, gateway) => stopOrRestart('disconnect', args, gateway),
});

export const restartServer = defineMetaTool({
  name: 'gateway.restart_server',
  title: 'Restart a server',
  description: 'Stop and start a server with the same configuration and reset its crash counter. Refused while it has pending requests unless force=true.',
  annotations: { destructiveHint: true },
  input: ForceArg,
  run: (args, gateway) => stopOrRestart('restart', args, gateway),
});

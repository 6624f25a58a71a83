// The panel's server controls: stop and restart with the lifecycle tools' rule (refused while the server
// has pending calls or active tasks, unless forced, which cancels exactly that server's work), the row
// detail's stderr tail, and storing a missing credential through gateway.auth_connect.
import type { AuthConnectResult, ServerControlResult, ServerStderr } from '../../shared/server-control';
import { safeMessage } from '../common/errors';
import { cancelActiveTasks } from '../gateway/cancel-tasks';
import type { Supervisor } from '../supervisor/supervisor';
import type { OperatorSession } from './operator-session';

type Control = 'stop' | 'restart';

export interface ServersApi {
  control(action: Control, input: { name: string; force?: boolean }): Promise<ServerControlResult>;
  stderr(input: { name: string; lines?: number }): Promise<ServerStderr>;
  authConnect(input: { name: string; env_var: string; credential: string }): Promise<AuthConnectResult>;
}

export function createServersApi(supervisor: Supervisor, operator: OperatorSession): ServersApi {
  return {
    async control(action, { name, force = false }) {
      const handle = supervisor.get(name);
      const base = { refused: false, pending_count: 0, active_tasks: 0 };
      if (!handle) return { ...base, ok: false, row: null, message: `Server '${name}' is not known to Gatehouse.` };
      const pending = supervisor.pending.countFor(name);
      const activeTasks = supervisor.tasks.activeCount(name);
      const counts = { pending_count: pending, active_tasks: activeTasks };
      if ((pending > 0 || activeTasks > 0) && !force) {
        const verb = action === 'stop' ? 'Stop' : 'Restart';
        const message = `${verb} refused: ${name} has ${pending} pending call(s) and ${activeTasks} active task(s). Wait for them, or force it to cancel them.`;
        return { ...counts, ok: false, refused: true, row: handle.row(), message };
      }
      supervisor.pending.cancelServer(name, action === 'stop' ? 'forced_disconnect' : 'forced_restart');
      // Tasks are cancelled downstream before the process goes, or they would be orphaned there.
      await cancelActiveTasks(supervisor, name);
      try {
        if (action === 'stop') await handle.stop('stopped');
        else await handle.restart();
        return { ...counts, ok: true, refused: false, row: handle.row(), message: action === 'stop' ? `${name} stopped` : `${name} restarted` };
      } catch (error) {
        return { ...counts, ok: false, refused: false, row: handle.row(), message: safeMessage(error) };
      }
    },
    async stderr({ name, lines = 20 }) {
      const handle = supervisor.get(name);
      return { name, lines: handle ? handle.stderr.tail(lines) : [] };
    },
    async authConnect({ name, env_var, credential }) {
      const { body } = await operator.call('gateway.auth_connect', { server_name: name, env_var, credential });
      return {
        ok: body.ok === true,
        message: typeof body.message === 'string' ? body.message : 'the credential could not be stored',
        next_step: typeof body.next_step === 'string' ? body.next_step : null,
      };
    },
  };
}

// gateway.update_server (contract §2.5): fetch the newest release of an unpinned npm/PyPI server and
// restart only that server. Pins and uncertain identities are refused; pending work refuses unless
// force; a config change during the fetch refuses too (the restart would use a definition we did not
// check). The lookups run in their own process group with a 60 s limit.
import * as z from 'zod';
import { safeMessage } from '../../../common/errors';
import { identify } from '../../../discovery/package-identity';
import { readProvisioned } from '../../../discovery/provisioned-store';
import { runProcess } from '../../../discovery/run-process';
import type { DiscoveryState } from '../../../discovery/state';
import { cancelActiveTasks } from '../../cancel-tasks';
import { jsonResult } from '../../envelope';
import { defineMetaTool, type MetaTool } from '../../meta-tool';

const input = z.object({
  server_name: z.string().min(1),
  force: z.boolean().default(false).describe("Cancel this server's pending requests and tasks instead of refusing."),
});

const LOOKUP_TIMEOUT_MS = 60_000;

export function createUpdateServerTool(state: DiscoveryState): MetaTool {
  return defineMetaTool({
    name: 'gateway.update_server',
    title: 'Update a server package',
    description: 'Fetch the newest release of an unpinned npm or PyPI server and restart only that server. Pinned versions are refused.',
    annotations: { destructiveHint: true, openWorldHint: true },
    input,
    async run({ server_name: server, force }, gateway) {
      const base = { server, refreshed: false, restarted: false, cancelled_request_count: 0, cancelled_task_count: 0 };
      const handle = gateway.supervisor.get(server);
      if (!handle) return jsonResult({ ...base, ok: false, package_type: 'unknown', message: `Server '${server}' is not known to Gatehouse.` });
      const id = identify(handle.definition, readProvisioned(state.ctx).get(server));
      const ident = { package_type: id.package_type, package_name: id.package_name };
      if (id.refusal || !id.package_name) {
        return jsonResult({ ...base, ...ident, ok: false, message: `Update refused for '${server}': ${id.refusal ?? 'unknown package'}. Change the version in its configuration instead.` });
      }
      const pending = gateway.supervisor.pending.countFor(server);
      const tasks = gateway.supervisor.tasks.activeCount(server);
      if ((pending || tasks) && !force) {
        return jsonResult({ ...base, ...ident, ok: false, message: `Update refused: ${server} has ${pending} pending request(s) and ${tasks} active task(s). Wait for them, or pass force=true to cancel them.` });
      }
      const revision = gateway.revision().id;
      const name = id.package_name;
      const lookup = id.package_type === 'npm'
        ? { command: 'npm', args: ['view', name, 'version'] }
        : { command: 'uv', args: ['tool', 'run', '--refresh', '--from', name, 'python', '-c', `import importlib.metadata as m; print(m.version(${JSON.stringify(name)}))`] };
      const outcome = await runProcess({ ...lookup, env: state.ctx.env, cwd: state.ctx.cacheDir, idleTimeoutMs: LOOKUP_TIMEOUT_MS, redact: (t) => gateway.redact(t) }).done;
      const latest = outcome.kind === 'exit' && outcome.code === 0 ? (outcome.stdout.trim().split('\n').pop() ?? '').trim() : '';
      if (!latest) {
        return jsonResult({ ...base, ...ident, ok: false, message: `Could not fetch the latest ${name} (${outcome.kind === 'timeout' ? 'no answer in 60 s' : outcome.error ?? outcome.tail.at(-1) ?? 'failed'}).` });
      }
      if (gateway.revision().id !== revision || gateway.supervisor.get(server) !== handle) {
        return jsonResult({ ...base, ...ident, ok: false, latest_version: latest, refreshed: true, message: 'Update refused: the configuration changed while fetching; call gateway.update_server again.' });
      }
      if (id.package_type === 'npm') {
        const warm = await runProcess({ command: 'npm', args: ['cache', 'add', `${name}@${latest}`], env: state.ctx.env, cwd: state.ctx.cacheDir, idleTimeoutMs: LOOKUP_TIMEOUT_MS, redact: (t) => gateway.redact(t) }).done;
        if (warm.kind !== 'exit' || warm.code !== 0) return jsonResult({ ...base, ...ident, ok: false, latest_version: latest, message: `Fetching ${name}@${latest} failed.` });
      }
      const cancelled = force ? gateway.supervisor.pending.cancelServer(server, 'forced_restart') : 0;
      // Tasks are cancelled downstream (tasks/cancel) before the restart; otherwise they would be orphaned.
      const ended = force ? await cancelActiveTasks(gateway.supervisor, server) : { cancelled: 0, failed: 0 };
      const counts = { cancelled_request_count: cancelled, cancelled_task_count: ended.cancelled };
      const unsure = ended.failed ? ` ${ended.failed} task(s) could not be cancelled downstream.` : '';
      try {
        await handle.restart();
      } catch (error) {
        return jsonResult({ ...base, ...ident, ...counts, ok: false, latest_version: latest, refreshed: true, message: `${name}@${latest} fetched but ${server} did not restart: ${gateway.redact(safeMessage(error))}.${unsure}` });
      }
      return jsonResult({ ...base, ...ident, ...counts, ok: true, latest_version: latest, refreshed: true, restarted: true, message: `${server} restarted with ${name} ${latest}.${unsure}` });
    },
  });
}

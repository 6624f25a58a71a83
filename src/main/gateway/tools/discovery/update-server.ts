// gateway.update_server (contract §2.5): fetch the newest release of an unpinned npm/PyPI server and
// restart only that server. Pins and uncertain identities are refused; pending work refuses unless
// force; a config change during the fetch refuses too (the restart would use a definition we did not
// check). The answer names the version change (previous_version → latest_version). A server Gatehouse
// provisioned runs an exact recorded version, so a new one that does not start is rolled back to it
// (discovery/package-update.ts); a configured `npx pkg` / `uvx pkg` line has no recorded version.
import * as z from 'zod';
import { safeMessage } from '../../../common/errors';
import { identify } from '../../../discovery/package-identity';
import { readProvisioned } from '../../../discovery/provisioned-store';
import { runProcess } from '../../../discovery/run-process';
import { updateProvisioned } from '../../../discovery/package-update';
import { packageMetadata } from '../../../discovery/registry-metadata';
import type { PackageType } from '../../../discovery/types';
import { cancelActiveTasks } from '../../cancel-tasks';
import { jsonResult } from '../../envelope';
import { discoveryTool } from './discovery-tool';

const LOOKUP_TIMEOUT_MS = 60_000;

export const createUpdateServerTool = discoveryTool('gateway.update_server', 'Update a server package', {
  description: 'Fetch the newest release of an unpinned npm or PyPI server and restart only that server; says which version it ran and which it runs now, and keeps the old one if the new one does not start. Pinned versions are refused.',
  annotations: { destructiveHint: true, openWorldHint: true },
  input: z.object({
    server_name: z.string().min(1),
    force: z.boolean().default(false).describe("Cancel this server's pending requests and tasks instead of refusing."),
  }),
  async run(state, { server_name: server, force }, gateway) {
    const base = { server, refreshed: false, restarted: false, cancelled_request_count: 0, cancelled_task_count: 0 };
    const handle = gateway.supervisor.get(server);
    if (!handle) return jsonResult({ ...base, ok: false, package_type: 'unknown', message: `Server '${server}' is not known to Gatehouse.` });
    const provisioned = readProvisioned(state.ctx).get(server);
    const id = identify(handle.definition, provisioned);
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
    const type = id.package_type as PackageType;
    const previous = provisioned?.installed_version ?? null;
    const lookup = await packageMetadata({ type, name, version: null }, { env: state.ctx.env, cwd: state.ctx.cacheDir, redact: (t) => gateway.redact(t), timeoutMs: LOOKUP_TIMEOUT_MS });
    if (!lookup.ok) return jsonResult({ ...base, ...ident, ok: false, previous_version: previous, message: `Could not fetch the latest ${name}: ${lookup.reason}.` });
    const latest = lookup.metadata.version;
    const versions = { previous_version: previous, latest_version: latest };
    if (previous === latest) {
      return jsonResult({ ...base, ...ident, ...versions, ok: true, message: `${server} already runs ${name} ${latest}, the latest release; nothing changed.` });
    }
    if (gateway.revision().id !== revision || gateway.supervisor.get(server) !== handle) {
      return jsonResult({ ...base, ...ident, ...versions, ok: false, refreshed: true, message: 'Update refused: the configuration changed while fetching; call gateway.update_server again.' });
    }
    const cancelled = force ? gateway.supervisor.pending.cancelServer(server, 'forced_restart') : 0;
    // Tasks are cancelled downstream (tasks/cancel) before the restart; otherwise they would be orphaned.
    const ended = force ? await cancelActiveTasks(gateway.supervisor, server) : { cancelled: 0, failed: 0 };
    const counts = { cancelled_request_count: cancelled, cancelled_task_count: ended.cancelled };
    const unsure = ended.failed ? ` ${ended.failed} task(s) could not be cancelled downstream.` : '';
    const change = `${name} ${previous ?? '(version not recorded)'} → ${latest}`;

    if (provisioned) {
      const outcome = await updateProvisioned(state, gateway, provisioned, latest);
      if (outcome.kind === 'fetch_failed') {
        const last = outcome.tail.at(-1);
        return jsonResult({ ...base, ...ident, ...versions, ...counts, ok: false, message: `Fetching ${name} ${latest} failed (${outcome.reason})${last ? `: ${last}` : ''}. ${server} still runs ${previous ?? 'its previous version'}.${unsure}` });
      }
      if (outcome.kind === 'rolled_back') {
        const back = outcome.restored ? `${server} runs ${previous ?? 'its previous version'} again` : `putting back ${previous ?? 'the previous version'} did not start either: ${outcome.restoreError}`;
        return jsonResult({ ...base, ...ident, ...versions, ...counts, ok: false, refreshed: true, rolled_back: true, restarted: outcome.restored, message: `${change}: the new version did not start (${outcome.reason}); ${back}.${unsure}` });
      }
      return jsonResult({ ...base, ...ident, ...versions, ...counts, ok: true, refreshed: true, restarted: true, rolled_back: false, message: `${server} updated: ${change}.${unsure}` });
    }

    // A configured command line: warm npm's cache with the new release, then restart. Its previous
    // version is not recorded anywhere Gatehouse owns, so there is nothing to roll back to.
    if (type === 'npm') {
      const warm = await runProcess({ command: 'npm', args: ['cache', 'add', `${name}@${latest}`], env: state.ctx.env, cwd: state.ctx.cacheDir, idleTimeoutMs: LOOKUP_TIMEOUT_MS, redact: (t) => gateway.redact(t) }).done;
      if (warm.kind !== 'exit' || warm.code !== 0) return jsonResult({ ...base, ...ident, ...versions, ...counts, ok: false, message: `Fetching ${name}@${latest} failed.` });
    }
    try {
      await handle.restart();
    } catch (error) {
      return jsonResult({ ...base, ...ident, ...versions, ...counts, ok: false, refreshed: true, message: `${name}@${latest} fetched but ${server} did not restart: ${gateway.redact(safeMessage(error))}.${unsure}` });
    }
    return jsonResult({ ...base, ...ident, ...versions, ...counts, ok: true, refreshed: true, restarted: true, message: `${server} restarted with ${name} ${latest} (its previous version is not recorded: it is configured, not provisioned).${unsure}` });
  },
});

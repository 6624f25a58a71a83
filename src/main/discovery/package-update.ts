// update_server for a provisioned package (one Gatehouse installed, recorded with the exact version it
// runs): fetch the new release, switch provisioned.json to it, start it, and if it does not start, switch
// back to the version that ran before and start that again. The operator sees both versions.
import { safeMessage } from '../common/errors';
import { installCommand } from './package-spec';
import { saveProvisioned, type ProvisionedEntry } from './provisioned-store';
import { runProcess } from './run-process';
import type { DiscoveryState } from './state';
import type { DiscoveryHost } from './types';

export type UpdateOutcome =
  | { kind: 'updated'; from: string | null; to: string }
  | { kind: 'fetch_failed'; from: string | null; to: string; reason: string; tail: string[] }
  /** The new version did not start; the old one was put back (`restored` says whether it started again). */
  | { kind: 'rolled_back'; from: string | null; to: string; reason: string; restored: boolean; restoreError: string | null };

const FETCH_IDLE_MS = 60_000;

async function start(host: DiscoveryHost, name: string): Promise<string | null> {
  const handle = host.supervisor.get(name);
  if (!handle) return `${name} is not loaded by the gateway`;
  try {
    await handle.ensureConnected({ manual: true });
    return null;
  } catch (error) {
    return host.redact(safeMessage(error));
  }
}

export async function updateProvisioned(state: DiscoveryState, host: DiscoveryHost, entry: ProvisionedEntry, latest: string): Promise<UpdateOutcome> {
  const from = entry.installed_version ?? null;
  const pkg = entry.package;
  if (!pkg) return { kind: 'fetch_failed', from, to: latest, reason: 'a remote server has no package', tail: [] };
  const fetched = await runProcess({ ...installCommand({ ...pkg, version: latest }), env: state.ctx.env, cwd: state.ctx.cacheDir, idleTimeoutMs: FETCH_IDLE_MS, redact: (line) => host.redact(line), tailLines: 12 }).done;
  if (fetched.kind !== 'exit' || fetched.code !== 0) {
    const reason = fetched.kind === 'timeout' ? `no output for ${FETCH_IDLE_MS / 1000} s` : fetched.kind === 'spawn_error' ? (fetched.error ?? 'the installer could not be started') : `exit ${fetched.code ?? fetched.signal}`;
    return { kind: 'fetch_failed', from, to: latest, reason, tail: fetched.tail };
  }
  saveProvisioned(state.ctx, { ...entry, installed_version: latest });
  await state.activate(host); // the definition changed: the supervisor stops the old process
  const failed = await start(host, entry.name);
  if (!failed) return { kind: 'updated', from, to: latest };
  // Put back exactly what ran before (an entry recorded before versions were kept runs unpinned, as it did).
  saveProvisioned(state.ctx, entry);
  await state.activate(host);
  const restoreError = await start(host, entry.name);
  return { kind: 'rolled_back', from, to: latest, reason: failed, restored: restoreError === null, restoreError };
}

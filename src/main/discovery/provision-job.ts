// One install job, start to finish, in the stages a reader can follow (jobs.ts):
//   download  ask the package's registry which exact version this is (a manifest entry without a version
//             means the latest) — the version installed, recorded and later shown by update_server;
//   install   fetch that version into npx's / uv's cache (own process group, redacted tail, killed after
//             120 s of silence); a failure keeps the installer's last lines;
//   start     record it in provisioned.json, let the core add it to the supervisor, then initialize;
//   tools     tools/list: `server_ready` only after both succeeded, never from a log line.
import { safeMessage } from '../common/errors';
import type { Job } from './jobs';
import { displaySpec, installCommand } from './package-spec';
import { saveProvisioned, type ProvisionedEntry } from './provisioned-store';
import { packageMetadata } from './registry-metadata';
import { runProcess } from './run-process';
import type { DiscoveryState } from './state';
import type { DiscoveryHost, PackageRef } from './types';

/** The installer lines a failed job keeps (provision_status shows the last five; the CLI all of them). */
export const FAILURE_TAIL_LINES = 12;

export function startInstallJob(state: DiscoveryState, gateway: DiscoveryHost, entry: ProvisionedEntry): Job {
  const existing = state.jobs.activeFor(entry.name);
  if (existing) return existing;
  const job = state.jobs.create(entry.name);
  void runJob(state, gateway, entry, job).catch((error) => {
    state.jobs.finish(job, 'failed', { message: `Provisioning ${entry.name} failed: ${safeMessage(error)}`, error: { code: 'E501', message: safeMessage(error), suggestion: null, retryable: false } });
  });
  return job;
}

const day = (iso: string | null) => (iso ? ` (published ${iso.slice(0, 10)})` : '');

/** download: the exact version to install. null when the registry could not be asked (the install may still work). */
async function resolveVersion(state: DiscoveryState, gateway: DiscoveryHost, ref: PackageRef, job: Job): Promise<string | null | 'missing'> {
  const { jobs, ctx } = state;
  jobs.beginStage(job, 'download', `Resolving ${displaySpec(ref)} in its registry.`);
  const answer = await packageMetadata(ref, { env: ctx.env, cwd: ctx.cacheDir, redact: (line) => gateway.redact(line), timeoutMs: Math.min(state.idleTimeoutMs, 30_000) });
  if (answer.ok) {
    jobs.update(job, { version: answer.metadata.version });
    jobs.endStage(job, 'download', 'done', `${ref.name} ${answer.metadata.version}${day(answer.metadata.published)}`);
    return answer.metadata.version;
  }
  if (answer.missing) {
    jobs.endStage(job, 'download', 'failed', answer.reason);
    return 'missing';
  }
  jobs.endStage(job, 'download', 'skipped', `version not resolved: ${answer.reason}`);
  return null;
}

async function install(state: DiscoveryState, gateway: DiscoveryHost, ref: PackageRef, job: Job): Promise<boolean> {
  const { jobs, ctx } = state;
  const spec = displaySpec(ref);
  const command = installCommand(ref);
  jobs.beginStage(job, 'install', `Installing ${spec} (${command.command}).`);
  const live: string[] = [];
  const outcome = await runProcess({
    ...command,
    env: ctx.env,
    cwd: ctx.cacheDir,
    idleTimeoutMs: state.idleTimeoutMs,
    redact: (line) => gateway.redact(line),
    tailLines: FAILURE_TAIL_LINES,
    onLine: (line) => {
      live.push(line);
      if (live.length > FAILURE_TAIL_LINES) live.shift();
      jobs.update(job, { output_tail: [...live] });
    },
  }).done;
  if (outcome.kind === 'timeout') {
    jobs.finish(job, 'timeout', { message: `Installing ${spec} produced no output for ${Math.round(state.idleTimeoutMs / 1000)} s and was stopped.`, output_tail: outcome.tail, error: { code: 'E504', message: 'install timeout', suggestion: `retry gateway.provision(server_name='${job.server}'); check network access to the package registry`, retryable: true } });
    return false;
  }
  if (outcome.kind === 'spawn_error' || outcome.code !== 0) {
    const missing = outcome.kind === 'spawn_error';
    const last = outcome.tail.at(-1);
    const message = missing ? `${command.command} could not be started (${outcome.error ?? 'not found'}).` : `Installing ${spec} failed (exit ${outcome.code ?? outcome.signal})${last ? `: ${last}` : '.'}`;
    jobs.finish(job, 'failed', { message, output_tail: outcome.tail, error: { code: missing ? 'E503' : 'E501', message, suggestion: missing ? `install ${command.command === 'uv' ? 'uv (https://docs.astral.sh/uv/)' : 'Node.js with npm'} and retry` : "see output_tail (the installer's last lines); check the package name and version", retryable: false } });
    return false;
  }
  jobs.endStage(job, 'install', 'done', `${spec} is in the ${ref.type === 'npm' ? 'npx' : 'uv'} cache`);
  jobs.update(job, { output_tail: outcome.tail });
  return true;
}

async function runJob(state: DiscoveryState, gateway: DiscoveryHost, entry: ProvisionedEntry, job: Job): Promise<void> {
  const { jobs, ctx } = state;
  const redact = (line: string) => gateway.redact(line);
  let record = entry;
  if (entry.package) {
    jobs.update(job, { package: displaySpec(entry.package) });
    const resolved = await resolveVersion(state, gateway, entry.package, job);
    if (resolved === 'missing') {
      const message = `${displaySpec(entry.package)} is not in its registry: ${job.stages[0]?.detail ?? 'not found'}.`;
      jobs.finish(job, 'failed', { message, error: { code: 'E501', message, suggestion: 'check the package name and version in the manifest', retryable: false } });
      return;
    }
    // An unpinned entry installs the exact version just resolved, and runs that one until update_server.
    const exact = entry.package.version ?? resolved;
    if (!(await install(state, gateway, exact ? { ...entry.package, version: exact } : entry.package, job))) return;
    record = { ...entry, installed_version: exact ?? null };
  } else {
    jobs.endStage(job, 'download', 'skipped', 'a remote server: nothing to download');
    jobs.endStage(job, 'install', 'skipped', 'a remote server: nothing to install');
  }
  jobs.beginStage(job, 'start', `Starting ${entry.name}.`);
  saveProvisioned(ctx, record);
  await state.activate(gateway);
  const handle = gateway.supervisor.get(entry.name);
  if (!handle) {
    const message = `${entry.name} was recorded in provisioned.json but the gateway did not load it (is it denied by policy, or shadowed by a configured server?).`;
    jobs.finish(job, 'failed', { message, error: { code: 'E204', message, suggestion: 'gateway.refresh(), then gateway.health', retryable: true } });
    return;
  }
  try {
    await handle.ensureConnected({ manual: true });
  } catch (error) {
    const message = `${entry.name} is installed but did not start: ${redact(safeMessage(error))}`;
    jobs.finish(job, 'failed', { message, error: { code: 'E202', message, suggestion: `gateway.health for the reason, then gateway.connect_server(server_name='${entry.name}')`, retryable: true } });
    return;
  }
  jobs.endStage(job, 'start', 'done', `${entry.name} answered initialize`);
  jobs.beginStage(job, 'tools', `Listing the tools of ${entry.name}.`);
  const tools = handle.tools.map((tool) => tool.name);
  jobs.endStage(job, 'tools', 'done', `${tools.length} tool(s)`);
  jobs.update(job, { status: 'server_ready', progress: 95, new_tools: tools.slice(0, 10), message: `${entry.name} answered initialize and tools/list.` });
  jobs.finish(job, 'complete', { message: `Server '${entry.name}' is ready with ${tools.length} tool(s). Use gateway.catalog_search(server='${entry.name}').`, new_tools: tools.slice(0, 10) });
}

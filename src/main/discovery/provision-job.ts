// One install job, start to finish: fetch the package (own process group, redacted tail, killed after
// 120 s of silence), record it in provisioned.json, let the core add it to the supervisor, then connect.
// `server_ready` is set only after initialize and tools/list succeeded, never from a log line.
import { safeMessage } from '../common/errors';
import type { Job } from './jobs';
import { displaySpec, installCommand } from './package-spec';
import { saveProvisioned, type ProvisionedEntry } from './provisioned-store';
import { runProcess } from './run-process';
import type { DiscoveryState } from './state';
import type { DiscoveryHost } from './types';

export function startInstallJob(state: DiscoveryState, gateway: DiscoveryHost, entry: ProvisionedEntry): Job {
  const existing = state.jobs.activeFor(entry.name);
  if (existing) return existing;
  const job = state.jobs.create(entry.name);
  void runJob(state, gateway, entry, job).catch((error) => {
    state.jobs.finish(job, 'failed', { message: `Provisioning ${entry.name} failed: ${safeMessage(error)}`, error: { code: 'E501', message: safeMessage(error), suggestion: null, retryable: false } });
  });
  return job;
}

async function runJob(state: DiscoveryState, gateway: DiscoveryHost, entry: ProvisionedEntry, job: Job): Promise<void> {
  const { jobs, ctx } = state;
  const redact = (line: string) => gateway.redact(line);
  if (entry.package) {
    const spec = displaySpec(entry.package);
    const install = installCommand(entry.package);
    jobs.update(job, { status: 'installing', progress: 10, message: `Installing ${spec} (${install.command}).` });
    const live: string[] = [];
    const running = runProcess({
      ...install,
      env: ctx.env,
      cwd: ctx.cacheDir,
      idleTimeoutMs: state.idleTimeoutMs,
      redact,
      onLine: (line) => {
        live.push(line);
        if (live.length > 5) live.shift();
        jobs.update(job, { output_tail: [...live] });
      },
    });
    const outcome = await running.done;
    if (outcome.kind === 'timeout') {
      jobs.finish(job, 'timeout', { message: `Installing ${spec} produced no output for ${Math.round(state.idleTimeoutMs / 1000)} s and was stopped.`, output_tail: outcome.tail, error: { code: 'E504', message: 'install timeout', suggestion: `retry gateway.provision(server_name='${entry.name}'); check network access to the package registry`, retryable: true } });
      return;
    }
    if (outcome.kind === 'spawn_error' || outcome.code !== 0) {
      const missing = outcome.kind === 'spawn_error';
      const message = missing ? `${install.command} could not be started (${outcome.error ?? 'not found'}).` : `Installing ${spec} failed (exit ${outcome.code ?? outcome.signal}).`;
      jobs.finish(job, 'failed', { message, output_tail: outcome.tail, error: { code: missing ? 'E503' : 'E501', message, suggestion: missing ? `install ${install.command === 'uv' ? 'uv (https://docs.astral.sh/uv/)' : 'Node.js with npm'} and retry` : 'see output_tail; check the package name and version', retryable: false } });
      return;
    }
    jobs.update(job, { progress: 60, message: `Installed ${spec}; starting ${entry.name}.`, output_tail: outcome.tail });
  }
  saveProvisioned(ctx, entry);
  await state.activate(gateway);
  const handle = gateway.supervisor.get(entry.name);
  if (!handle) {
    const message = `${entry.name} was recorded in provisioned.json but the gateway did not load it (is it denied by policy, or shadowed by a configured server?).`;
    jobs.finish(job, 'failed', { message, error: { code: 'E204', message, suggestion: 'gateway.refresh(), then gateway.health', retryable: true } });
    return;
  }
  jobs.update(job, { progress: 80, message: `Connecting to ${entry.name}.` });
  try {
    await handle.ensureConnected({ manual: true });
  } catch (error) {
    const message = `${entry.name} is installed but did not start: ${redact(safeMessage(error))}`;
    jobs.finish(job, 'failed', { message, error: { code: 'E202', message, suggestion: `gateway.health for the reason, then gateway.connect_server(server_name='${entry.name}')`, retryable: true } });
    return;
  }
  const tools = handle.tools.map((tool) => tool.name);
  jobs.update(job, { status: 'server_ready', progress: 95, new_tools: tools.slice(0, 10), message: `${entry.name} answered initialize and tools/list.` });
  jobs.finish(job, 'complete', { message: `Server '${entry.name}' is ready with ${tools.length} tool(s). Use gateway.catalog_search(server='${entry.name}').`, new_tools: tools.slice(0, 10) });
}

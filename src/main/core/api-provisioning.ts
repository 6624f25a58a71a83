// The panel's provisioning view: the install jobs of gateway.provision as one snapshot with a generation,
// and a provision started by the operator. The start goes through the operator session's gateway.provision,
// so the meta-tool's rules hold exactly (policy, approval of exact versions, missing credentials).
//
// Pushed, not polled: a job changes stage without any event, so while a job is unfinished the core pushes a
// snapshot on a short tick (coalesced like the activity view's), and stops when every job has ended. A job
// an agent starts is noticed through the audit record of its gateway.provision call (activityChanged).
// Redaction: answers and pushes pass redactedApi/redactedEvents on their way out, like every panel surface.
import { isFinished, type Job, type JobRegistry } from '../discovery/jobs';
import type { JobView, ProvisioningSnapshot, ProvisionOutcome } from '../../shared/provisioning';
import type { OperatorSession } from './operator-session';
import { coalescedPush } from './coalesced-push';

/** How often a running job's stages and progress are pushed. */
const TICK_MS = 500;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function jobView(job: Job): JobView {
  return {
    job_id: job.job_id,
    server: job.server,
    status: job.status,
    progress: job.progress,
    stage: job.stage,
    stages: job.stages.map((s) => ({ name: s.name, state: s.state, detail: s.detail, started_at: iso(s.started_at), finished_at: iso(s.finished_at) })),
    package: job.package,
    version: job.version,
    message: job.message,
    error: job.error ? { code: job.error.code, message: job.error.message, suggestion: job.error.suggestion, retryable: job.error.retryable } : null,
    output_tail: [...job.output_tail],
    new_tools: [...job.new_tools],
    started_at: iso(job.started_at) as string,
    finished_at: iso(job.finished_at),
  };
}

export function provisionOutcome(server: string, body: Record<string, unknown>, isError: boolean): ProvisionOutcome {
  return {
    ok: body.ok === true && !isError,
    server: text(body.server) ?? server,
    status: text(body.status) ?? (isError ? 'failed' : 'unknown'),
    message: text(body.message) ?? `gateway.provision gave no message for '${server}'`,
    job_id: text(body.job_id),
    next_step: text(body.next_step),
    error_code: text(body.error_code),
    env_var: text(body.env_var),
    env_instructions: text(body.env_instructions),
    new_tools: Array.isArray(body.new_tools) ? body.new_tools.map(String) : [],
  };
}

export interface ProvisioningApiOptions {
  jobs: JobRegistry;
  operator: OperatorSession;
  emit(snapshot: ProvisioningSnapshot): void;
}

export function createProvisioningApi(options: ProvisioningApiOptions) {
  const { jobs } = options;
  let generation = 0;
  let lastPushed = '[]';

  const snapshot = (): ProvisioningSnapshot => ({ generation, jobs: jobs.list().map(jobView) });

  // Coalesces bursts (a provision call, its audit record, the job's end) into one push; a running job
  // changes stage without raising an event, so it is looked at again while any job is unfinished.
  const pusher = coalescedPush(
    () => {
      // Every client's tool call reaches here (its audit record): push only when the jobs changed.
      const views = jobs.list().map(jobView);
      const shown = JSON.stringify(views);
      if (shown === lastPushed) return;
      lastPushed = shown;
      generation++;
      options.emit({ generation, jobs: views });
    },
    () => jobs.list().some((job) => !isFinished(job.status)),
    TICK_MS,
  );
  const changed = pusher.changed;
  const offFinished = jobs.onFinished(() => changed());

  return {
    changed,
    stop() {
      offFinished();
      pusher.stop();
    },
    list: async () => snapshot(),
    async provision({ server_name }: { server_name: string }): Promise<ProvisionOutcome> {
      const server = server_name.trim();
      const { body, isError } = await options.operator.call('gateway.provision', { server_name: server });
      changed();
      return provisionOutcome(server, body, isError);
    },
  };
}

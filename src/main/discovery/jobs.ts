// Install jobs for gateway.provision / provision_status, `gatehouse provision` and (later) the panel. A job
// moves through named stages — download (resolve the exact version), install (fetch it into the npx/uv
// cache), start (initialize), tools (tools/list) — each pending, running, done, failed or skipped, so a
// reader can draw progress without parsing messages. A job is finalised exactly once (a late exit after a
// timeout cannot flip it back to complete); finished jobs are pruned after an hour, at most 50 kept.
import { randomBytes } from 'node:crypto';

export type JobStatus = 'pending' | 'installing' | 'server_ready' | 'complete' | 'failed' | 'timeout';

export interface JobError {
  code: 'E501' | 'E502' | 'E503' | 'E504' | 'E506' | 'E201' | 'E202' | 'E204';
  message: string;
  suggestion: string | null;
  retryable: boolean;
}

export type StageName = 'download' | 'install' | 'start' | 'tools';
export type StageState = 'pending' | 'running' | 'done' | 'failed' | 'skipped';

export interface JobStage {
  name: StageName;
  state: StageState;
  /** One line: what happened in this stage ("@x/y 1.2.3 (published 2026-01-02)", "12 tools"). */
  detail: string | null;
  started_at: number | null;
  finished_at: number | null;
}

export const STAGES: readonly StageName[] = ['download', 'install', 'start', 'tools'];
/** Where progress stands when a stage starts; a finished job is 100. */
const STAGE_PROGRESS: Record<StageName, number> = { download: 5, install: 20, start: 70, tools: 90 };

export interface Job {
  job_id: string;
  server: string;
  status: JobStatus;
  progress: number;
  message: string;
  /** The stage running now (or the last one reached); null before the first starts. */
  stage: StageName | null;
  stages: JobStage[];
  /** The package spec being installed and the version it resolved to, when known. */
  package: string | null;
  version: string | null;
  output_tail: string[];
  started_at: number;
  finished_at: number | null;
  new_tools: string[];
  error: JobError | null;
}

export const FINISHED_TTL_MS = 60 * 60 * 1000;
export const MAX_FINISHED = 50;

export const isFinished = (status: JobStatus) => status === 'complete' || status === 'failed' || status === 'timeout';

export class JobRegistry {
  private jobs = new Map<string, Job>();
  private finishedListeners = new Set<(job: Job) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  create(server: string): Job {
    this.prune();
    let id = randomBytes(4).toString('hex');
    while (this.jobs.has(id)) id = randomBytes(4).toString('hex');
    const stages = STAGES.map((name): JobStage => ({ name, state: 'pending', detail: null, started_at: null, finished_at: null }));
    const job: Job = { job_id: id, server, status: 'pending', progress: 0, message: `Provisioning ${server}: queued.`, stage: null, stages, package: null, version: null, output_tail: [], started_at: this.now(), finished_at: null, new_tools: [], error: null };
    this.jobs.set(id, job);
    return job;
  }

  get(id: string): Job | undefined {
    this.prune();
    return this.jobs.get(id);
  }

  /** The unfinished job for a server, so a second provision joins it instead of installing twice. */
  activeFor(server: string): Job | undefined {
    return [...this.jobs.values()].find((job) => job.server === server && !isFinished(job.status));
  }

  update(job: Job, patch: Partial<Pick<Job, 'status' | 'progress' | 'message' | 'output_tail' | 'new_tools' | 'package' | 'version'>>): void {
    if (isFinished(job.status)) return;
    Object.assign(job, patch);
  }

  /** Starts a stage (finishing an earlier running one as done) and moves progress to where it begins. */
  beginStage(job: Job, name: StageName, message: string): void {
    if (isFinished(job.status)) return;
    for (const stage of job.stages) if (stage.state === 'running') Object.assign(stage, { state: 'done', finished_at: this.now() });
    const stage = job.stages.find((s) => s.name === name) as JobStage;
    Object.assign(stage, { state: 'running', started_at: this.now() });
    Object.assign(job, { stage: name, message, status: job.status === 'pending' ? 'installing' : job.status, progress: Math.max(job.progress, STAGE_PROGRESS[name]) });
  }

  /** Ends a stage: done (with what it found), failed, or skipped (nothing to do, e.g. a remote server). */
  endStage(job: Job, name: StageName, state: 'done' | 'failed' | 'skipped', detail: string | null = null): void {
    if (isFinished(job.status)) return;
    const stage = job.stages.find((s) => s.name === name) as JobStage;
    Object.assign(stage, { state, detail, finished_at: this.now(), started_at: stage.started_at ?? this.now() });
  }

  /** Every job still kept, newest first: what a panel lists. */
  list(): Job[] {
    this.prune();
    return [...this.jobs.values()].sort((a, b) => b.started_at - a.started_at);
  }

  /** Ends a job once; later calls are ignored. */
  finish(job: Job, status: 'complete' | 'failed' | 'timeout', patch: { message: string; error?: JobError | null; new_tools?: string[]; output_tail?: string[] }): void {
    if (isFinished(job.status)) return;
    // A stage still running ends with the job: done when it completed, failed otherwise.
    for (const stage of job.stages) if (stage.state === 'running') Object.assign(stage, { state: status === 'complete' ? 'done' : 'failed', finished_at: this.now() });
    Object.assign(job, { ...patch, status, progress: status === 'complete' ? 100 : job.progress, finished_at: this.now() });
    for (const listener of this.finishedListeners) listener(job);
  }

  /** Told once per job when it ends (the desktop app notifies the operator); returns unsubscribe. */
  onFinished(listener: (job: Job) => void): () => void {
    this.finishedListeners.add(listener);
    return () => this.finishedListeners.delete(listener);
  }

  prune(): void {
    const now = this.now();
    const finished = [...this.jobs.values()].filter((job) => job.finished_at !== null);
    for (const job of finished) if (now - (job.finished_at as number) > FINISHED_TTL_MS) this.jobs.delete(job.job_id);
    const kept = finished.filter((job) => this.jobs.has(job.job_id)).sort((a, b) => (a.finished_at as number) - (b.finished_at as number));
    for (const job of kept.slice(0, Math.max(0, kept.length - MAX_FINISHED))) this.jobs.delete(job.job_id);
  }

  size(): number {
    return this.jobs.size;
  }
}

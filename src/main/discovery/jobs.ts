// Install jobs for gateway.provision / provision_status. A job is finalised exactly once (a late exit
// after a timeout cannot flip it back to complete); finished jobs are pruned after an hour, and at
// most 50 finished ones are kept.
import { randomBytes } from 'node:crypto';

export type JobStatus = 'pending' | 'installing' | 'server_ready' | 'complete' | 'failed' | 'timeout';

export interface JobError {
  code: 'E501' | 'E502' | 'E503' | 'E504' | 'E506' | 'E201' | 'E202' | 'E204';
  message: string;
  suggestion: string | null;
  retryable: boolean;
}

export interface Job {
  job_id: string;
  server: string;
  status: JobStatus;
  progress: number;
  message: string;
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
    const job: Job = { job_id: id, server, status: 'pending', progress: 0, message: `Provisioning ${server}: queued.`, output_tail: [], started_at: this.now(), finished_at: null, new_tools: [], error: null };
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

  update(job: Job, patch: Partial<Pick<Job, 'status' | 'progress' | 'message' | 'output_tail' | 'new_tools'>>): void {
    if (isFinished(job.status)) return;
    Object.assign(job, patch);
  }

  /** Ends a job once; later calls are ignored. */
  finish(job: Job, status: 'complete' | 'failed' | 'timeout', patch: { message: string; error?: JobError | null; new_tools?: string[]; output_tail?: string[] }): void {
    if (isFinished(job.status)) return;
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

// The provisioning view's contract: the install jobs of gateway.provision (what provision_status tells an
// agent, every field a view draws) and the answer of a provision the operator starts from the panel.
import * as z from 'zod';
import { CodedError, IsoTime } from './common-schemas';

export const JOB_STAGES = ['download', 'install', 'start', 'tools'] as const;
export const JobStageName = z.enum(JOB_STAGES);
export const JobStageState = z.enum(['pending', 'running', 'done', 'failed', 'skipped']);
export const JobStatus = z.enum(['pending', 'installing', 'server_ready', 'complete', 'failed', 'timeout']);

export const JobStageView = z.object({
  name: JobStageName,
  state: JobStageState,
  /** One line of what the stage found ("@x/y 1.2.3 (published …)", "12 tool(s)"); redacted. */
  detail: z.string().nullable(),
  started_at: IsoTime.nullable(),
  finished_at: IsoTime.nullable(),
});
export type JobStageView = z.infer<typeof JobStageView>;

export const JobView = z.object({
  job_id: z.string(),
  server: z.string(),
  status: JobStatus,
  /** 0–100. */
  progress: z.number(),
  /** The stage running now, or the last one reached. */
  stage: JobStageName.nullable(),
  stages: z.array(JobStageView),
  package: z.string().nullable(),
  version: z.string().nullable(),
  message: z.string(),
  error: CodedError.extend({ suggestion: z.string().nullable(), retryable: z.boolean() }).nullable(),
  /** The installer's (or server's) last output lines: a child wrote them, so they arrive redacted. */
  output_tail: z.array(z.string()),
  new_tools: z.array(z.string()),
  started_at: IsoTime,
  finished_at: IsoTime.nullable(),
});
export type JobView = z.infer<typeof JobView>;

/** Every kept job, newest first, with a generation so a late answer never replaces a newer push. */
export const ProvisioningSnapshot = z.object({ generation: z.number().int(), jobs: z.array(JobView) });
export type ProvisioningSnapshot = z.infer<typeof ProvisioningSnapshot>;

export const ProvisionInput = z.object({ server_name: z.string().trim().min(1).max(200) }).strict();
export type ProvisionInput = z.infer<typeof ProvisionInput>;

/** gateway.provision's answer, in the fields the form shows. */
export const ProvisionOutcome = z.object({
  ok: z.boolean(),
  server: z.string(),
  /** started, already_running, complete, failed… as the meta-tool says it. */
  status: z.string(),
  message: z.string(),
  job_id: z.string().nullable(),
  next_step: z.string().nullable(),
  error_code: z.string().nullable(),
  /** A credential must be stored first: its name and where to get it. */
  env_var: z.string().nullable(),
  env_instructions: z.string().nullable(),
  new_tools: z.array(z.string()),
});
export type ProvisionOutcome = z.infer<typeof ProvisionOutcome>;

export const isJobFinished = (status: JobView['status']) => status === 'complete' || status === 'failed' || status === 'timeout';

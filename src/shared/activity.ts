// The activity view: what every client session has in flight (pending calls, MCP tasks) and the recent
// audit events, pushed as one snapshot with a generation so a stale one is dropped.
import * as z from 'zod';
import { IsoTime } from './common-schemas';

/** Which tool a call or task runs, on which server. */
const ToolOnServer = z.object({ server: z.string(), tool_id: z.string() });

export const PendingCallView = ToolOnServer.extend({
  request_id: z.string(),
  started_at: IsoTime,
  timeout_ms: z.number().int(),
  state: z.enum(['pending', 'active', 'stalled']),
  last_activity_at: IsoTime,
  progress: z.object({ progress: z.number(), total: z.number().nullable(), message: z.string().nullable() }).nullable(),
  task_id: z.string().nullable(),
  /** What the server asked the calling client and is waiting for (e.g. `sampling/createMessage`): "waiting for the client". */
  waiting_for_client: z.string().nullable().optional(),
});
export type PendingCallView = z.infer<typeof PendingCallView>;

export const TaskView = ToolOnServer.extend({
  task_id: z.string(),
  status: z.string(),
  status_message: z.string().nullable(),
  created_at: IsoTime.nullable(),
  updated_at: IsoTime.nullable(),
  terminal: z.boolean(),
});
export type TaskView = z.infer<typeof TaskView>;

export const ActivitySession = z.object({
  session_id: z.string(),
  /** The client's own name from its MCP handshake (clientInfo), or null if it gave none or is gone. */
  client_name: z.string().nullable(),
  /** The project folder whose servers this session sees beside the user's (null: the user's only, or the panel). */
  project: z.string().nullable(),
  calls: z.array(PendingCallView),
  tasks: z.array(TaskView),
});
export type ActivitySession = z.infer<typeof ActivitySession>;

export const AuditEventView = z.object({
  ts: IsoTime,
  session_id: z.string().nullable(),
  method: z.string(),
  tool: z.string().nullable(),
  server: z.string().nullable(),
  outcome: z.string(),
  latency_ms: z.number(),
  error: z.string().nullable(),
});
export type AuditEventView = z.infer<typeof AuditEventView>;

/** A project some client session works in, and how many sessions use it. */
export const AttachedProject = z.object({ root: z.string(), sessions: z.number().int().nonnegative() });
export type AttachedProject = z.infer<typeof AttachedProject>;

export const ActivitySnapshot = z.object({
  generation: z.number().int().nonnegative(),
  sessions: z.array(ActivitySession),
  /** Projects of the clients attached to this gateway (each sees its own project's servers). */
  projects: z.array(AttachedProject),
  /** Newest first, at most 50. */
  audit: z.array(AuditEventView),
});
export type ActivitySnapshot = z.infer<typeof ActivitySnapshot>;

export const CancelCallInput = z.object({ request_id: z.string().min(1), force: z.boolean().optional() }).strict();
export const CancelTaskInput = z.object({ server: z.string().min(1), task_id: z.string().min(1) }).strict();
export const CancelOutcome = z.object({
  /** cancelled · refused (still healthy: force needed) · already_complete · not_found · error */
  status: z.string(),
  message: z.string(),
});
export type CancelOutcome = z.infer<typeof CancelOutcome>;

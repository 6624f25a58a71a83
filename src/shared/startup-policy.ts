// The startup-policy view: every server with where it is defined, whether it starts with the gateway
// and why; a toggle previews the exact file change gateway.set_startup_policy would make, then applies it.
import * as z from 'zod';
import { FileChangeApplied, FileChangePreview } from './common-schemas';
import { ConfigSourceKind, ServerName, StartupPolicy } from './domain';

const PolicySource = z.enum(['project', 'user', 'custom']);

export const StartupPolicyDiagnostic = z.object({
  code: z.string(),
  message: z.string(),
  source: PolicySource.nullable(),
  path: z.string().nullable(),
  server_name: z.string().nullable(),
  line: z.number().int().nullable(),
  severity: z.enum(['error', 'warning']),
});
export type StartupPolicyDiagnostic = z.infer<typeof StartupPolicyDiagnostic>;

export const StartupPolicyServer = z.object({
  name: z.string(),
  source: ConfigSourceKind,
  source_path: z.string().nullable(),
  policy: StartupPolicy,
  /** One sentence: which list (in which file) or which missing thing makes it so. */
  why: z.string(),
  /** Whether the panel can toggle it: only servers defined in a project, user or custom file. */
  togglable: z.boolean(),
  /** Named in some source's disableAutoStart: adding it to autoStart would not make it eager. */
  disabled_in: z.string().nullable(),
});
export type StartupPolicyServer = z.infer<typeof StartupPolicyServer>;

export const StartupPolicyView = z.object({
  servers: z.array(StartupPolicyServer),
  sources: z.array(
    z.object({
      source: PolicySource,
      path: z.string(),
      exists: z.boolean(),
      autoStart: z.array(z.string()),
      disableAutoStart: z.array(z.string()),
      error: z.string().nullable(),
    }),
  ),
  diagnostics: z.array(StartupPolicyDiagnostic),
});
export type StartupPolicyView = z.infer<typeof StartupPolicyView>;

export const StartupPolicyChange = z.object({ name: ServerName, eager: z.boolean() }).strict();
export type StartupPolicyChange = z.infer<typeof StartupPolicyChange>;

export const StartupPolicyPreview = FileChangePreview.extend({
  source: PolicySource.nullable(),
  exists: z.boolean(),
  before: z.array(z.string()),
  after: z.array(z.string()),
  diagnostics: z.array(StartupPolicyDiagnostic),
});
export type StartupPolicyPreview = z.infer<typeof StartupPolicyPreview>;

export const StartupPolicyApply = StartupPolicyChange.extend({ digest: z.string().min(1) }).strict();
export const StartupPolicyApplied = FileChangeApplied.extend({
  diagnostics: z.array(StartupPolicyDiagnostic),
});
export type StartupPolicyApplied = z.infer<typeof StartupPolicyApplied>;

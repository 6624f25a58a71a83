// Editing a stdio server's confinement profile from the panel's server detail: the profile as the form
// shows it (every field, defaults filled in), the exact file change to its entry's
// `"gatehouse": {"confinement": …}` (previewed, nothing written), and the apply of that preview, which is
// refused when the file changed since. The startup-policy view's preview → apply pattern.
import * as z from 'zod';
import { FileChangeApplied, FileChangePreview } from './common-schemas';
import { ConfigSourceKind, ServerName } from './domain';

export const ConfinementProfileEdit = z
  .object({
    network: z.enum(['none', 'loopback', 'full']),
    /** With network "loopback": the host's 127.0.0.1 ports it may reach (checked like the file's own). */
    loopbackPorts: z.array(z.number().int()).max(64),
    project: z.enum(['none', 'ro', 'rw']),
    /** Absolute paths (the form shows them resolved). */
    grants: z.array(z.object({ path: z.string().min(1).max(4096), access: z.enum(['ro', 'rw']) }).strict()).max(64),
    /** The Docker engine's socket: root on this host, in effect. */
    docker: z.boolean(),
  })
  .strict();
export type ConfinementProfileEdit = z.infer<typeof ConfinementProfileEdit>;

export const ConfinementProfileState = z.object({
  name: z.string(),
  /** Only a stdio server defined in a project, user or custom file can be edited here. */
  editable: z.boolean(),
  /** Why not, when it cannot be. */
  reason: z.string().nullable(),
  source: ConfigSourceKind.nullable(),
  path: z.string().nullable(),
  profile: ConfinementProfileEdit.nullable(),
});
export type ConfinementProfileState = z.infer<typeof ConfinementProfileState>;

export const ConfinementEditChange = z.object({ name: ServerName, profile: ConfinementProfileEdit }).strict();
export type ConfinementEditChange = z.infer<typeof ConfinementEditChange>;

export const ConfinementEditPreview = FileChangePreview.extend({
  /** What the new profile gets wrong (each names the field), or what applying it means (a project file's approval). */
  problems: z.array(z.string()),
  notes: z.array(z.string()),
});
export type ConfinementEditPreview = z.infer<typeof ConfinementEditPreview>;

export const ConfinementEditApply = ConfinementEditChange.extend({ digest: z.string().min(1) }).strict();
export type ConfinementEditApply = z.infer<typeof ConfinementEditApply>;

export const ConfinementEditApplied = FileChangeApplied.extend({
  /** The server was running and was started again with the new profile. */
  restarted: z.boolean(),
});
export type ConfinementEditApplied = z.infer<typeof ConfinementEditApplied>;

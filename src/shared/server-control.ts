// The servers view's controls beyond start: a stop or restart that refuses while the server has work in
// flight (unless forced, as gateway.disconnect_server and restart_server do), the row detail's stderr
// tail, and storing a missing credential (write-only, as gateway.auth_connect does).
import * as z from 'zod';
import { HealthRow, ServerName } from './domain';
import { SecretName } from './secrets';

export const ServerControlInput = z.object({ name: ServerName, force: z.boolean().optional() }).strict();

// ServerActionResult's fields plus the refusal's: optional, so a caller that only reads ok and message
// (the tray) is untouched by them.
export const ServerControlResult = z.object({
  ok: z.boolean(),
  /** True when the stop or restart was refused because of work in flight; pass force to go ahead. */
  refused: z.boolean().optional(),
  pending_count: z.number().int().nonnegative().optional(),
  active_tasks: z.number().int().nonnegative().optional(),
  row: HealthRow.nullable(),
  message: z.string(),
});
export type ServerControlResult = z.infer<typeof ServerControlResult>;

export const ServerStderrInput = z.object({ name: ServerName, lines: z.number().int().min(1).max(200).optional() }).strict();
export const ServerStderr = z.object({ name: z.string(), lines: z.array(z.string()) });
export type ServerStderr = z.infer<typeof ServerStderr>;

/** Write-only: the credential goes main-ward once; the answer never carries it. */
export const AuthConnectInput = z
  .object({
    name: ServerName,
    env_var: SecretName,
    credential: z
      .string()
      .min(1)
      .max(2560)
      .refine((v) => !/[\r\n\0]/.test(v), 'the credential must be one line'),
  })
  .strict();
export const AuthConnectResult = z.object({ ok: z.boolean(), message: z.string(), next_step: z.string().nullable() });
export type AuthConnectResult = z.infer<typeof AuthConnectResult>;

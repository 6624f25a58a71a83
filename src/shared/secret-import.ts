// Importing a dotenv file into the keychain from the panel: the path goes main-ward, main reads the file
// and answers with names and actions only. No value ever crosses back to the renderer.
import * as z from 'zod';
import { SecretScope, TenantId } from './secrets';
import { Answer } from './common-schemas';

export const SecretImportInput = z
  .object({ path: z.string().min(1).max(4096), scope: SecretScope, tenant: TenantId.nullish(), overwrite: z.boolean().optional() })
  .strict();
export const SecretImportApply = SecretImportInput.extend({ digest: z.string().min(1) }).strict();

export const SecretImportPreview = Answer.extend({
  path: z.string(),
  target: z.string().nullable(),
  items: z.array(z.object({ name: z.string(), action: z.enum(['add', 'replace', 'keep_same', 'keep_different']), line: z.number().int().nullable() })),
  notes: z.array(z.object({ line: z.number().int().nullable(), message: z.string(), blocking: z.boolean() })),
  /** Of the bytes previewed: apply refuses if the file changed since. */
  digest: z.string().nullable(),
});
export type SecretImportPreview = z.infer<typeof SecretImportPreview>;

export const SecretImportResult = Answer.extend({
  stored: z.array(z.string()),
  failed: z.array(z.object({ name: z.string(), message: z.string() })),
});
export type SecretImportResult = z.infer<typeof SecretImportResult>;

// The panel's import from a dotenv file: the renderer sends a path, main reads the file, and the answer
// holds names, actions and notes only (TransferPlan keeps the values to itself). Apply plans again and
// refuses if the file's bytes are not the ones previewed, so what is stored is what was shown.
import { isAbsolute } from 'node:path';
import type { SecretImportPreview, SecretImportResult } from '../../shared/secret-import';
import { isSecretsError } from '../secrets/errors';
import { applyImport, planImport } from '../secrets/import-file';
import { describeScope, scopeRef, type SecretScope } from '../secrets/scopes';
import type { SecretStore } from '../secrets/store';
import type { SecretValues } from '../redaction/secret-values';

interface ImportInput {
  path: string;
  scope: SecretScope;
  tenant?: string | null;
  overwrite?: boolean;
}

function failure(error: unknown): { code: string; message: string } {
  if (isSecretsError(error)) return { code: error.code, message: `${error.message}${error.nextStep ? `; ${error.nextStep}` : ''}` };
  // Anything else is unexpected; its text could come from anywhere, so only its kind is shown.
  return { code: 'internal_error', message: `unexpected ${error instanceof Error ? error.name : 'error'} while reading the file; see the Gatehouse log` };
}

export function createSecretImportApi(options: { store: SecretStore; projectRoot: string | null; secretValues?: SecretValues | null }) {
  const plan = async (input: ImportInput) => {
    if (!isAbsolute(input.path)) throw new Error(`relative path ${input.path}`);
    const target = scopeRef(input.scope, { projectRoot: options.projectRoot, tenant: input.tenant ?? null });
    return planImport(options.store, { path: input.path, target, origin: 'file' }, { overwrite: input.overwrite === true });
  };
  const notAbsolute = (path: string) => ({
    code: 'path_not_absolute',
    message: `${path} is not an absolute path; give the file's full path (for example /home/me/project/.env)`,
  });
  return {
    async preview(input: ImportInput): Promise<SecretImportPreview> {
      const empty = { ok: false, path: input.path, target: null, items: [], notes: [], digest: null };
      if (!isAbsolute(input.path)) return { ...empty, ...notAbsolute(input.path) };
      try {
        const preview = await plan(input);
        const { items, notes, target } = preview.plan;
        const writes = preview.plan.writes.length;
        return {
          ok: true,
          path: input.path,
          target: describeScope(target),
          items,
          notes: notes.map((n) => ({ line: n.line, message: n.message, blocking: n.blocking })),
          digest: preview.digest,
          code: null,
          message: items.length
            ? `${writes} of ${items.length} name(s) would be stored in ${describeScope(target)}.`
            : `${input.path} holds no values to import.`,
        };
      } catch (error) {
        return { ...empty, ...failure(error) };
      }
    },
    async apply(input: ImportInput & { digest: string }): Promise<SecretImportResult> {
      if (!isAbsolute(input.path)) return { ok: false, stored: [], failed: [], ...notAbsolute(input.path) };
      try {
        const preview = await plan(input);
        if (preview.digest !== input.digest) {
          return {
            ok: false,
            stored: [],
            failed: [],
            code: 'file_changed',
            message: `${input.path} changed after the preview; nothing was stored. Preview it again.`,
          };
        }
        const outcome = await applyImport(options.store, preview, { deleteFile: false });
        // Every stored value is scrubbed from everything Gatehouse shows from now on.
        for (const name of outcome.stored) {
          const value = await options.store.get(preview.plan.target, name);
          if (value) options.secretValues?.add(value);
        }
        return {
          ok: outcome.failed.length === 0,
          stored: outcome.stored,
          failed: outcome.failed.map((f) => ({ name: f.name, message: f.message })),
          code: outcome.failed.length ? 'partly_stored' : null,
          message: `Stored ${outcome.stored.length} value(s) in ${describeScope(preview.plan.target)}${outcome.failed.length ? `; ${outcome.failed.length} could not be stored` : ''}.`,
        };
      } catch (error) {
        return { ok: false, stored: [], failed: [], ...failure(error) };
      }
    },
  };
}

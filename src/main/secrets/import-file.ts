// Importing plaintext dotenv files into the keychain: PMCP's `~/.config/pmcp/pmcp.env` (user scope) and
// `<project>/.env.pmcp` (project scope), or any file the operator names. Preview first; existing names
// are kept unless overwrite; the plaintext file is deleted only on request and only when everything it
// held is now in the keychain with the same value.
import { createHash } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { readRegularFile } from '../common/read-file';
import { parseDotenv } from './dotenv';
import { SecretsError } from './errors';
import { pmcpProjectEnvPath, pmcpUserEnvPath } from './paths';
import { canonicalProjectRoot, type ScopeRef } from './scopes';
import type { SecretStore } from './store';
import { TransferPlan, type TransferOutcome } from './transfer-plan';

const MAX_FILE_BYTES = 1024 * 1024;

export interface ImportSource {
  path: string;
  target: ScopeRef;
  origin: 'pmcp_user' | 'pmcp_project' | 'file';
}

export interface ImportPlan {
  source: ImportSource;
  plan: TransferPlan;
  /** Hash of the bytes previewed; a file changed since then is not deleted. */
  digest: string;
}

export interface ImportOutcome extends TransferOutcome {
  deleted: boolean;
  /** Why the plaintext file was kept although deletion was asked for; null when not asked or deleted. */
  deleteRefused: string | null;
}

/** PMCP's two env files for this user and project, whether or not they exist. */
export function pmcpSources(homeDir: string, projectRoot: string | null): ImportSource[] {
  const sources: ImportSource[] = [{ path: pmcpUserEnvPath(homeDir), target: { scope: 'user' }, origin: 'pmcp_user' }];
  if (projectRoot) {
    const root = canonicalProjectRoot(projectRoot);
    sources.push({ path: pmcpProjectEnvPath(root), target: { scope: 'project', projectRoot: root }, origin: 'pmcp_project' });
  }
  return sources;
}

async function readSource(path: string): Promise<{ text: string; digest: string }> {
  // The shared config-file reader: a regular file only (a link may lead to one), at most 1 MiB, and no
  // hang on a FIFO or a device named in its place.
  const read = readRegularFile(path, { followSymlink: true, maxBytes: MAX_FILE_BYTES });
  if (!read.ok) throw new SecretsError('file_unreadable', `${path} ${read.reason}`, 'name an existing dotenv file', { path });
  return { text: read.bytes.toString('utf8'), digest: createHash('sha256').update(read.bytes).digest('hex') };
}

export async function planImport(store: SecretStore, source: ImportSource, options: { overwrite: boolean }): Promise<ImportPlan> {
  const { text, digest } = await readSource(source.path);
  const { entries, issues } = parseDotenv(text);
  const plan = await TransferPlan.build(store, source.target, entries, issues, options.overwrite);
  return { source, plan, digest };
}

export async function applyImport(store: SecretStore, preview: ImportPlan, options: { deleteFile: boolean }): Promise<ImportOutcome> {
  const outcome = await preview.plan.apply(store);
  if (!options.deleteFile) return { ...outcome, deleted: false, deleteRefused: null };
  const refused = await deleteRefusal(preview, outcome);
  if (refused) return { ...outcome, deleted: false, deleteRefused: refused };
  await unlink(preview.source.path);
  return { ...outcome, deleted: true, deleteRefused: null };
}

async function deleteRefusal(preview: ImportPlan, outcome: TransferOutcome): Promise<string | null> {
  if (outcome.failed.length) return `${outcome.failed.length} value(s) could not be stored`;
  if (preview.plan.notes.some((note) => note.blocking)) {
    return 'some lines were not imported (see the notes); fix or remove them, then import again';
  }
  const differing = preview.plan.items.filter((item) => item.action === 'keep_different').map((item) => item.name);
  if (differing.length) return `${differing.join(', ')} already had a different value in the keychain (use --overwrite to replace)`;
  const now = await readSource(preview.source.path).catch(() => null);
  if (!now || now.digest !== preview.digest) return 'the file changed after it was read';
  return null;
}

// `gatehouse secrets set|list|delete|import|sync`: credentials in the OS keychain by scope. Values are
// read from stdin or a hidden prompt and never printed; a value on the command line needs
// --value-from-arg and earns a warning, because process listings and shell history show arguments.
import { stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { findProjectRoot } from '../config/project-root';
import { describeOutcome, describePlan } from '../secrets/describe-plan';
import { SecretsError, type SecretsErrorCode } from '../secrets/errors';
import { applyImport, planImport, pmcpSources, type ImportSource } from '../secrets/import-file';
import { buildListing } from '../secrets/listing';
import { checkName } from '../secrets/names';
import { readSecretValue, type ValueInput } from '../secrets/read-value';
import { describeScope, isSecretScope, scopeRef, type ScopeRef, type SecretScope } from '../secrets/scopes';
import { createSecretStore, type SecretStore } from '../secrets/store';
import { planSync } from '../secrets/sync';
import { parseFlags, UsageError } from './args';
import { formatTable } from './table';

export interface SecretsIo {
  stdin: ValueInput;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
  cwd: string;
  homeDir: string;
  /** Tests pass a store on their own keychain service; otherwise the default one for env. */
  store?: SecretStore;
}

const SCOPE_FLAGS = { scope: { type: 'string' }, project: { type: 'string' }, tenant: { type: 'string' }, json: { type: 'boolean', default: false } } as const;

/** sysexits: 65 bad data, 66 no input, 69 service unavailable, 74 I/O error, 78 configuration. */
const EXIT: Partial<Record<SecretsErrorCode, number>> = {
  keychain_unavailable: 69, invalid_name: 65, forbidden_name: 65, invalid_value: 65, invalid_tenant: 65, same_scope: 65,
  scope_needs_project: 64, scope_needs_tenant: 64, index_invalid: 78, index_write_failed: 74, file_unreadable: 66, cancelled: 130,
};

interface Context {
  io: SecretsIo;
  store: SecretStore;
  projectRoot: string | null;
  tenant: string | null;
  json: boolean;
  out(line: string): void;
  err(line: string): void;
}

function parseScope(value: string | undefined, flag = '--scope'): SecretScope {
  if (value === undefined) return 'user';
  if (!isSecretScope(value)) throw new UsageError(`${flag} must be user, project or tenant, not "${value}"`);
  return value;
}

function makeContext(io: SecretsIo, flags: { project?: string; tenant?: string; json?: boolean }): Context {
  const projectRoot = flags.project ? resolve(io.cwd, flags.project) : findProjectRoot(io.cwd, io.homeDir);
  return {
    io,
    store: io.store ?? createSecretStore({ env: io.env, homeDir: io.homeDir }),
    projectRoot,
    tenant: flags.tenant ?? null,
    json: flags.json ?? false,
    out: (line) => io.stdout.write(`${line}\n`),
    err: (line) => io.stderr.write(`${line}\n`),
  };
}

const refOf = (ctx: Context, scope: SecretScope): ScopeRef => scopeRef(scope, { projectRoot: ctx.projectRoot, tenant: ctx.tenant });

async function set(argv: string[], io: SecretsIo): Promise<number> {
  const { values: flags, positionals } = parseFlags(argv, { ...SCOPE_FLAGS, 'value-from-arg': { type: 'boolean', default: false } }, 8);
  // Counted, never quoted back: a stray extra argument is usually part of a value.
  if (positionals.length === 0) throw new UsageError('secrets set needs a NAME');
  if (positionals.length > 2) throw new UsageError('secrets set takes NAME and at most one value; quote a value that contains spaces');
  const [name, argValue] = positionals as [string, string | undefined];
  if (argValue !== undefined && !flags['value-from-arg']) {
    throw new UsageError('a value on the command line is visible in process listings and shell history: pipe it on stdin or type it at the prompt, or add --value-from-arg to accept that');
  }
  if (argValue === undefined && flags['value-from-arg']) throw new UsageError('--value-from-arg needs the value after NAME');
  const ctx = makeContext(io, flags);
  checkName(name, 'NAME');
  const ref = refOf(ctx, parseScope(flags.scope));
  if (argValue !== undefined) ctx.err('warning: the value was passed as an argument; process listings and shell history can show it');
  const value = argValue ?? (await readSecretValue(io.stdin, (text) => io.stderr.write(text), name));
  const entry = await ctx.store.set(ref, name, value);
  const shadowed = Boolean(io.env[name]);
  if (ctx.json) ctx.out(JSON.stringify({ ok: true, name, scope: ref.scope, scope_description: describeScope(ref), last_changed: entry.changed_at, shadowed_by_env: shadowed }));
  else {
    ctx.out(`Stored ${name} in ${describeScope(ref)} (OS keychain).`);
    if (shadowed) ctx.out(`note: ${name} is also set in this environment; a Gatehouse started from it uses that value first.`);
  }
  return 0;
}

async function remove(argv: string[], io: SecretsIo): Promise<number> {
  const { values: flags, positionals } = parseFlags(argv, SCOPE_FLAGS, 8);
  if (positionals.length !== 1) throw new UsageError('secrets delete needs exactly one NAME');
  const name = positionals[0] as string;
  const ctx = makeContext(io, flags);
  checkName(name, 'NAME');
  const ref = refOf(ctx, parseScope(flags.scope));
  const outcome = await ctx.store.delete(ref, name);
  const found = outcome.removedFromKeychain || outcome.removedFromIndex;
  if (ctx.json) ctx.out(JSON.stringify({ ok: found, name, scope: ref.scope, scope_description: describeScope(ref) }));
  else ctx.out(found ? `Deleted ${name} from ${describeScope(ref)}.` : `${name} is not stored in ${describeScope(ref)}.`);
  return found ? 0 : 1;
}

async function list(argv: string[], io: SecretsIo): Promise<number> {
  const { values: flags } = parseFlags(argv, { ...SCOPE_FLAGS, all: { type: 'boolean', default: false } });
  const ctx = makeContext(io, flags);
  if (flags.all) {
    const entries = await ctx.store.list();
    if (ctx.json) ctx.out(JSON.stringify({ index_path: ctx.store.indexPath, entries }));
    else if (!entries.length) ctx.out(`No secrets listed in ${ctx.store.indexPath}.`);
    else ctx.out(formatTable(['NAME', 'SCOPE', 'PROJECT', 'TENANT', 'LAST CHANGED'], entries.map((e) => [e.name, e.scope, e.project_root ?? '-', e.tenant ?? '-', e.changed_at])));
    return 0;
  }
  const listing = await buildListing(ctx.store, { projectRoot: ctx.projectRoot, tenant: ctx.tenant, env: io.env }, { probe: true });
  if (ctx.json) {
    ctx.out(JSON.stringify(listing));
    return 0;
  }
  const keychain = listing.keychain;
  ctx.out(keychain?.available === false ? `Keychain: unavailable (${keychain.reason}): ${keychain.detail}\nnext step: ${keychain.next_step}` : `Keychain: available (${keychain?.backend ?? 'unknown'})`);
  ctx.out(`Project: ${listing.project_root ?? '(none)'}${listing.tenant ? `   Tenant: ${listing.tenant}` : ''}\n`);
  if (!listing.names.length) ctx.out('No secrets stored for this user, project or tenant.');
  else {
    const cell = (p: { present: boolean; last_changed: string | null }) => (p.present ? `set ${p.last_changed?.slice(0, 19).replace('T', ' ') ?? ''}` : '-');
    const headers = ['NAME', 'USER', 'PROJECT', ...(listing.tenant ? ['TENANT'] : []), 'ENV', 'USED'];
    const rows = listing.names.map((r) => [r.name, cell(r.user), cell(r.project), ...(listing.tenant ? [cell(r.tenant)] : []), r.env ? 'set' : '-', r.effective ?? '-']);
    ctx.out(formatTable(headers, rows));
  }
  return 0;
}

async function importCommand(argv: string[], io: SecretsIo): Promise<number> {
  const options = { ...SCOPE_FLAGS, apply: { type: 'boolean', default: false }, overwrite: { type: 'boolean', default: false }, 'delete-file': { type: 'boolean', default: false } } as const;
  const { values: flags, positionals } = parseFlags(argv, options, 1);
  const ctx = makeContext(io, flags);
  if (flags['delete-file'] && !flags.apply) throw new UsageError('--delete-file needs --apply');
  if (!positionals[0] && flags.scope) throw new UsageError('--scope applies to a named FILE; PMCP files go to user and project scope');
  const sources: ImportSource[] = positionals[0]
    ? [{ path: resolve(io.cwd, positionals[0]), target: refOf(ctx, parseScope(flags.scope)), origin: 'file' }]
    : pmcpSources(io.homeDir, ctx.projectRoot);
  const reports: Record<string, unknown>[] = [];
  let exit = 0;
  for (const source of sources) {
    if (source.origin !== 'file' && !(await fileExists(source.path))) {
      reports.push({ file: source.path, found: false });
      if (!ctx.json) ctx.out(`${source.path}: not found, nothing to import.`);
      continue;
    }
    const preview = await planImport(ctx.store, source, { overwrite: flags.overwrite });
    const report: Record<string, unknown> = { file: source.path, found: true, plan: preview.plan.toJSON(), applied: flags.apply };
    if (!ctx.json) for (const line of describePlan(`Import ${source.path}`, preview.plan)) ctx.out(line);
    if (flags.apply) {
      const outcome = await applyImport(ctx.store, preview, { deleteFile: flags['delete-file'] });
      Object.assign(report, { stored: outcome.stored, failed: outcome.failed, deleted: outcome.deleted, delete_refused: outcome.deleteRefused });
      if (outcome.failed.length || outcome.deleteRefused) exit = 1;
      if (!ctx.json) {
        for (const line of describeOutcome(outcome)) ctx.out(line);
        if (outcome.deleted) ctx.out(`Deleted the plaintext file ${source.path}.`);
        else if (outcome.deleteRefused) ctx.out(`Kept ${source.path}: ${outcome.deleteRefused}.`);
        else ctx.out(`${source.path} still holds the values in plaintext; delete it once you have checked the import (--delete-file does it).`);
      }
    } else if (!ctx.json) ctx.out(`Nothing written. Run again with --apply to store ${preview.plan.writes.length} value(s).`);
    reports.push(report);
  }
  if (ctx.json) ctx.out(JSON.stringify({ ok: exit === 0, imports: reports }));
  return exit;
}

const fileExists = (path: string) => stat(path).then(() => true, () => false);

async function sync(argv: string[], io: SecretsIo): Promise<number> {
  const options = { ...SCOPE_FLAGS, 'from-scope': { type: 'string' }, 'to-scope': { type: 'string' }, apply: { type: 'boolean', default: false }, overwrite: { type: 'boolean', default: false } } as const;
  const { values: flags, positionals } = parseFlags(argv, options, 64);
  if (flags.scope) throw new UsageError('secrets sync takes --from-scope and --to-scope, not --scope');
  if (!flags['from-scope'] || !flags['to-scope']) throw new UsageError('secrets sync needs --from-scope and --to-scope');
  const ctx = makeContext(io, flags);
  const from = refOf(ctx, parseScope(flags['from-scope'], '--from-scope'));
  const to = refOf(ctx, parseScope(flags['to-scope'], '--to-scope'));
  const plan = await planSync(ctx.store, from, to, { overwrite: flags.overwrite, names: positionals.length ? positionals : undefined });
  const outcome = flags.apply ? await plan.apply(ctx.store) : null;
  if (ctx.json) ctx.out(JSON.stringify({ ok: !outcome?.failed.length, plan: plan.toJSON(), applied: flags.apply, stored: outcome?.stored ?? [], failed: outcome?.failed ?? [] }));
  else {
    for (const line of describePlan(`Sync from ${describeScope(from)}`, plan)) ctx.out(line);
    if (outcome) for (const line of describeOutcome(outcome)) ctx.out(line);
    else ctx.out(`Nothing written. Run again with --apply to copy ${plan.writes.length} value(s).`);
  }
  return outcome?.failed.length ? 1 : 0;
}

const SUBCOMMANDS: Record<string, (argv: string[], io: SecretsIo) => Promise<number>> = { set, list, delete: remove, import: importCommand, sync };

export async function runSecrets(argv: string[], io: SecretsIo): Promise<number> {
  const [sub, ...rest] = argv;
  const command = sub === undefined || !Object.hasOwn(SUBCOMMANDS, sub) ? undefined : SUBCOMMANDS[sub];
  if (!command) throw new UsageError(sub === undefined ? 'secrets needs a subcommand: set, list, delete, import or sync' : `unknown secrets subcommand "${sub}" (set, list, delete, import, sync)`);
  try {
    return await command(rest, io);
  } catch (error) {
    if (!(error instanceof SecretsError)) throw error;
    if (rest.includes('--json')) io.stdout.write(`${JSON.stringify({ ok: false, error: error.toJSON() })}\n`);
    io.stderr.write(`gatehouse: ${error.message}\n${error.nextStep ? `next step: ${error.nextStep}\n` : ''}`);
    return EXIT[error.code] ?? 1;
  }
}

export function secrets(argv: string[]): Promise<number> {
  return runSecrets(argv, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(), homeDir: homedir() });
}

// Loads the built-in manifest and the overlays (user, then project; a later file adds or replaces
// entries by name). Each file is parsed once per change (its bytes are hashed) rather than on every
// call. A project overlay counts only once the operator approved its exact bytes (contract §4.5), and is
// read only as a regular file with no link on its way from the project root; every file is size-capped
// and read without blocking on a FIFO or a device.
import { join } from 'node:path';
import { readProjectFile, readRegularFile, type ReadResult } from '../common/read-file';
import { parsePackageSpec } from './package-spec';
import { envVarNames, parseManifestText, type ManifestFile, type ParsedFile } from '../config/manifest-file';
import { builtinManifestPath, configDir } from './paths';
import { fileApproved, sha256 } from '../trust/store';
import type { DiscoveryContext, Manifest, ManifestServer } from './types';
import { gatehouseRun } from '../common/gatehouse-command';
import { readParsedManifest, writeParsedManifest } from './parsed-manifest-cache';

type Origin = ManifestServer['origin'];

const parsedCache = new Map<string, { hash: string; parsed: ParsedFile }>();

function readFile(path: string, origin: Origin, projectRoot: string | null): ReadResult {
  if (origin === 'project' && projectRoot) return readProjectFile(projectRoot, '.gatehouse/manifest.yaml');
  return readRegularFile(path, { followSymlink: true });
}

function parseCached(ctx: DiscoveryContext, path: string, text: string): ParsedFile {
  const hash = sha256(text);
  const hit = parsedCache.get(path);
  if (hit?.hash === hash) return hit.parsed;
  let parsed = readParsedManifest(ctx.cacheDir, path, hash);
  if (!parsed) {
    parsed = parseManifestText(path, text);
    writeParsedManifest(ctx.cacheDir, path, hash, parsed, ctx.log);
  }
  parsedCache.set(path, { hash, parsed });
  return parsed;
}

/** The sentence an agent passes on when a credential is missing, built from the manifest's `where`s. */
function instructionsFor(server: string, required: readonly string[], help: Record<string, string>): string | null {
  const first = required[0];
  if (!first) return null;
  // "NAME — where", never "NAME: where": a secret-named label followed by ':' reads as a labelled secret
  // to the redaction every answer passes, which would hide the very address the operator needs.
  const where = required.filter((n) => help[n]).map((n) => `${n} — ${help[n]?.replace(/\.+$/u, '')}`);
  const store = `store it with gateway.auth_connect(server_name='${server}', env_var='${first}', credential=...)`;
  return (where.length ? `${where.join('; ')}. Then ${store}` : `Get ${required.join(', ')} from the service, then ${store}`).slice(0, 600);
}

function addFile(manifest: Manifest, path: string, origin: Origin, file: ManifestFile): void {
  for (const [name, category] of Object.entries(file.categories)) manifest.categories.set(name, { name, ...category });
  for (const [name, cli] of Object.entries(file.clis)) manifest.clis.set(name, { name, ...cli });
  for (const [name, entry] of Object.entries(file.servers)) {
    const spec = entry.package ? parsePackageSpec(`${entry.package.type === 'pypi' ? 'pypi:' : ''}${entry.package.name}${entry.package.version ? `@${entry.package.version}` : ''}`) : null;
    if (spec && !spec.ok) {
      manifest.issues.push(`${path}: servers.${name}.package: ${spec.reason}`);
      continue;
    }
    if (!spec && !entry.url) {
      manifest.issues.push(`${path}: servers.${name}: needs a package (stdio) or a url (http/sse)`);
      continue;
    }
    const required = envVarNames(entry.env_vars);
    const help = Object.fromEntries([...entry.env_vars, ...entry.optional_env_vars].flatMap((v) => (typeof v === 'string' ? [] : [[v.name, v.where] as const])));
    manifest.servers.set(name, {
      name,
      description: entry.description,
      category: entry.category ?? null,
      keywords: entry.keywords,
      transport: entry.url && !spec ? (entry.transport === 'stdio' ? 'http' : entry.transport) : entry.transport,
      package: spec?.ok ? { ...spec.ref, ...(entry.package?.bin ? { bin: entry.package.bin } : {}) } : null,
      args: entry.args,
      url: entry.url ?? null,
      env_vars: required,
      optional_env_vars: envVarNames(entry.optional_env_vars),
      env_help: help,
      env_instructions: entry.env_instructions ?? instructionsFor(name, required, help),
      auth: entry.auth ?? (required.length ? 'api_key' : 'none'),
      homepage: entry.homepage ?? null,
      verified: entry.verified ?? null,
      verified_note: entry.verified_note ?? null,
      origin,
      path,
    });
  }
}

type FileOutcome = { path: string; origin: Origin; issue: string } | { path: string; origin: Origin; parsed: ParsedFile };

function readManifestFile(ctx: DiscoveryContext, path: string, origin: Origin): FileOutcome | null {
  const read = readFile(path, origin, ctx.projectRoot);
  if (!read.ok) {
    if (origin === 'builtin') return { path, origin, issue: `${path}: the built-in manifest ${read.code === 'missing' ? 'is missing' : read.reason}; reinstall Gatehouse` };
    return read.code === 'missing' ? null : { path, origin, issue: `${path}: ${read.reason}` };
  }
  if (origin === 'project' && !fileApproved(ctx.stateDir, path, read.bytes)) {
    return { path, origin, issue: `${path}: untrusted_project: ignored until approved (${gatehouseRun(`trust approve ${path}`)}) (E404)` };
  }
  return { path, origin, parsed: parseCached(ctx, path, read.bytes.toString('utf8')) };
}

// The manifest built from the same files is the same object: what is derived from it (the search
// ranking of its servers) is kept per object instead of being made again on every call.
let built: { outcomes: readonly FileOutcome[]; manifest: Manifest } | null = null;

function sameOutcomes(a: readonly FileOutcome[], b: readonly FileOutcome[]): boolean {
  return a.length === b.length && a.every((x, i) => {
    const y = b[i] as FileOutcome;
    return x.path === y.path && x.origin === y.origin && ('parsed' in x ? 'parsed' in y && x.parsed === y.parsed : 'issue' in y && x.issue === y.issue);
  });
}

export function loadManifest(ctx: DiscoveryContext): Manifest {
  const files: { path: string; origin: Origin }[] = [
    { path: builtinManifestPath(ctx), origin: 'builtin' },
    { path: join(configDir(ctx), 'manifest.yaml'), origin: 'user' },
  ];
  if (ctx.projectRoot) files.push({ path: join(ctx.projectRoot, '.gatehouse', 'manifest.yaml'), origin: 'project' });
  const outcomes = files.flatMap(({ path, origin }) => readManifestFile(ctx, path, origin) ?? []);
  if (built && sameOutcomes(built.outcomes, outcomes)) return built.manifest;
  const manifest: Manifest = { servers: new Map(), clis: new Map(), categories: new Map(), issues: [] };
  for (const outcome of outcomes) {
    if ('issue' in outcome) {
      manifest.issues.push(outcome.issue);
      continue;
    }
    manifest.issues.push(...outcome.parsed.issues);
    if (outcome.parsed.data) addFile(manifest, outcome.path, outcome.origin, outcome.parsed.data);
  }
  built = { outcomes, manifest };
  return manifest;
}

// The project files that need the operator's approval before Gatehouse acts on them (contract §4.5): a
// checkout's `.mcp.json` can launch any command and its `.gatehouse/manifest.yaml` can offer any package,
// so both count only once their exact bytes are approved. This module says which files those are, what
// state each is in, and what each would launch and read — the review an operator reads before approving.
// Each file is read once, through the project-file reader (regular files only, no links, size-capped),
// and the digest shown is the digest of exactly the bytes parsed for the review.
import { join } from 'node:path';
import type { ProjectFileKind, ProjectFileReview, ReviewedServer } from '../../shared/trust';
import { readProjectFile } from '../common/read-file';
import { parseJsonWithLocations } from '../config/json-locate';
import { readSource } from '../config/read-source';
import { selfReference } from '../config/self-reference';
import { DEFAULT_PORT } from '../common/listen';
import { envVarNames, parseManifestText } from '../config/manifest-file';
import { MANIFEST_FILE, MCP_CONFIG_FILE } from './place';
import { entryReferences, manifestReferences } from './references';
import { approvedDigest, sha256 } from './store';
import { trustVerdict } from './verdict';

export { approveHint, describeVerdict, trustVerdict, type TrustVerdict } from './verdict';

/** The servers the user's own config files define, by name: what a project entry of that name replaces. */
export type UserServers = ReadonlyMap<string, { source: 'user' | 'custom'; path: string }>;

export interface ReviewOptions {
  userServers?: UserServers;
}

export function projectTrustFiles(projectRoot: string): { path: string; kind: ProjectFileKind; relative: string }[] {
  return [
    { path: join(projectRoot, MCP_CONFIG_FILE), kind: 'mcp_config', relative: MCP_CONFIG_FILE },
    { path: join(projectRoot, ...MANIFEST_FILE.split('/')), kind: 'manifest', relative: MANIFEST_FILE },
  ];
}

/** Every project file that exists, with its state and what it would launch; a refused file says why. */
export function reviewProjectFiles(stateDir: string, projectRoot: string, options: ReviewOptions = {}): ProjectFileReview[] {
  const reviews: ProjectFileReview[] = [];
  for (const file of projectTrustFiles(projectRoot)) {
    const read = readProjectFile(projectRoot, file.relative);
    if (read.ok) reviews.push(reviewBytes(stateDir, projectRoot, file, read.bytes, options));
    else if (read.code !== 'missing') reviews.push(refusedReview(stateDir, file, read.reason));
  }
  return reviews;
}

function refusedReview(stateDir: string, file: { path: string; kind: ProjectFileKind }, reason: string): ProjectFileReview {
  return { path: file.path, kind: file.kind, state: 'refused', sha256: null, approved_sha256: approvedDigest(stateDir, file.path), refusal: reason, servers: [], problems: [] };
}

/** The review of these exact bytes of a project file (read by the caller, once). */
export function reviewBytes(stateDir: string, projectRoot: string, file: { path: string; kind: ProjectFileKind }, bytes: Buffer, options: ReviewOptions = {}): ProjectFileReview {
  const verdict = trustVerdict(stateDir, file.path, sha256(bytes));
  const contents = file.kind === 'mcp_config' ? reviewConfig(file.path, bytes, projectRoot, options.userServers) : reviewManifest(file.path, bytes.toString('utf8'), projectRoot);
  return { path: file.path, kind: file.kind, ...verdict, refusal: null, ...contents };
}

type Contents = Pick<ProjectFileReview, 'servers' | 'problems'>;

function reviewConfig(path: string, bytes: Buffer, projectRoot: string, userServers: UserServers | undefined): Contents {
  const readout = readSource({ source: 'project', path, defaultCwd: projectRoot, text: bytes });
  // The raw entries (same bytes), so a `${` in any field is found, including ones the schema keeps apart.
  const raw = (parseJsonWithLocations(bytes.toString()).value as { mcpServers?: Record<string, unknown> } | undefined)?.mcpServers ?? {};
  const servers = [...readout.servers.values()].map((def): ReviewedServer => {
    // An entry that is Gatehouse itself is never started, approved or not: say so in the review.
    const self = selfReference(def, new Set([DEFAULT_PORT])) ? ' (Gatehouse itself: never started)' : '';
    const references = entryReferences(Object.hasOwn(raw, def.name) ? raw[def.name] : undefined, projectRoot);
    const replaces = userServers?.get(def.name) ?? null;
    return def.transport === 'stdio'
      ? { name: def.name, launches: `${[def.command, ...def.args].map(quoteArg).join(' ')}${self}`, cwd: def.cwd, variables: Object.keys(def.env).sort(), references, replaces }
      : { name: def.name, launches: `${def.transport === 'sse' ? 'SSE' : 'HTTP'} ${def.url}${self}`, cwd: null, variables: Object.keys(def.headers).sort(), references, replaces };
  });
  return { servers, problems: readout.issues.map((issue) => `${issue.line ? `line ${issue.line}: ` : ''}${issue.message}`) };
}

function reviewManifest(path: string, text: string, projectRoot: string): Contents {
  const parsed = parseManifestText(path, text);
  const servers = Object.entries(parsed.data?.servers ?? {}).map(([name, entry]): ReviewedServer => ({
    name,
    launches: entry.package
      ? `${entry.package.type} package ${entry.package.name}${entry.package.version ? `@${entry.package.version}` : ''}${entry.args.length ? ` ${entry.args.map(quoteArg).join(' ')}` : ''}`
      : `${entry.transport} ${entry.url ?? ''}`.trim(),
    cwd: null,
    variables: envVarNames(entry.env_vars).sort(),
    references: manifestReferences({ ...entry, env_vars: envVarNames(entry.env_vars) }, projectRoot),
    // A manifest entry never replaces a configured server (a configured entry of the same name wins).
    replaces: null,
  }));
  return { servers, problems: parsed.issues };
}

/** Shell-like quoting so an argument with spaces or quotes reads unambiguously. */
function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

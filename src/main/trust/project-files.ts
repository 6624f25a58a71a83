// The project files that need the operator's approval before Gatehouse acts on them (contract §4.5): a
// checkout's `.mcp.json` can launch any command and its `.gatehouse/manifest.yaml` can offer any package,
// so both count only once their exact bytes are approved. This module says which files those are, what
// state each is in, and what each would launch — the review an operator reads before approving.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectFileKind, ProjectFileReview, TrustState } from '../../shared/trust';
import { readSource } from '../config/read-source';
import { selfReference } from '../config/self-reference';
import { DEFAULT_PORT } from '../http/settings';
import { parseManifestText } from '../discovery/manifest';
import { approvedDigest, sha256 } from './store';

export interface TrustVerdict {
  state: TrustState;
  sha256: string;
  approved_sha256: string | null;
}

export function projectTrustFiles(projectRoot: string): { path: string; kind: ProjectFileKind }[] {
  return [
    { path: join(projectRoot, '.mcp.json'), kind: 'mcp_config' },
    { path: join(projectRoot, '.gatehouse', 'manifest.yaml'), kind: 'manifest' },
  ];
}

export function trustVerdict(stateDir: string, path: string, digest: string): TrustVerdict {
  const approved = approvedDigest(stateDir, path);
  const state: TrustState = approved === digest ? 'approved' : approved ? 'changed' : 'not_approved';
  return { state, sha256: digest, approved_sha256: approved };
}

/** The next step an operator takes to approve a file, for messages and E404 data. */
export function approveHint(path: string): string {
  return `review ${path}, then approve it in the Gatehouse panel or run: gatehouse trust approve ${JSON.stringify(path)}`;
}

export function describeVerdict(path: string, verdict: TrustVerdict): string {
  return verdict.state === 'changed'
    ? `${path} changed since it was approved (approved sha256 ${verdict.approved_sha256?.slice(0, 12)}…, now ${verdict.sha256.slice(0, 12)}…)`
    : `${path} is not approved`;
}

/** Every project file that exists, with its state and what it would launch. */
export function reviewProjectFiles(stateDir: string, projectRoot: string): ProjectFileReview[] {
  const reviews: ProjectFileReview[] = [];
  for (const { path, kind } of projectTrustFiles(projectRoot)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      continue; // absent (or unreadable, which config loading reports with its reason)
    }
    const text = bytes.toString('utf8');
    const verdict = trustVerdict(stateDir, path, sha256(bytes));
    reviews.push({ path, kind, ...verdict, ...(kind === 'mcp_config' ? reviewConfig(path, text, projectRoot) : reviewManifest(path, text)) });
  }
  return reviews;
}

type Contents = Pick<ProjectFileReview, 'servers' | 'problems'>;

function reviewConfig(path: string, text: string, projectRoot: string): Contents {
  const readout = readSource({ source: 'project', path, defaultCwd: projectRoot, text });
  const servers = [...readout.servers.values()].map((def) => {
    // An entry that is Gatehouse itself is never started, approved or not: say so in the review.
    const self = selfReference(def, new Set([DEFAULT_PORT])) ? ' (Gatehouse itself: never started)' : '';
    return def.transport === 'stdio'
      ? { name: def.name, launches: `${[def.command, ...def.args].map(quoteArg).join(' ')}${self}`, cwd: def.cwd, variables: Object.keys(def.env).sort() }
      : { name: def.name, launches: `${def.transport === 'sse' ? 'SSE' : 'HTTP'} ${def.url}${self}`, cwd: null, variables: Object.keys(def.headers).sort() };
  });
  return { servers, problems: readout.issues.map((issue) => `${issue.line ? `line ${issue.line}: ` : ''}${issue.message}`) };
}

function reviewManifest(path: string, text: string): Contents {
  const parsed = parseManifestText(path, text);
  const servers = Object.entries(parsed.data?.servers ?? {}).map(([name, entry]) => ({
    name,
    launches: entry.package
      ? `${entry.package.type} package ${entry.package.name}${entry.package.version ? `@${entry.package.version}` : ''}${entry.args.length ? ` ${entry.args.map(quoteArg).join(' ')}` : ''}`
      : `${entry.transport} ${entry.url ?? ''}`.trim(),
    cwd: null,
    variables: [...entry.env_vars].sort(),
  }));
  return { servers, problems: parsed.issues };
}

/** Shell-like quoting so an argument with spaces or quotes reads unambiguously. */
function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

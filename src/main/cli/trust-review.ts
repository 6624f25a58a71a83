// The review an operator reads before approving a project file: its state, its full digest, what it
// would launch, which secrets it would read (and under which keychain names), and which of the user's own
// servers it would replace. Variables appear by name only; values are never read, let alone printed.
import { dirname, isAbsolute, relative } from 'node:path';
import type { ProjectFileReview, ReviewedServer, ReviewState, VariableReference } from '../../shared/trust';
import { shellQuote } from './trust-context';
import { formatTable } from './table';

const STATE_WORD: Record<ReviewState, string> = {
  approved: 'approved',
  changed: 'changed since approval',
  not_approved: 'not approved',
  refused: 'refused',
};

export const SHORT_DIGEST = 12;

export function shortDigest(digest: string): string {
  return digest.slice(0, SHORT_DIGEST);
}

/** A path relative to the project root when it lies inside it (the table stays narrow), else as is. */
export function displayPath(path: string, root: string): string {
  const inside = relative(root, path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

export function stateWord(review: ProjectFileReview): string {
  return review.state === 'changed' && review.approved_sha256
    ? `${STATE_WORD.changed} (approved ${shortDigest(review.approved_sha256)})`
    : STATE_WORD[review.state];
}

export function reviewTable(reviews: ProjectFileReview[], root: string): string {
  return formatTable(
    ['FILE', 'STATE', 'SHA256', 'SERVERS'],
    reviews.map((r) => [displayPath(r.path, root), stateWord(r), r.sha256 ? shortDigest(r.sha256) : '-', r.refusal ? '-' : String(r.servers.length)]),
  );
}

/** The project root a reviewed file belongs to: <root>/.mcp.json or <root>/.gatehouse/manifest.yaml. */
function rootOf(review: ProjectFileReview): string {
  return review.kind === 'mcp_config' ? dirname(review.path) : dirname(dirname(review.path));
}

/** A remote entry of .mcp.json lists the headers it sends; everything else, environment variables. */
function namesLabel(review: ProjectFileReview, launches: string): string {
  return review.kind === 'mcp_config' && /^(?:HTTP|SSE) /.test(launches) ? 'headers' : 'variables';
}

/** Where a referenced variable comes from: the lookup order of secrets/resolver.ts, or "as written". */
function referenceLine(reference: VariableReference): string {
  const where = `${reference.name} in ${reference.fields.join(', ')}`;
  if (!reference.interpolated) return `${where}: passed on as written (Gatehouse fills in env and headers only)`;
  if (!reference.keychain.length) return `${where}: from the environment only (never stored in the keychain)`;
  return `${where}: from the environment, else the keychain as ${reference.keychain.join(', then ')}`;
}

function serverLines(review: ProjectFileReview, server: ReviewedServer, root: string): string[] {
  const lines = [`    ${server.name}: ${server.launches}`];
  if (server.cwd && server.cwd !== root) lines.push(`      in ${server.cwd}`);
  if (server.variables.length) lines.push(`      ${namesLabel(review, server.launches)} (names only): ${server.variables.join(', ')}`);
  if (server.references.length) {
    lines.push('      reads (names only):');
    for (const reference of server.references) lines.push(`        ${referenceLine(reference)}`);
  }
  if (server.replaces) lines.push(`      replaces your own server "${server.name}" from ${server.replaces.path} once approved`);
  return lines;
}

/** One file's review: what an operator needs to decide, and nothing they would have to take on faith. */
export function reviewLines(review: ProjectFileReview): string[] {
  const root = rootOf(review);
  const lines = [`${review.path} (${stateWord(review)})`];
  if (review.refusal !== null) {
    lines.push(`  ${review.path}: ${review.refusal}`, '  Gatehouse does not read it, so there is nothing to approve; its servers stay unstarted.');
    return lines;
  }
  if (review.sha256) lines.push(`  sha256 ${review.sha256}`);
  if (!review.servers.length) lines.push('  launches nothing (no server entries)');
  else lines.push(review.kind === 'manifest' ? '  would offer these servers:' : '  would launch:');
  for (const server of review.servers) lines.push(...serverLines(review, server, root));
  if (review.problems.length) {
    lines.push('  problems (these entries are skipped even once approved):');
    for (const problem of review.problems) lines.push(`    - ${problem}`);
  }
  return lines;
}

/** The command that approves exactly the reviewed bytes, without a prompt. */
export function approveCommand(review: ProjectFileReview): string {
  return `gatehouse trust approve ${shellQuote(review.path)} --sha256 ${review.sha256 ?? ''}`;
}

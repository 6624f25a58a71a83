// Reads one policy file into a validated layer, or into located issues. Never throws: an unreadable or
// malformed file is a value the loader turns into the fail-closed E102 state. The project's file is read
// only as a regular file with no link on its way from the project root (`.gatehouse` as a link to another
// checkout is refused too); the user's may be a link to a regular file. Both are size-capped, and neither
// read can block on a FIFO or a device.
import { basename, dirname } from 'node:path';
import { readProjectFile, readRegularFile } from '../common/read-file';
import { parsePolicyText } from './parse-text';
import { formatOf, type Candidate } from './paths';
import type { PolicyIssue, PolicyLayer } from './types';
import { validatePolicy } from './validate';

export type LayerReadout =
  | { state: 'missing' }
  | { state: 'valid'; layer: PolicyLayer; warnings: string[] }
  | { state: 'invalid'; issues: PolicyIssue[] };

export function readLayer(candidate: Candidate): LayerReadout {
  const fileIssue = (reason: string, line: number | null = null, column: number | null = null): LayerReadout => ({
    state: 'invalid',
    issues: [{ ...candidate, line, column, field: null, reason }],
  });
  // <root>/.gatehouse/policy.(yaml|json): the root is two folders up.
  const read = candidate.kind === 'project'
    ? readProjectFile(dirname(dirname(candidate.path)), `.gatehouse/${basename(candidate.path)}`)
    : readRegularFile(candidate.path, { followSymlink: true });
  if (!read.ok) return read.code === 'missing' ? { state: 'missing' } : fileIssue(read.reason);
  const text = read.bytes.toString('utf8');
  // A UTF-8 byte order mark is legal at the start of a file but not inside YAML or JSON text.
  const parsed = parsePolicyText(text.replace(/^\uFEFF/u, ''), formatOf(candidate.path));
  if (!parsed.ok) return fileIssue(parsed.reason, parsed.place?.line ?? null, parsed.place?.column ?? null);
  const validated = validatePolicy(parsed.parsed, candidate);
  return validated.ok ? { state: 'valid', layer: validated.layer, warnings: validated.warnings } : { state: 'invalid', issues: validated.issues };
}

export function formatIssue(issue: PolicyIssue): string {
  const place = issue.line === null ? '' : `:${issue.line}${issue.column === null ? '' : `:${issue.column}`}`;
  return `E102 invalid policy: ${issue.path}${place}: ${issue.reason}`;
}

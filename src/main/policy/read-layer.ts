// Reads one policy file into a validated layer, or into located issues. Never throws: an unreadable or
// malformed file is a value the loader turns into the fail-closed E102 state.
import { readFileSync } from 'node:fs';
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
  let text: string;
  try {
    text = readFileSync(candidate.path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'missing' };
    if (code === 'EISDIR') return fileIssue('this is a folder, not a policy file');
    return fileIssue(`cannot read the file (${code ?? 'error'}); check its permissions`);
  }
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

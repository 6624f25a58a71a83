// Step 10 of python-runtime.md §8, file half: every policy server is a regular non-symlink file under
// the root, its PEP 723 header parses, and the recomputed header digest, dependencies and Python
// constraint equal what the policy recorded.
import { readFileSync } from 'node:fs';
import { compareCodePoints } from './canonical-json';
import { fail, ioError, type RuntimeIssue } from './issue';
import { parsePep723 } from './pep723';
import type { PolicyServer } from './policy';
import { checkFileUnderRoot } from './safe-paths';

export interface ServerCheck {
  server: PolicyServer;
  /** Canonical absolute path of the script, when it passed the path rules. */
  absolute: string | null;
  errors: RuntimeIssue[];
  warnings: RuntimeIssue[];
}

const same = (a: string[], b: string[]) => a.length === b.length && [...a].sort(compareCodePoints).every((v, i) => v === [...b].sort(compareCodePoints)[i]);

export function checkServerFile(root: string, server: PolicyServer, defaultRequiresPython: string | null): ServerCheck {
  const rel = server.path;
  const check: ServerCheck = { server, absolute: null, errors: [], warnings: [] };
  const file = checkFileUnderRoot(root, rel, {
    label: 'runtime server',
    notRegularMessage: `runtime server must be a regular, non-symlink file: ${rel}`,
    ioMessage: (error) => `runtime server ${rel}: ${error}`,
  }, { unsafe: 'runtime.path-unsafe', unreadable: 'runtime.path-unreadable' });
  if (!file.ok) {
    check.errors.push(file.issue);
    return check;
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file.value);
  } catch (error) {
    check.errors.push(fail('runtime.path-unreadable', `runtime server ${rel}: ${ioError(error)}`, rel).issue);
    return check;
  }
  check.absolute = file.value;
  const parsed = parsePep723(bytes, { expectHeader: true });
  for (const problem of parsed.problems) {
    const issue = fail('runtime.pep723-invalid', `runtime server ${rel}: ${problem.message}`, rel, { line: problem.line, reason: problem.kind }).issue;
    if (problem.severity === 'error') check.errors.push(issue);
    else if (problem.severity === 'warn') check.warnings.push(issue);
  }
  if (check.errors.length || !parsed.script) return check;
  const { script } = parsed;
  const differs = (field: string, detail: string) =>
    check.errors.push(fail('runtime.pep723-invalid', `runtime server ${rel} header differs from policy: ${detail}`, rel, { line: script.block.openLine, field }).issue);
  if (script.headerSha256 !== server.headerSha256) differs('headerSha256', `the header digest is ${script.headerSha256}, the policy records ${server.headerSha256}`);
  else if (!same(script.dependencies, server.dependencies)) differs('dependencies', 'the header dependencies are not the ones the policy records');
  else if ((script.requiresPython ?? defaultRequiresPython) !== server.requiresPython) {
    differs('requiresPython', `the header requires-python is ${JSON.stringify(script.requiresPython)}, the policy records "${server.requiresPython}"`);
  }
  return check;
}

// `gatehouse mcp verify|prepare` run where there is no Python runtime root — the usual first mistake —
// used to end in a bare "ENOENT: no such file or directory". Said instead: which folder was looked at,
// what it lacks, and what to run. Other failures pass through unchanged.
import type { RuntimeIssue } from './issue';
import { POLICY_PATH } from './policy';

const HOLDS_POLICY = `a folder holding ${POLICY_PATH}, the policy that lists its Python servers`;

/** `root`: the --root value resolved against the working folder; `canonical`: the root once step 1 passed. */
export function explainMissingRoot(issue: RuntimeIssue, root: string, canonical: string | null): RuntimeIssue {
  if (issue.code !== 'runtime.path-unreadable') return issue;
  if (canonical === null && /^runtime root: ENOENT\b/.test(issue.message)) {
    return { ...issue, message: `runtime root ${root} does not exist; pass --root DIR naming the runtime root (${HOLDS_POLICY})` };
  }
  if (canonical !== null && issue.subject === POLICY_PATH && issue.data?.reason === 'missing') {
    return { ...issue, message: `${canonical} is not a Python runtime root: it has no ${POLICY_PATH}; run this in the runtime root, or name it with --root DIR (${HOLDS_POLICY})` };
  }
  return issue;
}

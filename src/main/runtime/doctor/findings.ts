// Doctor findings (python-runtime.md §10): one per check that ran and subject, with the check's
// stable ID, category, severity and remediation. Messages and data are redacted before they leave.
import { withGatehouseCommand } from '../../common/gatehouse-command';
import { CHECKS, type CheckCategory, type CheckId, type Severity } from '../check-ids';
import type { RuntimeIssue } from '../issue';
import type { Redactor } from '../redact';

export type FindingStatus = 'failed' | 'passed' | 'deferred' | 'skipped';

export interface Finding {
  id: CheckId;
  category: CheckCategory;
  severity: Severity;
  status: FindingStatus;
  subject: string | null;
  message: string;
  remediation: string;
  data?: Record<string, unknown>;
}

export function finding(id: CheckId, status: FindingStatus, message: string, options: { subject?: string | null; severity?: Severity; data?: Record<string, unknown> } = {}): Finding {
  const spec = CHECKS[id];
  const out: Finding = {
    id,
    category: spec.category,
    severity: options.severity ?? spec.severity,
    status,
    subject: options.subject ?? null,
    // Commands quoted as `gatehouse …` are spelled as this user runs Gatehouse (`npx gatehouse …`).
    message: withGatehouseCommand(message),
    remediation: withGatehouseCommand(spec.remediation),
  };
  if (options.data && Object.keys(options.data).length) out.data = options.data;
  return out;
}

export const failedFrom = (issue: RuntimeIssue, severity?: Severity): Finding =>
  finding(issue.code, 'failed', issue.message, { subject: issue.subject, severity, data: issue.data });

/** Keeps the first finding for each (id, subject): every check appears once per subject. */
export function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.id}\u0000${f.subject ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function redactFindings(findings: Finding[], redactor: Redactor): Finding[] {
  return findings.map((f) => ({ ...f, message: redactor.text(f.message), ...(f.data ? { data: redactor.data(f.data) } : {}) }));
}

export function totals(findings: Finding[]): { error: number; warn: number; info: number; deferred: number } {
  const count = { error: 0, warn: 0, info: 0, deferred: 0 };
  for (const f of findings) {
    if (f.status === 'deferred') count.deferred++;
    else if (f.status === 'failed' && f.severity === 'error') count.error++;
    else if (f.status === 'failed' && f.severity === 'warn') count.warn++;
    else count.info++;
  }
  return count;
}

/** Checks that did not run, grouped by why (in order of first appearance): what `doctor` names besides its summary. */
export function deferredGroups(findings: Finding[]): { checks: string[]; reason: string }[] {
  const groups = new Map<string, string[]>();
  for (const f of findings.filter((x) => x.status === 'deferred')) {
    const checks = groups.get(f.message) ?? [];
    checks.push(f.subject ? `${f.id} ${f.subject}` : f.id);
    groups.set(f.message, checks);
  }
  return [...groups].map(([reason, checks]) => ({ checks, reason }));
}

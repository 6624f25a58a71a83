import type { Finding } from './doctor-slice';

export type Category = Finding['category'];

const CATEGORY_ORDER: readonly Category[] = ['host', 'runtime'];
// Failed checks need the operator; deferred ones need a run elsewhere; passed ones are reassurance.
const STATUS_RANK: Record<Finding['status'], number> = { failed: 0, deferred: 1, skipped: 2, passed: 3 };
const SEVERITY_RANK: Record<Finding['severity'], number> = { error: 0, warn: 1, info: 2 };

export interface FindingGroup {
  category: Category;
  findings: Finding[];
}

/** Findings by category (host, then runtime), failed first and the most severe first within a status. */
export function groupFindings(findings: readonly Finding[]): FindingGroup[] {
  return CATEGORY_ORDER.map((category) => ({
    category,
    findings: findings
      .filter((f) => f.category === category)
      .sort((a, b) => STATUS_RANK[a.status] - STATUS_RANK[b.status] || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]),
  })).filter((group) => group.findings.length > 0);
}

/** "2 failed · 5 deferred · 9 passed", in rank order, omitting statuses with none. */
export function statusCounts(findings: readonly Finding[]): string {
  const counts = new Map<Finding['status'], number>();
  for (const f of findings) counts.set(f.status, (counts.get(f.status) ?? 0) + 1);
  return (Object.keys(STATUS_RANK) as Finding['status'][])
    .filter((status) => counts.has(status))
    .map((status) => `${counts.get(status)} ${status}`)
    .join(' · ');
}

import { keyed } from '../ui/keyed';
import type { Finding } from './doctor-slice';
import { FindingItem } from './FindingItem';
import { groupFindings, statusCounts } from './order-findings';

const titles = { host: 'Host', runtime: 'Runtime' } as const;

export function FindingGroups({ findings }: { findings: readonly Finding[] }) {
  const groups = groupFindings(findings);
  if (groups.length === 0) return <p className="empty">Doctor ran no checks.</p>;
  return (
    <>
      {groups.map((group) => (
        <section
          key={group.category}
          className="finding-group"
          aria-labelledby={`doctor-group-${group.category}-heading`}
          data-testid={`doctor-group-${group.category}`}
        >
          <div className="finding-group-head">
            <h3 id={`doctor-group-${group.category}-heading`}>{titles[group.category]}</h3>
            <span className="panel-summary">{statusCounts(group.findings)}</span>
          </div>
          <ul className="card-list finding-list" aria-label={`${titles[group.category]} findings`}>
            {keyed(group.findings, (finding) => `${finding.id}:${finding.subject ?? ''}`).map(({ key, item }) => (
              <FindingItem key={key} finding={item} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

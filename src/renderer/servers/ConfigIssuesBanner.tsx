import type { ConfigIssue } from '../../shared/domain';
import { keyed } from '../ui/keyed';

export function ConfigIssuesBanner({ issues }: { issues: ConfigIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <div className="banner banner-warning" role="alert" data-testid="config-issues">
      <strong>
        {issues.length === 1 ? 'A config file has a problem' : `${issues.length} config problems`} — Gatehouse
        keeps using the last good config.
      </strong>
      <ul>
        {keyed(issues, (issue) => `${location(issue)}:${issue.message}`).map(({ key, item: issue }) => (
          <li key={key}>
            <code>{location(issue)}</code> — {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function location(issue: ConfigIssue): string {
  return issue.line === null ? issue.path : `${issue.path}:${issue.line}`;
}

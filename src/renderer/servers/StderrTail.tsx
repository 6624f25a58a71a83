import { useEffect, useState } from 'react';
import type { HealthRow } from '../../shared/domain';
import { useBridge } from '../app/gatehouse-context';
import { describeError } from '../ui/describe-error';
import { keyed } from '../ui/keyed';

/**
 * The server's last stderr lines (redacted by the core). Read when the detail opens and again whenever
 * the pushed row says something happened (state, error, restarts), not on a timer.
 */
export function StderrTail({ row }: { row: HealthRow }) {
  const bridge = useBridge();
  const [lines, setLines] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const trigger = `${row.status}|${row.last_error}|${row.restart_count}|${row.pid}`;
  useEffect(() => {
    let live = true;
    // `trigger` is read so a change of the row's state reloads the tail.
    void trigger;
    bridge.serverStderr({ name: row.name, lines: 20 }).then(
      (answer) => {
        if (!live) return;
        setLines(answer.lines);
        setError(null);
      },
      (failure: unknown) => {
        if (live) setError(describeError(failure));
      },
    );
    return () => {
      live = false;
    };
  }, [bridge, row.name, trigger]);

  return (
    <div className="stderr-tail">
      <h3 className="detail-heading">Last stderr lines</h3>
      {error ? (
        <p className="action-message" role="alert">
          Could not read stderr: {error}
        </p>
      ) : lines === null ? (
        <p className="muted-note">Loading…</p>
      ) : lines.length === 0 ? (
        <p className="muted-note">The server has printed nothing to stderr.</p>
      ) : (
        <pre className="code-block stderr-lines" data-testid={`stderr-${row.name}`}>
          {keyed(lines, (line) => line).map(({ key, item }) => (
            <span key={key}>
              {item}
              {'\n'}
            </span>
          ))}
        </pre>
      )}
    </div>
  );
}

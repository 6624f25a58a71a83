import { keyed } from './keyed';

/** A unified-style diff (" " kept, "-" removed, "+" added, "…" cut), as main computed it. */
export function DiffView({ lines, label, testId }: { lines: readonly string[]; label: string; testId?: string }) {
  if (!lines.length) return <p className="muted-note">No change.</p>;
  return (
    <section aria-label={label}>
      <pre className="diff" data-testid={testId}>
        {keyed(lines, (line) => line).map(({ key, item }) => {
          const kind = item.startsWith('+') ? 'add' : item.startsWith('-') ? 'del' : item === '…' ? 'cut' : 'same';
          return (
            <span key={key} className={`diff-line diff-${kind}`}>
              {item}
              {'\n'}
            </span>
          );
        })}
      </pre>
    </section>
  );
}

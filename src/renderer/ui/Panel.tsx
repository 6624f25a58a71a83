import type { ReactNode } from 'react';

/**
 * A view's frame: the heading that names the section (and labels it for assistive tech), the one-line
 * summary beside it — or the view's own tools there instead — and the body.
 */
export function Panel({
  id,
  title,
  summary,
  summaryTestId,
  tools,
  busy,
  children,
}: {
  /** The heading's id is `${id}-heading`. */
  id: string;
  title: string;
  summary?: ReactNode;
  summaryTestId?: string;
  /** Replaces the summary, e.g. a summary and a button in a `panel-tools` row. */
  tools?: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section className="panel" aria-labelledby={headingId} aria-busy={busy}>
      <div className="panel-head">
        <h2 id={headingId}>{title}</h2>
        {tools ?? (
          <span className="panel-summary" data-testid={summaryTestId}>
            {summary}
          </span>
        )}
      </div>
      {children}
    </section>
  );
}

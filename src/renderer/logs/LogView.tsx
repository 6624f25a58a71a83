import { useLayoutEffect, useRef } from 'react';
import { formatClock } from '../format-time';
import type { LogLine } from '../store/logs-slice';

// How close to the bottom still counts as "at the bottom": a sub-line scroll must not stop following.
const FOLLOW_SLACK_PX = 24;

export function LogView({ lines }: { lines: LogLine[] }) {
  const box = useRef<HTMLOListElement>(null);
  // Follow new lines until the operator scrolls up to read; scrolling back down resumes following.
  const following = useRef(true);

  useLayoutEffect(() => {
    const element = box.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [lines]);

  return (
    <ol
      ref={box}
      className="log-view"
      aria-label="Log lines"
      data-testid="log-view"
      tabIndex={0}
      onScroll={(e) => {
        const element = e.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_SLACK_PX;
      }}
    >
      {lines.map((line, index) => (
        // Lines have no id and never reorder; among the shown ones, position is stable enough.
        <li key={`${index}-${line.ts}`} className="log-line" data-testid="log-line" data-server={line.server ?? ''}>
          <time className="log-ts" dateTime={line.ts} title={line.ts}>
            {formatClock(line.ts)}
          </time>
          <span className="log-text">{line.text}</span>
        </li>
      ))}
    </ol>
  );
}

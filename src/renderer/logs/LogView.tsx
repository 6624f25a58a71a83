import { useLayoutEffect, useRef } from 'react';
import { formatClock } from '../ui/format-time';
import { keyed } from '../ui/keyed';
import type { LogLine } from './logs-slice';

// How close to the bottom still counts as "at the bottom": a sub-line scroll must not stop following.
const FOLLOW_SLACK_PX = 24;

export function LogView({ lines }: { lines: LogLine[] }) {
  const box = useRef<HTMLOListElement>(null);
  // Follow new lines until the operator scrolls up to read; scrolling back down resumes following.
  const following = useRef(true);

  // Runs when the shown lines change (a new line, another filter), before paint, so no frame shows the
  // old scroll position; an empty list has nothing to follow.
  useLayoutEffect(() => {
    const element = box.current;
    if (element && following.current && lines.length > 0) element.scrollTop = element.scrollHeight;
  }, [lines]);

  // No tabIndex: Chromium (Electron 45 ships 142) puts a scroll container with nothing focusable inside
  // into the tab order by itself (keyboard-focusable scrollers, Chromium 130+), so the list can be reached
  // and scrolled from the keyboard whenever it has something to scroll.
  return (
    <ol
      ref={box}
      className="log-view"
      aria-label="Log lines"
      data-testid="log-view"
      onScroll={(e) => {
        const element = e.currentTarget;
        following.current = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_SLACK_PX;
      }}
    >
      {keyed(lines, (line) => `${line.ts}|${line.server ?? ''}|${line.text}`).map(({ key, item: line }) => (
        <li key={key} className="log-line" data-testid="log-line" data-server={line.server ?? ''}>
          <time className="log-ts" dateTime={line.ts} title={line.ts}>
            {formatClock(line.ts)}
          </time>
          <span className="log-text">{line.text}</span>
        </li>
      ))}
    </ol>
  );
}

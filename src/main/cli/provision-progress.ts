// How `gatehouse provision` shows an install job: on a terminal one line redrawn in place (a bar, the
// percentage, the stage and its message); otherwise one plain line each time a stage changes state, so
// a log or a CI transcript reads top to bottom. Pure: the command feeds it provision_status answers.

export interface StageView {
  name: string;
  state: string;
  detail: string | null;
}

export interface StatusView {
  status: string;
  progress: number;
  message: string;
  stage: string | null;
  stages?: StageView[];
}

const WIDTH = 24;

/**
 * `[█████████░░░░░░░░░░░░░░░]  38% install   Installing x@1.2.3 (npm).` fitted to `columns`. A terminal
 * that reports no width (0: a pty nobody sized, a serial console) gets the default, not a stub.
 */
export function progressLine(view: StatusView, reported = 100): string {
  const columns = reported > 0 ? reported : 100;
  const percent = Math.max(0, Math.min(100, Math.round(view.progress)));
  const filled = Math.round((percent / 100) * WIDTH);
  const line = `[${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}] ${String(percent).padStart(3)}% ${(view.stage ?? view.status).padEnd(9)} ${view.message}`;
  return line.length > columns - 1 ? `${line.slice(0, Math.max(10, columns - 2))}…` : line;
}

/** One line per stage transition not yet shown: `install   done     x@1.2.3 is in the npx cache`. */
export function stageLines(view: StatusView, shown: Map<string, string>): string[] {
  const lines: string[] = [];
  for (const stage of view.stages ?? []) {
    if (stage.state === 'pending' || shown.get(stage.name) === stage.state) continue;
    shown.set(stage.name, stage.state);
    lines.push(`${stage.name.padEnd(9)} ${stage.state.padEnd(8)} ${stage.detail ?? ''}`.trimEnd());
  }
  return lines;
}

/** Writes one status: redraws the bar on a terminal, appends stage lines elsewhere. */
export function render(write: (text: string) => void, view: StatusView, tty: boolean, shown: Map<string, string>, columns?: number): void {
  if (tty) write(`\r\u001b[2K${progressLine(view, columns)}`);
  else for (const line of stageLines(view, shown)) write(`${line}\n`);
}

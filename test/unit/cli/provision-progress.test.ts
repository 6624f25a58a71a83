// How `gatehouse provision` draws a job: a bar redrawn in place on a terminal, one line per stage change
// elsewhere.
import { expect, it } from 'vitest';
import { progressLine, render, stageLines } from '../../../src/main/cli/provision-progress';

const view = (progress: number, stage: string, states: string[]) => ({
  status: 'installing',
  progress,
  message: `Working on ${stage}.`,
  stage,
  stages: ['download', 'install', 'start', 'tools'].map((name, i) => ({ name, state: states[i] ?? 'pending', detail: states[i] === 'done' ? `${name} ok` : null })),
});

it('draws a bar with the percentage, the stage and the message, fitted to the terminal', () => {
  expect(progressLine(view(50, 'install', ['done', 'running']))).toBe(`[${'█'.repeat(12)}${'░'.repeat(12)}]  50% install   Working on install.`);
  expect(progressLine(view(0, 'download', ['running']))).toMatch(/^\[░{24}\] {3}0% download /);
  expect(progressLine({ ...view(100, 'tools', []), message: 'x'.repeat(200) }, 60)).toHaveLength(59);
});

it('draws the whole bar when the terminal reports no width', () => {
  // A terminal without a size (a pty nobody sized, a serial console) says 0 columns: the bar was cut to
  // "[█████████…".
  expect(progressLine(view(50, 'install', ['done', 'running']), 0)).toBe(progressLine(view(50, 'install', ['done', 'running'])));
});

it('redraws one line on a terminal and appends each stage change once otherwise', () => {
  let tty = '';
  const shown = new Map<string, string>();
  render((t) => (tty += t), view(20, 'install', ['done', 'running']), true, shown);
  expect(tty.startsWith('\r\u001b[2K[')).toBe(true);
  expect(shown.size).toBe(0);

  let plain = '';
  render((t) => (plain += t), view(20, 'install', ['done', 'running']), false, shown);
  render((t) => (plain += t), view(30, 'install', ['done', 'running']), false, shown);
  render((t) => (plain += t), view(90, 'tools', ['done', 'done', 'done', 'running']), false, shown);
  expect(plain.split('\n').filter(Boolean)).toEqual(['download  done     download ok', 'install   running', 'install   done     install ok', 'start     done     start ok', 'tools     running']);
  expect(stageLines(view(90, 'tools', ['done', 'done', 'done', 'running']), shown)).toEqual([]);
});

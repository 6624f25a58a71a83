// How the person reading a message runs Gatehouse, so that a hint names a command they can paste:
// `gatehouse logs --server x` when an installed `gatehouse` is on their PATH, `npx gatehouse logs …`
// when they launched it through npx or npm (a checkout, as the README shows), and `npx gatehouse …` too
// when no `gatehouse` is on PATH at all (a client launching `node …/bin/gatehouse.mjs`): a bare
// `gatehouse` would only answer "command not found".
import { findExecutable } from './find-executable';

export type GatehouseCommand = 'gatehouse' | 'npx gatehouse';

/** The launch command for an environment; `onPath` says whether an executable of that name is on PATH. */
export function gatehouseCommandFor(env: Readonly<Record<string, string | undefined>>, onPath: (name: string) => boolean): GatehouseCommand {
  // npm sets npm_command for `npx` (exec) and `npm run` (run-script); PATH then also holds npm's own
  // .bin folders, so a `gatehouse` found there says nothing about the user's shell.
  if (env.npm_command || env.npm_lifecycle_event === 'npx') return 'npx gatehouse';
  return onPath('gatehouse') ? 'gatehouse' : 'npx gatehouse';
}

let cached: GatehouseCommand | null = null;

/** This process's launch command (worked out once: PATH does not change under a running process). */
export function gatehouseCommand(): GatehouseCommand {
  cached ??= gatehouseCommandFor(process.env, (name) => findExecutable(process.platform === 'win32' ? `${name}.cmd` : name, process.env.PATH) !== null);
  return cached;
}

/** A gatehouse command line as the user can run it: `gatehouseRun('logs --server x')`. */
export function gatehouseRun(args: string): string {
  return `${gatehouseCommand()} ${args}`;
}

/** Rewrites the `` `gatehouse …` `` commands quoted in fixed texts (remediation tables) to the launch command. */
export function withGatehouseCommand(text: string): string {
  const command = gatehouseCommand();
  return command === 'gatehouse' ? text : text.replace(/`gatehouse (?=[a-z-])/g, `\`${command} `);
}

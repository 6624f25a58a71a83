// The desktop app's own command-line flags. Electron and Chromium add flags of their own to argv, so
// only these are picked out and everything else is left alone.

export interface AppArgs {
  /** Started at login: live in the tray without opening the window. */
  hidden: boolean;
  /** --port N or --port=N (0: any free port); undefined when absent. */
  port: number | undefined;
  /** A --port value that is not a port, for the log; the settings file or the default applies instead. */
  problem: string | null;
}

export function parseAppArgs(argv: readonly string[]): AppArgs {
  let raw: string | undefined;
  argv.forEach((arg, index) => {
    if (arg === '--port') raw = argv[index + 1] ?? '';
    else if (arg.startsWith('--port=')) raw = arg.slice('--port='.length);
  });
  const hidden = argv.includes('--hidden');
  if (raw === undefined) return { hidden, port: undefined, problem: null };
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (port >= 0 && port <= 65535) return { hidden, port, problem: null };
  return { hidden, port: undefined, problem: `--port must be a number from 0 to 65535, not "${raw}"; using settings.json or 3344` };
}

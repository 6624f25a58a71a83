// The lines the supervisor writes about one server's life — spawned, ready, stopped, its own stderr —
// each prefixed `[name] `, so `gatehouse logs --server NAME` and the panel's per-server filter find
// them. They sit here with the rule that calls some of them routine: `gatehouse serve` leaves routine
// lines off its console unless --verbose, while gateway.log keeps every line (the file is where a
// problem is looked into afterwards; the console is what a person watches).
import { cutAtBoundary } from '../common/cut-text';

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** `exit code 1` or `signal SIGTERM`. */
export function exitText(exit: ExitStatus): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
}

function quoted(word: string): string {
  return /^[\w@%+=:,./\\-]+$/.test(word) ? word : `"${word.replaceAll('"', '\\"')}"`;
}

// `--api-key VALUE`: the core's redaction catches `--api-key=VALUE` and known secret values, not a
// literal credential passed as the next argument; the spawn line leaves that value out itself.
const SECRET_FLAG = /^--?[\w-]*(?:key|token|secret|passw(?:or)?d|credential|auth)[\w-]*$/i;

/** A command line as one readable string (capped: arguments can be long). */
export function commandLine(argv: readonly string[]): string {
  const words = argv.map((word, i) => (i > 0 && SECRET_FLAG.test(argv[i - 1] as string) && !word.startsWith('-') ? '[REDACTED]' : quoted(word)));
  return cutAtBoundary(words.join(' '), 500);
}

export const spawnedLine = (server: string, argv: readonly string[], pid: number | undefined): string =>
  `[${server}] spawned pid ${pid ?? '?'}: ${commandLine(argv)}`;

export function readyLine(server: string, ms: number, protocol: string | null, tools: number, toolsError: string | null): string {
  const listed = toolsError ? `its tools could not be listed (${toolsError})` : `${tools} tool${tools === 1 ? '' : 's'}`;
  return `[${server}] ready in ${ms} ms: protocol ${protocol ?? 'unknown'}, ${listed}`;
}

/** A stop Gatehouse asked for: the exit it got, or how far a start had come. */
export function stoppedLine(server: string, how: { exit: ExitStatus } | 'remote' | 'starting'): string {
  if (how === 'remote') return `[${server}] disconnected`;
  if (how === 'starting') return `[${server}] stopped while starting`;
  return `[${server}] stopped (${exitText(how.exit)})`;
}

export const stderrLine = (server: string, line: string): string => `[${server}] stderr: ${line}`;

export const droppedStderrLine = (server: string, count: number, burst: number, perMinute: number): string =>
  `[${server}] stderr: ${count} more line${count === 1 ? '' : 's'} not logged (after the first ${burst}, at most ${perMinute} a minute are); gateway.health with verbose=true shows the last 10`;

const ROUTINE_SERVER_LINE = /^\[[^\]\s]+\] (?:spawned pid |ready in |stopped \(|stopped while starting$|disconnected$|stderr: )/;
// http/sessions.ts: one line per MCP session that ends (every client reconnect, every Ctrl-C).
const SESSION_ENDED = /^session [\w-]{8} ended \(/;

/** A line a person watching the console does not need: normal life of servers and sessions. */
export function isRoutineLine(line: string): boolean {
  return ROUTINE_SERVER_LINE.test(line) || SESSION_ENDED.test(line);
}

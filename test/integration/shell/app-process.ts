// The built main bundle (out/main/index.js) as a real process under plain Node, with the recording
// `electron` stand-in (stand-in/electron.mjs) in place of Electron. Collects what the stand-in records,
// sends it commands, and keeps a transcript of both for the report (test-results/shell/).
import { fork, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collectStderr } from '../../helpers/cli-process';
import { REPO_ROOT } from '../../helpers/workspace';

export const MAIN_BUNDLE = join(REPO_ROOT, 'out', 'main', 'index.js');
const REGISTER = join(import.meta.dirname, 'stand-in', 'register.mjs');
const TRANSCRIPTS = join(REPO_ROOT, 'test-results', 'shell');

/** The bundle must be built from the sources as they are now: an older bundle would prove nothing. */
export function requireFreshBundle(): void {
  let bundle: number;
  try {
    bundle = statSync(MAIN_BUNDLE).mtimeMs;
  } catch {
    throw new Error(`${MAIN_BUNDLE} is missing: run "npm run build" first`);
  }
  const newest = (dir: string): number =>
    Math.max(0, ...readdirSync(dir, { withFileTypes: true }).map((entry) => (entry.isDirectory() ? newest(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs)));
  const source = Math.max(newest(join(REPO_ROOT, 'src', 'main')), newest(join(REPO_ROOT, 'src', 'shared')));
  if (source > bundle) throw new Error(`${MAIN_BUNDLE} is older than the sources: run "npm run build" first`);
}

export interface MenuItemRecord {
  label: string | null;
  type: string;
  enabled: boolean;
  checked?: boolean;
  submenu?: MenuItemRecord[];
}

export interface StandInRecord {
  type: 'record';
  kind: string;
  [key: string]: unknown;
}

export interface AppProcess {
  child: ChildProcess;
  records: StandInRecord[];
  stderr(): string;
  /** Resolves with the first record (already seen or to come) of `kind` that `match` accepts. */
  waitFor(kind: string, match?: (record: StandInRecord) => boolean, what?: string): Promise<StandInRecord>;
  command<T = unknown>(command: string, args?: Record<string, unknown>): Promise<T>;
  /** The latest tray menu the stand-in was given. */
  menu(): MenuItemRecord[];
  exited: Promise<number | null>;
}

/** Starts the transcripts of a run afresh (each launch appends to the file named for its scenario). */
export function clearTranscripts(names: string[]): void {
  mkdirSync(TRANSCRIPTS, { recursive: true });
  for (const name of names) writeFileSync(join(TRANSCRIPTS, `main-bundle-${name}.log`), '');
}

export function launchApp(options: { name: string; args?: string[]; env: NodeJS.ProcessEnv; cwd: string }): AppProcess {
  mkdirSync(TRANSCRIPTS, { recursive: true });
  const transcript = join(TRANSCRIPTS, `main-bundle-${options.name}.log`);
  const note = (line: string) => appendFileSync(transcript, `${line}\n`);
  const args = options.args ?? [];
  note(`$ node --import stand-in/register.mjs out/main/index.js ${args.join(' ')}`);
  const child = fork(MAIN_BUNDLE, args, { cwd: options.cwd, env: options.env, execArgv: ['--import', REGISTER], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  child.stdout?.resume();
  const stderr = collectStderr(child);
  child.stderr?.on('data', (chunk: Buffer | string) => {
    for (const line of String(chunk).split('\n').filter(Boolean)) note(`  stderr: ${line}`);
  });
  const records: StandInRecord[] = [];
  const waiters = new Set<() => void>();
  const replies = new Map<number, (reply: { ok: boolean; value?: unknown; error?: string }) => void>();
  let nextId = 0;
  child.on('message', (message: { type: string; id?: number; ok?: boolean; value?: unknown; error?: string; kind?: string }) => {
    if (message.type === 'record') {
      records.push(message as StandInRecord);
      const { type: _type, kind, at: _at, ...detail } = message as StandInRecord;
      note(`  record ${kind} ${JSON.stringify(detail).slice(0, 400)}`);
      for (const wake of waiters) wake();
    } else if (message.type === 'reply' && message.id !== undefined) {
      replies.get(message.id)?.({ ok: message.ok === true, value: message.value, error: message.error });
      replies.delete(message.id);
    }
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      note(`  exit ${code ?? signal}`);
      for (const wake of waiters) wake();
      resolve(code);
    });
  });

  const waitFor: AppProcess['waitFor'] = (kind, match = () => true, what = kind) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = records.find((record) => record.kind === kind && match(record));
        if (found) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          waiters.delete(check);
          clearTimeout(timer);
          reject(new Error(`the app exited (${child.exitCode ?? child.signalCode}) before ${what}; stderr:\n${stderr()}`));
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}; stderr:\n${stderr()}`));
      }, 30_000);
      waiters.add(check);
      check();
    });

  const command: AppProcess['command'] = (name, args = {}) =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      note(`  command ${name} ${JSON.stringify(args)}`);
      replies.set(id, (reply) => {
        note(`  reply ${reply.ok ? JSON.stringify(reply.value ?? null).slice(0, 400) : `error ${reply.error}`}`);
        if (reply.ok) resolve(reply.value as never);
        else reject(new Error(reply.error));
      });
      child.send({ type: 'command', command: name, id, ...args });
    });

  const menu = (): MenuItemRecord[] => {
    const last = records.filter((record) => record.kind === 'tray.menu').at(-1);
    return (last?.items as MenuItemRecord[] | undefined) ?? [];
  };

  return { child, records, stderr, waitFor, command, menu, exited };
}

export const labels = (items: MenuItemRecord[]): string[] => items.map((item) => (item.type === 'separator' ? '---' : item.type === 'checkbox' ? `[${item.checked ? 'x' : ' '}] ${item.label}` : String(item.label)));

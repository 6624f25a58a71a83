// instance.json (contract §7.8): the long-lived gateway (tray app or `gatehouse serve --transport http`)
// announces its pid, loopback URL and a per-run token here, readable only by the user, so a stdio
// client launched later attaches to it instead of being locked out. Only a file owned by this user and
// closed to others is trusted: anyone able to write it could point our clients at their own server.
import { randomBytes } from 'node:crypto';
import { lstatSync, readFileSync, unlinkSync, type Stats } from 'node:fs';
import { GATEHOUSE_VERSION } from '../common/version';
import { writeFileAtomic } from '../common/atomic-write';
import { succeeds } from '../common/succeeds';

export interface InstanceRecord {
  pid: number;
  port: number;
  /** The loopback MCP URL a local client uses. */
  url: string;
  /** Per-run bearer token the gateway accepts in every auth mode (principal `local`). */
  token: string;
  started_at: string;
  version: string;
}

export type InstanceRead = { ok: true; record: InstanceRecord } | { ok: false; reason: string };

export function newInstanceToken(): string {
  return randomBytes(32).toString('base64url');
}

export function instanceRecord(pid: number, url: string, port: number, token: string): InstanceRecord {
  return { pid, port, url, token, started_at: new Date().toISOString(), version: GATEHOUSE_VERSION };
}

export function writeInstanceFile(path: string, record: InstanceRecord): void {
  writeFileAtomic(path, `${JSON.stringify(record, null, 2)}\n`, 0o600);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readInstanceFile(path: string): InstanceRead {
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch {
    return { ok: false, reason: 'no instance.json' };
  }
  if (!stat.isFile()) return { ok: false, reason: `${path} is not a regular file` };
  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  if (uid !== null && stat.uid !== uid) return { ok: false, reason: `${path} belongs to another user` };
  if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) return { ok: false, reason: `${path} is open to other users (mode ${(stat.mode & 0o777).toString(8)})` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return { ok: false, reason: `${path} is not valid JSON` };
  }
  if (
    !isRecord(parsed) ||
    !Number.isInteger(parsed.pid) ||
    !Number.isInteger(parsed.port) ||
    typeof parsed.url !== 'string' ||
    typeof parsed.token !== 'string' ||
    parsed.token.length < 32
  ) {
    return { ok: false, reason: `${path} does not describe a gateway` };
  }
  return {
    ok: true,
    record: {
      pid: parsed.pid as number,
      port: parsed.port as number,
      url: parsed.url,
      token: parsed.token,
      started_at: typeof parsed.started_at === 'string' ? parsed.started_at : '',
      version: typeof parsed.version === 'string' ? parsed.version : '',
    },
  };
}

/** Removes the file only while it is still ours (a later gateway may have replaced it). */
export function removeInstanceFile(path: string, token: string): boolean {
  const current = readInstanceFile(path);
  if (!current.ok || current.record.token !== token) return false;
  return succeeds(() => unlinkSync(path));
}

export function processAlive(pid: number): boolean {
  // Signal 0 only asks. ESRCH: gone. EPERM: alive but another user's process, so not a gateway of ours either.
  return succeeds(() => process.kill(pid, 0));
}

// Builds real runtime roots on disk for tests: scripts with PEP 723 headers, a hash-locked lock, and a
// policy made by the real generator; plus edits that tamper with any of them afterwards.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildPolicy, DEFAULT_LOCK_FILE, resealPolicy } from '../../../../src/main/runtime/policy-build';
import { POLICY_PATH } from '../../../../src/main/runtime/policy';

export const HASH_A = `--hash=sha256:${'a'.repeat(64)}`;
export const SIMPLE_LOCK = `# test lock\nmcp==2.2.0 \\\n    ${HASH_A}\n`;

export function header(dependencies: string[], requiresPython = '>=3.10', extra: string[] = []): string {
  return ['# /// script', `# requires-python = "${requiresPython}"`, `# dependencies = [${dependencies.map((d) => JSON.stringify(d)).join(', ')}]`, ...extra, '# ///', 'print("hi")', ''].join('\n');
}

export interface RootSpec {
  scripts?: Record<string, string>;
  lock?: string;
}

export function makeRuntimeRoot(root: string, spec: RootSpec = {}): Record<string, unknown> {
  const scripts = spec.scripts ?? { 'servers/notes/server.py': header(['mcp==2.2.0']) };
  for (const [rel, text] of Object.entries(scripts)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  mkdirSync(join(root, '.gatehouse/runtime'), { recursive: true });
  writeFileSync(join(root, DEFAULT_LOCK_FILE), spec.lock ?? SIMPLE_LOCK);
  const policy = buildPolicy({ root, servers: Object.keys(scripts) });
  writePolicy(root, policy);
  return policy;
}

export function readPolicy(root: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(root, POLICY_PATH), 'utf8')) as Record<string, unknown>;
}

export function writePolicy(root: string, policy: unknown): void {
  writeFileSync(join(root, POLICY_PATH), `${JSON.stringify(policy, null, 2)}\n`);
}

/** A generated policy as tests edit it (fields may be set to wrong types on purpose). */
export interface PolicyDoc {
  [key: string]: unknown;
  apiVersion: string;
  kind: string;
  aggregateSha256: string;
  source: Record<string, unknown>;
  python: { requires: string };
  dependencyResolution: { resolvedVersionsLocked: boolean; hashesRequired: boolean; lockFile: string; lockSha256: string };
  servers: { path: string; headerSha256: string; profileSha256: string; requiresPython: string; dependencies: string[] }[];
  dependencyProfiles: { sha256: string; requiresPython: string; dependencies: string[]; serverPaths: string[] }[];
}

/** Edits the policy; with `reseal` the aggregate is recomputed so later steps see the edit. */
export function editPolicy(root: string, edit: (policy: PolicyDoc) => void, reseal = true): void {
  const policy = readPolicy(root) as PolicyDoc;
  edit(policy);
  writePolicy(root, reseal ? resealPolicy(policy) : policy);
}

export interface FakeUv {
  version?: string;
  /** Raw bytes for stdout of --version (e.g. invalid UTF-8). */
  versionBytes?: number[];
  exitCode?: number;
  stderr?: string;
  /** Every invocation's argv is appended to this file, one JSON line each. */
  log?: string;
  /** For any subcommand other than --version: this stderr and exit code. */
  otherStderr?: string;
  otherExitCode?: number;
}

/** An executable `uv` stand-in (a Node script with an absolute shebang, so PATH needs nothing else). */
export function writeFakeUv(dir: string, fake: FakeUv = {}): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'uv');
  const body = [
    `#!${process.execPath}`,
    "const fs = require('node:fs');",
    `const log = ${JSON.stringify(fake.log ?? null)};`,
    "if (log) fs.appendFileSync(log, JSON.stringify(process.argv.slice(2)) + '\\n');",
    `if (process.argv[2] !== '--version' && ${JSON.stringify(fake.otherExitCode ?? null)} !== null) { process.stderr.write(${JSON.stringify(fake.otherStderr ?? '')}); process.exit(${fake.otherExitCode ?? 0}); }`,
    `if (${JSON.stringify(fake.stderr ?? '')}) process.stderr.write(${JSON.stringify(fake.stderr ?? '')});`,
    fake.versionBytes ? `process.stdout.write(Buffer.from(${JSON.stringify(fake.versionBytes)}));` : `process.stdout.write(${JSON.stringify(fake.version ?? 'uv 0.13.9 (fake)')} + '\\n');`,
    `process.exitCode = ${fake.exitCode ?? 0};`,
    '',
  ].join('\n');
  writeFileSync(path, body);
  chmodSync(path, 0o755);
  return path;
}

// Shared parts of the `gatehouse logs` / `gatehouse refresh` tests: the commands run in this process with
// captured output and the workspace's own HOME and state folder (never the user's), or as a real child
// process of the built CLI.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { logs } from '../../../src/main/cli/logs';
import { refresh } from '../../../src/main/cli/refresh';
import type { AuditEvent } from '../../../src/main/logs/audit-ring';
import type { CliIo } from '../../../src/main/runtime/cli-io';
import type { Workspace } from '../../helpers/workspace';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function workspaceEnv(workspace: Workspace, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '', HOME: workspace.home, XDG_STATE_HOME: join(workspace.home, '.local', 'state'), ...extra };
}

/** CliIo for the workspace with output kept; readable while a command still runs (--follow). */
export function capturedIo(workspace: Workspace): { io: CliIo; out: () => Omit<Run, 'code'> } {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: workspaceEnv(workspace),
    cwd: workspace.project,
  };
  return { io, out: () => ({ stdout, stderr }) };
}

export async function runLogs(workspace: Workspace, argv: string[]): Promise<Run> {
  const { io, out } = capturedIo(workspace);
  const code = await logs(argv, io);
  return { ...out(), code };
}

export async function runRefresh(workspace: Workspace, argv: string[]): Promise<Run> {
  const { io, out } = capturedIo(workspace);
  const code = await refresh(argv, io);
  return { ...out(), code };
}

/** A CLI entry (the built out/main/cli.js) as a child process; resolves with its exit once it ends. */
export function spawnCli(entry: string, workspace: Workspace, argv: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [entry, ...argv], { cwd: workspace.project, env: workspaceEnv(workspace, extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const done = new Promise<Run>((resolve) => child.once('exit', (code) => resolve({ code: code ?? -1, stdout, stderr })));
  return { child, stdout: () => stdout, done };
}

export const gatewayLog = (workspace: Workspace) => join(workspace.stateDir, 'logs', 'gateway.log');
export const auditFile = (workspace: Workspace) => join(workspace.stateDir, 'audit.jsonl');

export function readText(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

export function auditEvents(workspace: Workspace): AuditEvent[] {
  return readText(auditFile(workspace))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditEvent);
}

export async function connectHttp(url: URL): Promise<Client> {
  const client = new Client({ name: 'cli-logs-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  return client;
}

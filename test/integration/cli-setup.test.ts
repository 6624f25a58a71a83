// `gatehouse setup` as a user runs it: the built CLI in its own process, HOME and XDG folders in a temp
// workspace (never the real user's files). Preview, write, idempotent re-run, removal, refusals with
// exit 1, usage errors with 64, --list, concurrent writers that must not lose each other's entries, and
// one end-to-end check that the entry written for Claude Code really starts a working gateway when
// launched exactly as the client would.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requireBuild, startHttpCli } from '../helpers/cli-process';
import { CLI_ENTRY, createWorkspace, REPO_ROOT, type Workspace } from '../helpers/workspace';
import { cliEnv } from './http/cli';

let workspace: Workspace;
beforeEach(() => {
  requireBuild();
  workspace = createWorkspace();
});
afterEach(() => workspace.cleanup());

/** The workspace's home with every XDG folder inside it, so no client path can reach the real user's. */
function env(): Record<string, string> {
  const { home } = workspace;
  return cliEnv(home, { XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache') });
}

function setup(...args: string[]) {
  const result = spawnSync(process.execPath, [CLI_ENTRY, 'setup', ...args], { cwd: workspace.project, env: env(), encoding: 'utf8', timeout: 30_000 });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

const claudeJson = () => join(workspace.home, '.claude.json');
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const BIN = join(REPO_ROOT, 'bin', 'gatehouse.mjs');

describe('preview and write', () => {
  it('previews without writing, then writes, then finds nothing left to do', () => {
    const preview = setup('--client', 'claude-code');
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain(`Claude Code: ${claudeJson()} (does not exist yet; it will be created)`);
    expect(preview.stdout).toContain(`mcpServers.gatehouse → stdio: ${process.execPath} ${BIN} serve --transport stdio`);
    expect(preview.stdout).toContain('+++ mcpServers.gatehouse (after)');
    expect(preview.stdout).toContain('+  "type": "stdio",');
    expect(preview.stdout).toContain('Preview only: nothing was written.');
    expect(existsSync(claudeJson())).toBe(false);

    const written = setup('--client', 'claude-code', '--write');
    expect(written.code).toBe(0);
    expect(written.stdout).toContain(`Wrote mcpServers.gatehouse to ${claudeJson()}.`);
    expect(readJson(claudeJson())).toEqual({ mcpServers: { gatehouse: { type: 'stdio', command: process.execPath, args: [BIN, 'serve', '--transport', 'stdio'] } } });
    expect(statSync(claudeJson()).mode & 0o777).toBe(0o600);

    const bytes = readFileSync(claudeJson(), 'utf8');
    const again = setup('--client', 'claude-code', '--write');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('mcpServers.gatehouse is already set');
    expect(again.stdout).toContain('nothing to change');
    expect(readFileSync(claudeJson(), 'utf8')).toBe(bytes);
  });

  it('keeps every other key of a file the client shares, and uses --command and --name', () => {
    writeFileSync(claudeJson(), '{\n  "numStartups": 3,\n  "mcpServers": {\n    "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}\n  },\n  "tipsHistory": {}\n}\n');
    expect(setup('--client', 'claude-code', '--command', 'gatehouse', '--name', 'gw', '--write').code).toBe(0);
    expect(readFileSync(claudeJson(), 'utf8')).toBe(
      '{\n  "numStartups": 3,\n  "mcpServers": {\n    "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]},\n    "gw": {\n      "type": "stdio",\n      "command": "gatehouse",\n      "args": [\n        "serve",\n        "--transport",\n        "stdio"\n      ]\n    }\n  },\n  "tipsHistory": {}\n}\n',
    );
  });

  it('writes Codex TOML for http with a token variable, and reports it as JSON', () => {
    const run = setup('--client', 'codex', '--mode', 'http', '--port', '4011', '--token-env', 'GATEHOUSE_TOKEN', '--write', '--json');
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ ok: true, client: 'codex', mode: 'http', changed: true, written: true, location: '[mcp_servers.gatehouse]', points_at: { kind: 'http', target: 'http://127.0.0.1:4011/mcp' } });
    expect(readFileSync(join(workspace.home, '.codex', 'config.toml'), 'utf8')).toBe('[mcp_servers.gatehouse]\nurl = "http://127.0.0.1:4011/mcp"\nbearer_token_env_var = "GATEHOUSE_TOKEN"\n');
  });
});

describe('remove', () => {
  it('previews, then removes only the entry', () => {
    writeFileSync(claudeJson(), '{\n  "mcpServers": {\n    "a": {"url": "https://example.com/mcp"}\n  },\n  "theme": "dark"\n}\n');
    const original = readFileSync(claudeJson(), 'utf8');
    expect(setup('--client', 'claude-code', '--write').code).toBe(0);
    const preview = setup('--client', 'claude-code', '--remove');
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain('+++ mcpServers.gatehouse (after: removed)');
    expect(preview.stdout).toContain('-  "type": "stdio",');
    expect(readJson(claudeJson())).toHaveProperty(['mcpServers', 'gatehouse']);
    const removed = setup('--client', 'claude-code', '--remove', '--write');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(`Removed mcpServers.gatehouse from ${claudeJson()}.`);
    expect(readFileSync(claudeJson(), 'utf8')).toBe(original);
    expect(setup('--client', 'claude-code', '--remove', '--write').stdout).toContain('No mcpServers.gatehouse entry; nothing to remove.');
  });
});

describe('refusals', () => {
  it('refuses a symbolic link and leaves its target alone', () => {
    const real = join(workspace.root, 'elsewhere.json');
    writeFileSync(real, '{}\n');
    mkdirSync(join(workspace.home, '.cursor'));
    symlinkSync(real, join(workspace.home, '.cursor', 'mcp.json'));
    const run = setup('--client', 'cursor', '--write');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('gatehouse: Cursor: refused:');
    expect(run.stderr).toContain('is a symbolic link; Gatehouse does not write through links');
    expect(readFileSync(real, 'utf8')).toBe('{}\n');
  });

  it('refuses a malformed file, naming line and column', () => {
    const path = join(workspace.home, '.gemini', 'settings.json');
    mkdirSync(join(workspace.home, '.gemini'));
    writeFileSync(path, '{\n  "theme": "Dracula",,\n}\n');
    const run = setup('--client', 'gemini', '--write');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path}:2:22: invalid JSON:`);
    expect(readFileSync(path, 'utf8')).toBe('{\n  "theme": "Dracula",,\n}\n');
  });

  it('refuses a token header where the client cannot expand a variable', () => {
    const run = setup('--client', 'vscode', '--mode', 'http', '--token-env', 'GATEHOUSE_TOKEN');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('VS Code does not expand ${env:NAME} in MCP "headers"');
  });

  it('answers usage mistakes with 64', () => {
    expect(setup().code).toBe(64);
    expect(setup('--client', 'notepad').stderr).toContain('unknown client "notepad"; known clients: claude-code, claude-desktop, cursor, vscode, opencode, codex, gemini');
    expect(setup('--client', 'cursor', '--mode', 'carrier-pigeon').code).toBe(64);
    expect(setup('--client', 'cursor', '--token-env', 'X').stderr).toContain('--token-env applies to --mode http only');
    expect(setup('--client', 'cursor', '--mode', 'http', '--token-env', 'sk-live-123=abc').stderr).toContain('the token itself is never written into a client config');
    expect(setup('--client', 'cursor', '--remove', '--mode', 'http').code).toBe(64);
    expect(setup('--list', '--write').code).toBe(64);
  });
});

describe('--list', () => {
  it('shows every client, whether it is installed, its file and its gatehouse entry', () => {
    mkdirSync(join(workspace.home, '.cursor'));
    writeFileSync(join(workspace.home, '.cursor', 'argv.json'), '{}'); // Cursor's own file: it is installed
    expect(setup('--client', 'gemini', '--mode', 'http', '--write').code).toBe(0);
    const text = setup('--list');
    expect(text.code).toBe(0);
    const line = (id: string) => text.stdout.split('\n').find((row) => row.startsWith(`${id} `)) ?? '';
    expect(text.stdout.split('\n')[0]).toMatch(/^CLIENT\s+DETECTED\s+ENTRY "gatehouse"\s+CONFIG FILE$/);
    // Gatehouse wrote ~/.gemini/settings.json (and its folder) itself: that is no sign of Gemini CLI.
    expect(line('gemini')).toMatch(/^gemini\s+no\s+http: http:\/\/127\.0\.0\.1:3344\/mcp\s+/);
    expect(line('cursor')).toMatch(/^cursor\s+yes\s+-\s+.*\.cursor\/mcp\.json \(absent\)$/);
    expect(line('codex')).toMatch(/^codex\s+no\s+-\s+/);

    const json = JSON.parse(setup('--list', '--json').stdout) as { clients: { client: string; detected: boolean; detected_by: string | null; path: string; entry: unknown }[] };
    expect(json.clients.map((row) => row.client)).toEqual(['claude-code', 'claude-desktop', 'cursor', 'vscode', 'opencode', 'codex', 'gemini']);
    expect(json.clients.find((row) => row.client === 'vscode')?.path).toBe(join(workspace.home, '.config', 'Code', 'User', 'mcp.json'));
    expect(json.clients.find((row) => row.client === 'cursor')).toMatchObject({ detected: true, detected_by: `folder ${join(workspace.home, '.cursor')}` });
    expect(json.clients.find((row) => row.client === 'gemini')).toMatchObject({ detected: false, detected_by: null });
  });

  it('detects a client by its own traces — its command on PATH, its own settings — never by what setup --write created', () => {
    // Every client written by Gatehouse alone: none of them counts as installed.
    for (const client of ['claude-code', 'claude-desktop', 'cursor', 'vscode', 'opencode', 'codex', 'gemini']) expect(setup('--client', client, '--write').code).toBe(0);
    const rows = () => (JSON.parse(setup('--list', '--json').stdout) as { clients: { client: string; detected: boolean; detected_by: string | null }[] }).clients;
    expect(rows().filter((row) => row.detected)).toEqual([]);

    const bin = join(workspace.root, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'codex'), '#!/bin/sh\n');
    chmodSync(join(bin, 'codex'), 0o755);
    const withCodex = spawnSync(process.execPath, [CLI_ENTRY, 'setup', '--list', '--json'], { cwd: workspace.project, env: { ...env(), PATH: `${bin}:${process.env.PATH ?? ''}` }, encoding: 'utf8' });
    expect((JSON.parse(withCodex.stdout) as { clients: { client: string; detected_by: string | null }[] }).clients.find((row) => row.client === 'codex')?.detected_by).toBe(`command ${join(bin, 'codex')}`);

    const claude = readJson(claudeJson());
    writeFileSync(claudeJson(), JSON.stringify({ ...claude, numStartups: 1 }));
    expect(rows().find((row) => row.client === 'claude-code')).toMatchObject({ detected: true, detected_by: `settings in ${claudeJson()}` });
  });
});

/** Runs `gatehouse setup` in its own process without waiting: the concurrency tests start several at once. */
function setupAsync(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI_ENTRY, 'setup', ...args], { cwd: workspace.project, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe('concurrent writers', () => {
  // Several `setup --write` processes racing on one file (a script setting up several entries, or two
  // terminals): every write that reports success must still be in the file afterwards.
  it('keeps every entry that eight concurrent setup --write processes report as written', async () => {
    const WRITERS = 8;
    for (let round = 0; round < 3; round++) {
      writeFileSync(claudeJson(), '{\n  "numStartups": 1,\n  "mcpServers": {}\n}\n');
      const names = Array.from({ length: WRITERS }, (_, i) => `gw${round}x${i}`);
      const runs = await Promise.all(names.map((name) => setupAsync('--client', 'claude-code', '--command', 'gatehouse', '--name', name, '--write', '--json')));
      const reported = names.filter((_, i) => runs[i]?.code === 0 && (JSON.parse(runs[i]?.stdout ?? '{}') as { written?: boolean }).written === true);
      const final = readJson(claudeJson());
      const present = Object.keys(final.mcpServers as Record<string, unknown>);
      expect(final.numStartups, `round ${round}`).toBe(1);
      expect(reported.filter((name) => !present.includes(name)), `round ${round}: reported written but missing from the file`).toEqual([]);
      expect(reported, `round ${round}: ${runs.map((run) => run.stderr).join('')}`).toEqual(names);
      expect(readdirSync(workspace.home).filter((name) => name.startsWith('.claude.json.')), 'no lock or temp file left behind').toEqual([]);
    }
  });
});

/** Launches an entry's command exactly as the client would, in the workspace's home, and lists the tools. */
async function toolsVia(entry: { command: string; args: string[] }): Promise<string[]> {
  const transport = new StdioClientTransport({ command: entry.command, args: entry.args, cwd: workspace.project, env: env(), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'setup-e2e', version: '1.0.0' });
  try {
    await client.connect(transport);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names.length, stderr).toBeGreaterThan(0);
    return names;
  } finally {
    await client.close();
  }
}

function writtenEntry(path: string, servers = 'mcpServers'): { command: string; args: string[] } {
  const entry = (readJson(path)[servers] as Record<string, { command: string; args: string[] }>).gatehouse;
  if (!entry) throw new Error(`no gatehouse entry in ${path}`);
  return entry;
}

describe('end to end', () => {
  it('the Claude Code stdio entry launches a gateway that lists the gateway.* meta-tools', async () => {
    expect(setup('--client', 'claude-code', '--write').code).toBe(0);
    const names = await toolsVia(writtenEntry(claudeJson()));
    expect(names.every((name) => name.startsWith('gateway.')), names.join(', ')).toBe(true);
    expect(names).toContain('gateway.invoke');
  });

  it('the Claude Desktop http entry reaches a running gateway through gatehouse proxy', async () => {
    const gateway = await startHttpCli({ project: workspace.project, home: workspace.home });
    try {
      expect(setup('--client', 'claude-desktop', '--mode', 'http', '--port', gateway.url.port, '--write').code).toBe(0);
      const entry = writtenEntry(join(workspace.home, '.config', 'Claude', 'claude_desktop_config.json'));
      expect(entry.args.slice(-3)).toEqual(['proxy', '--url', `http://127.0.0.1:${gateway.url.port}/mcp`]);
      expect(await toolsVia(entry)).toContain('gateway.invoke');
    } finally {
      await gateway.stop();
    }
  });
});

// The processes of a conformance run: the fixture server, Gatehouse in front of it, and the suite's CLI
// under Node 22. Every child is stopped by its own pid when the run ends.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURE, GATEHOUSE_BIN, NODE22, REPO, SUITE_CLI } from './paths.mjs';

/** Resolves with the first match of `pattern` in the child's output, or rejects when it exits first. */
function announced(child, stream, pattern, what, timeoutMs = 60_000) {
  let seen = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${seen.slice(-2000)}`)), timeoutMs);
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      seen = (seen + chunk).slice(-20_000);
      const match = pattern.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code} before it served:\n${seen.slice(-2000)}`));
    });
  });
}

function stopper(child) {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

export async function startFixture() {
  const child = spawn(process.execPath, [FIXTURE], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr.resume();
  const port = await announced(child, child.stdout, /listening (\d+)/, 'the conformance fixture');
  return { url: `http://127.0.0.1:${port}/mcp`, stop: stopper(child) };
}

/**
 * `gatehouse serve --transport http` in a throwaway home serving `servers` (.mcp.json entries), each
 * started with the gateway (autoStart) so its resources and prompts are live from the first request, as
 * for a server in daily use. `policy` is written as the operator's policy file when given.
 */
export async function startGatehouse({ servers, policy }) {
  const base = mkdtempSync(join(tmpdir(), 'gatehouse-conformance-'));
  const home = join(base, 'home');
  const project = join(base, 'project');
  mkdirSync(home, { recursive: true });
  mkdirSync(project, { recursive: true });
  const config = join(base, 'mcp.json');
  writeFileSync(config, JSON.stringify({ mcpServers: servers, autoStart: Object.keys(servers) }, null, 2));
  const args = [GATEHOUSE_BIN, 'serve', '--transport', 'http', '--port', '0', '--config', config, '--project', project];
  if (policy) {
    const file = join(base, 'policy.yaml');
    writeFileSync(file, policy);
    args.push('--policy', file);
  }
  const env = { ...process.env, HOME: home, XDG_STATE_HOME: join(home, '.local/state'), XDG_CACHE_HOME: join(home, '.cache'), XDG_CONFIG_HOME: join(home, '.config') };
  const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await announced(child, child.stderr, /serving MCP at (\S+)/, 'gatehouse serve');
  return { url, base, stop: stopper(child) };
}

/** Runs the suite's CLI under Node 22; resolves with its exit code and output (never rejects on a failing scenario). */
export function runSuite(args, { cwd, env, timeoutMs = 20 * 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE22, [SUITE_CLI, ...args], { cwd: cwd ?? REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk).slice(-200_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

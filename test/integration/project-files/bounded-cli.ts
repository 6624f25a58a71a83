// The built CLI as real processes that cannot hang a test run or eat the shared machine: every run has a
// deadline after which the process is killed (SIGKILL: a process stuck in a synchronous read never runs
// its SIGTERM handler), and a virtual-memory ceiling, so a regression that reads /dev/zero fails the test
// instead of growing the gateway by gigabytes.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CLI_ENTRY } from '../../helpers/workspace';

/** Generous for a noisy 2-core machine; a hang is unbounded, so any finite deadline tells them apart. */
export const DEADLINE_MS = 25_000;
/** ulimit -v, in KiB: far above what the gateway needs, far below what reading /dev/zero would take. */
const MEMORY_KIB = 3_000_000;

export function boundedEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '', GATEHOUSE_CATALOG_INDEX: process.env.GATEHOUSE_CATALOG_INDEX ?? '',
    HOME: home,
    XDG_STATE_HOME: join(home, '.local', 'state'),
    XDG_CONFIG_HOME: join(home, '.config'),
    // catalog_search would ask the public MCP Registry: a refused loopback URL keeps the test offline.
    GATEHOUSE_REGISTRY_URL: 'http://127.0.0.1:9',
    TERM: 'dumb',
    ...extra,
  };
}

/**
 * `sh -c 'ulimit -v N; exec node cli.js ARGS'`: the same process (exec), only with a memory ceiling. Node 22
 * reserves ~10 GB of address space per WebAssembly instance for its bounds-check guard pages (undici's HTTP
 * parser is one), which no ceiling this low allows; --disable-wasm-trap-handler (Node 20.15+, 22.2+) makes
 * WebAssembly check bounds in code instead, so the ceiling still measures real memory.
 */
function limited(args: string[]): { command: string; args: string[] } {
  return { command: 'sh', args: ['-c', `ulimit -v ${MEMORY_KIB}; exec "$0" --disable-wasm-trap-handler "$@"`, process.execPath, CLI_ENTRY, ...args] };
}

export interface BoundedRun {
  /** -1 when the deadline killed it. */
  code: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export function runCli(home: string, cwd: string, args: string[], input = ''): BoundedRun {
  const { command, args: argv } = limited(args);
  const result = spawnSync(command, argv, { cwd, env: boundedEnv(home), input, encoding: 'utf8', timeout: DEADLINE_MS, killSignal: 'SIGKILL' });
  return { code: result.status ?? -1, stdout: result.stdout ?? '', stderr: result.stderr ?? '', timedOut: result.status === null };
}

export interface StdioSession<T> {
  result: T;
  stderr: string;
}

/**
 * Starts `gatehouse serve --transport stdio --project DIR` with a real SDK client, runs `ask`, and
 * stops it. Rejects (and kills the gateway) when it does not answer within the deadline.
 */
export async function withStdioGateway<T>(home: string, project: string, ask: (client: Client, stderr: () => string) => Promise<T>): Promise<StdioSession<T>> {
  const { command, args } = limited(['serve', '--transport', 'stdio', '--project', project]);
  const transport = new StdioClientTransport({ command, args, cwd: project, env: boundedEnv(home), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-200_000);
  });
  const client = new Client({ name: 'project-files-test', version: '1.0.0' });
  const kill = () => {
    const pid = transport.pid;
    if (pid === null) return;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      kill();
      reject(new Error(`the gateway did not answer within ${DEADLINE_MS} ms; stderr:\n${stderr.slice(-2000)}`));
    }, DEADLINE_MS);
  });
  try {
    const result = await Promise.race([
      (async () => {
        await client.connect(transport, { timeout: DEADLINE_MS });
        return ask(client, () => stderr);
      })(),
      deadline,
    ]);
    return { result, stderr };
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
    kill();
  }
}

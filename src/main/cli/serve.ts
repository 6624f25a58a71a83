// `gatehouse serve`: the core in plain Node over stdio or HTTP. On stdio, stdout carries only MCP; every
// diagnostic goes to stderr. Shutdown (stdin closed, SIGINT, SIGTERM) stops every child first.
import { resolve } from 'node:path';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createGatehouse } from '../core/gatehouse';
import { assertBindable, startHttpGateway } from '../http/listener';
import { CONFIG_FLAGS, parseFlags, parsePort, UsageError } from './args';

const log = (line: string) => process.stderr.write(`gatehouse: ${line}\n`);

const FLAGS = {
  ...CONFIG_FLAGS,
  transport: { type: 'string', default: 'stdio' },
  host: { type: 'string' },
  port: { type: 'string' },
} as const;

export async function serve(argv: string[]): Promise<'running'> {
  const { values } = parseFlags(argv, FLAGS);
  const transport = values.transport;
  if (transport !== 'stdio' && transport !== 'http') {
    throw new UsageError(`--transport must be "stdio" or "http", not "${transport}"`);
  }
  const args = { ...values, transport, port: parsePort(values.port) };
  if (args.transport === 'http') assertBindable(args.host);
  const gatehouse = createGatehouse({
    cwd: process.cwd(),
    projectDir: args.project ? resolve(args.project) : undefined,
    configPath: args.config,
    log,
  });
  await gatehouse.start();

  let closeTransport: () => Promise<void> = async () => undefined;
  let stopping = false;
  const shutdown = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log(`stopping (${why})`);
    await closeTransport().catch(() => undefined);
    await gatehouse.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (args.transport === 'http') {
    let http;
    try {
      http = await startHttpGateway({ gatehouse, host: args.host, port: args.port, log });
    } catch (error) {
      // Eager servers may already run in their own process groups: stop them before reporting.
      await gatehouse.stop();
      throw error;
    }
    closeTransport = http.close;
    log(`serving MCP at ${http.url} (health: ${http.url.replace(/\/mcp$/, '/health')})`);
    return 'running';
  }
  const stdio = serveStdio(() => gatehouse.createMcpServer('stdio'), { onerror: (error) => log(`stdio: ${error.message}`) });
  closeTransport = stdio.close;
  // The client closing our stdin is how it says goodbye (and how we notice it died).
  process.stdin.once('end', () => void shutdown('stdin closed'));
  process.stdin.once('close', () => void shutdown('stdin closed'));
  return 'running';
}

// `gatehouse proxy --url http://127.0.0.1:PORT/mcp`: the stdio↔HTTP bridge on demand, for clients that
// should always use a particular running gateway. Loopback URLs only — the bridge carries a bearer token
// and a client's whole MCP traffic, neither of which may leave the machine over plain http. The token
// is the first of --auth-token-file, GATEHOUSE_AUTH_TOKEN, or the instance token when instance.json
// describes that same URL.
import { readFileSync } from 'node:fs';
import { GatewayError } from '../core/errors';
import { startBridge } from '../http/bridge';
import { parseTokenFile } from '../http/auth/shared-secret';
import { readInstanceFile } from '../state/instance-file';
import { loopbackUrl, probeHealth } from '../state/live-instance';
import { instanceFilePath } from '../state/paths';
import { parseFlags, UsageError } from './args';

const log = (line: string) => process.stderr.write(`gatehouse: ${line}\n`);

const FLAGS = {
  url: { type: 'string' },
  'auth-token-file': { type: 'string' },
} as const;

function tokenFor(url: URL, tokenFile: string | undefined): string | null {
  if (tokenFile) {
    let text: string;
    try {
      text = readFileSync(tokenFile, 'utf8');
    } catch (error) {
      throw new GatewayError('E101', `--auth-token-file: cannot read ${tokenFile} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`, { path: tokenFile },
        'check the path and that this user may read it');
    }
    return parseTokenFile(text, tokenFile)[0]?.token ?? null;
  }
  if (process.env.GATEHOUSE_AUTH_TOKEN) return process.env.GATEHOUSE_AUTH_TOKEN;
  const instance = readInstanceFile(instanceFilePath());
  if (instance.ok) {
    const announced = loopbackUrl(instance.record.url);
    if (announced && announced.port === url.port && announced.pathname === url.pathname) return instance.record.token;
  }
  return null;
}

export async function proxy(argv: string[]): Promise<number | 'running'> {
  const { values } = parseFlags(argv, FLAGS);
  if (!values.url) throw new UsageError('proxy needs --url, e.g. --url http://127.0.0.1:3344/mcp');
  const url = loopbackUrl(values.url);
  if (!url) throw new UsageError(`--url must be an http(s) URL on a loopback address (127.0.0.1, ::1, localhost), not "${values.url}"`);
  const token = tokenFor(url, values['auth-token-file']);
  if (!(await probeHealth(url, null))) {
    throw new GatewayError('E201', `no Gatehouse gateway answers at ${url.origin}/health`, { url: url.href },
      'start one with: gatehouse serve --transport http (or check --url)', true);
  }
  log(`relaying stdio to ${url.href}`);
  const bridge = await startBridge({ url, token, log });
  const stop = () => void bridge.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  void bridge.done.then((why) => process.exit(why === 'stdin-closed' ? 0 : 1));
  return 'running';
}

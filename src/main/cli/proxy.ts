// `gatehouse proxy --url http://127.0.0.1:PORT/mcp`: the stdio↔HTTP bridge on demand, for clients that
// should always use a particular running gateway. Loopback URLs only — the bridge carries a bearer token
// and a client's whole MCP traffic, neither of which may leave the machine over plain http.
//
// The token is the first of --auth-token-file, GATEHOUSE_AUTH_TOKEN, or the instance token, and it goes
// only to the gateway instance.json announces at that URL, once its listener proved it holds that run's
// token (issue 11, item 15). The announced port held by something else: proxy refuses to start and sends
// nothing. A URL nobody announced: the bridge relays without a token (a gateway in mode none works; one
// that asks for a token refuses, and stderr says why).
import { readFileSync } from 'node:fs';
import { GatewayError } from '../common/errors';
import { startBridge } from '../http/bridge';
import { parseTokenFile } from '../http/auth/shared-secret';
import { findLiveInstance, IMPOSTOR_NEXT_STEP, loopbackUrl, probeHealth } from '../state/live-instance';
import { instanceFilePath } from '../state/paths';
import { parseFlags, UsageError } from './args';
import { gatehouseRun } from '../common/gatehouse-command';

const log = (line: string) => process.stderr.write(`gatehouse: ${line}\n`);

const FLAGS = {
  url: { type: 'string' },
  'auth-token-file': { type: 'string' },
} as const;

/** The operator's token for this gateway and where it came from, or null. */
function operatorToken(tokenFile: string | undefined): { token: string; source: string } | null {
  if (tokenFile) {
    let text: string;
    try {
      text = readFileSync(tokenFile, 'utf8');
    } catch (error) {
      throw new GatewayError('E101', `--auth-token-file: cannot read ${tokenFile} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`, { path: tokenFile },
        'check the path and that this user may read it');
    }
    const token = parseTokenFile(text, tokenFile)[0]?.token;
    return token ? { token, source: `the token in ${tokenFile}` } : null;
  }
  return process.env.GATEHOUSE_AUTH_TOKEN ? { token: process.env.GATEHOUSE_AUTH_TOKEN, source: 'GATEHOUSE_AUTH_TOKEN' } : null;
}

/** Same loopback endpoint: port and path (127.0.0.1, localhost and ::1 all count as this machine). */
function sameEndpoint(url: URL, announced: string): boolean {
  const other = loopbackUrl(announced);
  return other !== null && other.port === url.port && other.pathname === url.pathname;
}

export async function proxy(argv: string[]): Promise<number | 'running'> {
  const { values } = parseFlags(argv, FLAGS);
  if (!values.url) throw new UsageError('proxy needs --url, e.g. --url http://127.0.0.1:3344/mcp');
  const url = loopbackUrl(values.url);
  if (!url) throw new UsageError(`--url must be an http(s) URL on a loopback address (127.0.0.1, ::1, localhost), not "${values.url}"`);
  const operator = operatorToken(values['auth-token-file']);
  const path = instanceFilePath();
  const live = await findLiveInstance(path);
  const announced = live.record !== undefined && sameEndpoint(url, live.record.url);
  if (announced && !live.ok && live.kind === 'impostor') throw new GatewayError('E204', live.reason, { url: url.href, instance_file: path }, IMPOSTOR_NEXT_STEP);
  if (!(await probeHealth(url))) {
    throw new GatewayError('E201', `no Gatehouse gateway answers at ${url.origin}/health`, { url: url.href },
      `start one with: ${gatehouseRun('serve --transport http')} (or check --url)`, true);
  }
  let bridgeAuth: { token: string; instanceToken: string } | null = null;
  if (live.ok && announced) bridgeAuth = { token: operator?.token ?? live.record.token, instanceToken: live.record.token };
  else if (operator) {
    const why = live.record && !announced ? `it announces ${live.record.url}` : live.ok ? 'announced' : live.reason;
    log(`${operator.source} was not sent: ${url.href} is not the gateway announced in ${path} (${why}); a token goes only to the announced gateway`);
  }
  log(`relaying stdio to ${url.href}`);
  const bridge = await startBridge({ url, token: bridgeAuth?.token ?? null, ...(bridgeAuth && { instanceToken: bridgeAuth.instanceToken }), log });
  const stop = () => void bridge.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  void bridge.done.then((why) => process.exit(why === 'stdin-closed' ? 0 : 1));
  return 'running';
}

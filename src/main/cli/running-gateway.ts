// Reaching the running gateway from the CLI (status, refresh): the one announced in instance.json, once
// its listener has proved it holds the file's per-run token (state/identity-proof.ts), or a loopback
// port nobody announced — asked without any credential. A token never goes to a listener that has not
// proved itself: not the instance token, and not the operator's GATEHOUSE_AUTH_TOKEN either (issue 11,
// item 15). One meta-tool call over the gateway's HTTP endpoint, decoded.
import { homedir } from 'node:os';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { safeMessage } from '../common/errors';
import { GATEHOUSE_VERSION } from '../common/version';
import { DEFAULT_PORT } from '../http/listener';
import { findLiveInstance, IMPOSTOR_NEXT_STEP } from '../state/live-instance';
import { instanceFilePath } from '../state/paths';
import { verifiedFetch, type FetchLike } from '../state/verified-fetch';

export type GatewayAnswer = { ok: true; body: unknown } | { ok: false; stage: 'connect' | 'call'; message: string };

export interface GatewayCallOptions {
  /** A fetch that adds the credential after the listener proved itself (verifiedFetch); none: no credential. */
  fetch?: FetchLike;
  timeoutMs?: number;
}

/**
 * Calls one gateway.* meta-tool on a running gateway over its HTTP endpoint and decodes the JSON answer.
 * `stage: 'connect'` means nothing answered as a Gatehouse there; `'call'` that the tool call itself failed.
 */
export async function callRunningGateway(url: URL, tool: string, args: Record<string, unknown> = {}, options: GatewayCallOptions = {}): Promise<GatewayAnswer> {
  const client = new Client({ name: 'gatehouse-cli', version: GATEHOUSE_VERSION });
  try {
    await client.connect(new StreamableHTTPClientTransport(url, options.fetch ? { fetch: options.fetch } : undefined), { timeout: 3000 });
  } catch (error) {
    await client.close().catch(() => undefined);
    return { ok: false, stage: 'connect', message: safeMessage(error) };
  }
  try {
    const result = await client.callTool({ name: tool, arguments: args }, { timeout: options.timeoutMs ?? 5000 });
    const first = result.content[0];
    if (first?.type !== 'text') return { ok: false, stage: 'call', message: `${tool} answered without a text block` };
    return { ok: true, body: JSON.parse(first.text) as unknown };
  } catch (error) {
    return { ok: false, stage: 'call', message: safeMessage(error) };
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * ok: the gateway to ask — with `fetch` when it is the announced one (proved; it carries the instance
 * token, accepted in every auth mode), without when it is a port nobody announced (`unannounced` says
 * why; GATEHOUSE_AUTH_TOKEN is not sent there). Not ok: the announced port is held by something else;
 * nothing may be sent to it, and `message` says so.
 */
export type GatewayTarget =
  | { ok: true; url: URL; fetch?: FetchLike; unannounced?: string }
  | { ok: false; url: URL; message: string; next: string };

export async function gatewayTarget(port: number | undefined, env: NodeJS.ProcessEnv): Promise<GatewayTarget> {
  const path = instanceFilePath({ env, home: env.HOME || homedir() });
  const live = await findLiveInstance(path);
  const record = live.record;
  const asked = record !== undefined && (port === undefined || record.port === port);
  if (live.ok && asked) {
    const url = new URL(live.record.url);
    return { ok: true, url, fetch: verifiedFetch({ url, instanceToken: live.record.token, bearer: live.record.token }) };
  }
  if (!live.ok && live.kind === 'impostor' && asked) return { ok: false, url: new URL(record.url), message: live.reason, next: IMPOSTOR_NEXT_STEP };
  const url = new URL(`http://127.0.0.1:${port ?? DEFAULT_PORT}/mcp`);
  const why = record && (live.ok || !asked) ? `it announces port ${record.port}` : live.ok ? '' : live.reason;
  return { ok: true, url, unannounced: `${url.host} is not the gateway announced in ${path} (${why})` };
}

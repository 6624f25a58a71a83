// Reaching the running gateway from the CLI (status, refresh): the one announced in instance.json with
// its per-run token, or a loopback port; one meta-tool call over its HTTP endpoint, decoded.
import { homedir } from 'node:os';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { safeMessage } from '../core/errors';
import { GATEHOUSE_VERSION } from '../core/version';
import { DEFAULT_PORT } from '../http/listener';
import { findLiveInstance } from '../state/live-instance';
import { instanceFilePath } from '../state/paths';

export type GatewayAnswer = { ok: true; body: unknown } | { ok: false; stage: 'connect' | 'call'; message: string };

export interface GatewayCallOptions {
  /** Bearer token (instance.json's, or the operator's shared secret) for a gateway that asks for one. */
  token?: string | null;
  timeoutMs?: number;
}

/**
 * Calls one gateway.* meta-tool on a running gateway over its HTTP endpoint and decodes the JSON answer.
 * `stage: 'connect'` means nothing answered as a Gatehouse there; `'call'` that the tool call itself failed.
 */
export async function callRunningGateway(url: URL, tool: string, args: Record<string, unknown> = {}, options: GatewayCallOptions = {}): Promise<GatewayAnswer> {
  const client = new Client({ name: 'gatehouse-cli', version: GATEHOUSE_VERSION });
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  try {
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }), { timeout: 3000 });
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
 * The gateway announced in instance.json (its URL and per-run token, accepted in every auth mode) when
 * it is the one asked for; otherwise the loopback port, with the operator's GATEHOUSE_AUTH_TOKEN if set.
 */
export async function gatewayTarget(port: number | undefined, env: NodeJS.ProcessEnv): Promise<{ url: URL; token: string | null }> {
  const live = await findLiveInstance(instanceFilePath({ env, home: env.HOME || homedir() }));
  if (live.ok && (port === undefined || live.record.port === port)) return { url: new URL(live.record.url), token: live.record.token };
  return { url: new URL(`http://127.0.0.1:${port ?? DEFAULT_PORT}/mcp`), token: env.GATEHOUSE_AUTH_TOKEN || null };
}

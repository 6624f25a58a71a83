// `gatehouse refresh [--force] [--source claude_config|custom] [--port N] [--json]`: asks the running
// gateway to re-read its configuration (the gateway.refresh meta-tool, over its HTTP endpoint as
// `gatehouse status` reaches it) and says what changed. Exit 0 refreshed, 1 no gateway or refused, or
// the announced gateway's port held by something else (then nothing at all is sent).
import { readableError } from '../logs/error-text';
import { processIo, type CliIo } from '../runtime/cli-io';
import { probeHealth } from '../state/live-instance';
import { parseFlags, parsePort, UsageError } from './args';
import { callRunningGateway, gatewayTarget, type GatewayTarget } from './running-gateway';
import { gatehouseRun } from '../common/gatehouse-command';

const FLAGS = {
  force: { type: 'boolean', default: false },
  source: { type: 'string' },
  port: { type: 'string' },
  json: { type: 'boolean', default: false },
} as const;

const SOURCES = ['claude_config', 'custom'];
/** A forced refresh stops servers (up to 10 s each, in parallel) before it answers. */
const REFRESH_TIMEOUT_MS = 60_000;

/** The gateway.refresh answer (gateway/tools/refresh.ts); fields absent when the refresh was refused. */
interface RefreshAnswer {
  ok: boolean;
  revision_id?: string;
  /** GatewayError objects (code, message, …). */
  errors?: unknown[];
  servers_seen?: number;
  servers_online?: number;
  tools_indexed?: number;
  servers_started?: string[];
  servers_stopped?: string[];
  servers_restarted?: string[];
  pending_requests_cancelled?: number;
  pending_requests_refused?: number;
  mcp_tasks_cancelled?: number;
  mcp_tasks_refused?: number;
  mcp_tasks_remaining?: number;
}

const list = (names: string[] | undefined) => (names?.length ? names.join(', ') : '-');

const errorsOf = (answer: RefreshAnswer) => (answer.errors ?? []).map(readableError);

function refusal(answer: RefreshAnswer): string {
  const pending = answer.pending_requests_refused ?? 0;
  const tasks = answer.mcp_tasks_refused ?? 0;
  if (pending || tasks) {
    return `refresh refused: ${pending} request(s) pending and ${tasks} task(s) active; wait for them, or run "${gatehouseRun('refresh --force')}" to cancel them`;
  }
  // Reloaded but not ok: a task a downstream server would not cancel, or a policy that no longer parses.
  const remaining = answer.mcp_tasks_remaining ? [`${answer.mcp_tasks_remaining} task(s) could not be cancelled downstream`] : [];
  const reasons = [...remaining, ...errorsOf(answer)].join('; ') || 'the gateway gave no reason';
  return answer.servers_started ? `refreshed, but not cleanly: ${reasons}` : `refresh failed: ${reasons}`;
}

/**
 * Why nothing took the call: no gateway at all, or one that refused this client. A port nobody announced
 * is asked without a token, so an auth-requiring gateway there refuses: say that GATEHOUSE_AUTH_TOKEN was
 * deliberately not sent (tokens go only to the announced gateway, after it proved itself).
 */
async function unreachable(target: Extract<GatewayTarget, { ok: true }>, message: string, env: NodeJS.ProcessEnv): Promise<string> {
  const { url } = target;
  if (!(await probeHealth(url))) return `no gateway is running at ${url.href}; start one with "${gatehouseRun('serve --transport http')}" (or the desktop app), or pass --port`;
  if (target.unannounced) {
    const withheld = env.GATEHOUSE_AUTH_TOKEN ? ', and GATEHOUSE_AUTH_TOKEN was not sent to it' : '';
    return `the gateway at ${url.href} refused the connection (${message})${withheld}: ${target.unannounced}; a token goes only to the gateway announced there`;
  }
  return `the gateway at ${url.href} refused the connection (${message})`;
}

function summary(answer: RefreshAnswer, url: URL): string {
  const lines = [
    `Refreshed the gateway at ${url.href} (${answer.revision_id ?? 'no revision'}).`,
    `  started:   ${list(answer.servers_started)}`,
    `  stopped:   ${list(answer.servers_stopped)}`,
    `  restarted: ${list(answer.servers_restarted)}`,
  ];
  const cancelled = answer.pending_requests_cancelled ?? 0;
  const tasks = answer.mcp_tasks_cancelled ?? 0;
  if (cancelled || tasks) lines.push(`  cancelled: ${cancelled} pending request(s), ${tasks} task(s) (--force)`);
  lines.push(`${answer.servers_seen ?? 0} server(s) known, ${answer.servers_online ?? 0} online, ${answer.tools_indexed ?? 0} tool(s) indexed.`);
  if (answer.ok) for (const error of errorsOf(answer)) lines.push(`problem: ${error}`);
  return `${lines.join('\n')}\n`;
}

export async function refresh(argv: string[], io: CliIo = processIo()): Promise<number> {
  const { values } = parseFlags(argv, FLAGS);
  if (values.source !== undefined && !SOURCES.includes(values.source)) {
    throw new UsageError(`--source must be "claude_config" or "custom", not "${values.source}"`);
  }
  const target = await gatewayTarget(parsePort(values.port), io.env);
  const { url } = target;
  if (!target.ok) {
    if (values.json) io.stdout(`${JSON.stringify({ ok: false, gateway: { url: url.href }, errors: [target.message] })}\n`);
    io.stderr(`gatehouse: ${target.message}\nnext step: ${target.next}\n`);
    return 1;
  }
  const args = { force: values.force, reason: 'gatehouse refresh', ...(values.source && { source: values.source }) };
  const answer = await callRunningGateway(url, 'gateway.refresh', args, { fetch: target.fetch, timeoutMs: REFRESH_TIMEOUT_MS });
  if (!answer.ok) {
    const message = answer.stage === 'connect' ? await unreachable(target, answer.message, io.env) : `the gateway at ${url.href} did not answer the refresh: ${answer.message}`;
    if (values.json) io.stdout(`${JSON.stringify({ ok: false, gateway: { url: url.href }, errors: [message] })}\n`);
    io.stderr(`gatehouse: ${message}\n`);
    return 1;
  }
  const body = answer.body as RefreshAnswer;
  if (values.json) io.stdout(`${JSON.stringify({ ...body, gateway: { url: url.href } })}\n`);
  else if (body.servers_started) io.stdout(summary(body, url));
  if (!body.ok) io.stderr(`gatehouse: ${refusal(body)}\n`);
  return body.ok ? 0 : 1;
}

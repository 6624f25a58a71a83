// `gatehouse provision NAME [--port N] [--json]`: asks the running gateway to provision a server (the
// gateway.provision meta-tool, the same install job an agent starts) and follows the job with
// gateway.provision_status until it ends: a progress bar on a terminal, one line per stage otherwise.
// A failure prints the installer's last lines; a missing credential says how to store it. Exit 0 ready,
// 1 failed, refused or no gateway.
import { readableError } from '../logs/error-text';
import { processIo, type CliIo } from '../runtime/cli-io';
import { parseFlags, parsePort, UsageError } from './args';
import { render, stageLines, type StatusView } from './provision-progress';
import { callRunningGateway, gatewayTarget, type GatewayTarget } from './running-gateway';
import { gatehouseRun } from '../common/gatehouse-command';

const FLAGS = { port: { type: 'string' }, json: { type: 'boolean', default: false } } as const;
const POLL_MS = 400;
/** An install may be slow, but a job that never ends must not hold the terminal forever. */
const FOLLOW_LIMIT_MS = 15 * 60 * 1000;

export interface ProvisionIo extends CliIo {
  /** Whether stdout is a terminal (the bar is redrawn there); its width when it is. */
  tty: boolean;
  columns?: number;
}

interface Answer {
  ok?: boolean;
  status?: string;
  message?: string;
  job_id?: string;
  new_tools?: string[];
  needs_api_key?: boolean;
  env_var?: string | null;
  env_instructions?: string | null;
  next_step?: string | null;
}

interface Status extends StatusView {
  output_tail?: string[];
  new_tools?: string[];
  version?: string | null;
  package?: string | null;
  error?: unknown;
}

const done = (status: string) => ['complete', 'failed', 'timeout', 'not_found'].includes(status);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function processProvisionIo(): ProvisionIo {
  return { ...processIo(), tty: Boolean(process.stdout.isTTY), columns: process.stdout.columns };
}

async function call(target: Extract<GatewayTarget, { ok: true }>, tool: string, args: Record<string, unknown>) {
  return callRunningGateway(target.url, tool, args, { fetch: target.fetch, timeoutMs: 30_000 });
}

export async function provision(argv: string[], io: ProvisionIo = processProvisionIo()): Promise<number> {
  const { values, positionals } = parseFlags(argv, FLAGS, 1);
  const name = positionals[0];
  if (!name) throw new UsageError('provision needs a server name, as in: gatehouse provision memory');
  const fail = (message: string, extra: Record<string, unknown> = {}) => {
    if (values.json) io.stdout(`${JSON.stringify({ ok: false, server: name, message, ...extra })}\n`);
    io.stderr(`gatehouse: ${message}\n`);
    return 1;
  };
  const target = await gatewayTarget(parsePort(values.port), io.env);
  if (!target.ok) return fail(`${target.message}; next step: ${target.next}`);
  const started = await call(target, 'gateway.provision', { server_name: name });
  if (!started.ok) {
    return fail(started.stage === 'connect' ? `no gateway answered at ${target.url.href}; start one with "${gatehouseRun('serve --transport http')}" (or the desktop app), or pass --port` : `the gateway did not answer the provision call: ${started.message}`);
  }
  const answer = started.body as Answer;
  if (answer.status !== 'started' || !answer.job_id) {
    if (values.json) io.stdout(`${JSON.stringify(answer)}\n`);
    if (answer.ok) {
      if (!values.json) io.stdout(`${answer.message ?? `${name} is ready.`}${answer.new_tools?.length ? ` Tools: ${answer.new_tools.join(', ')}.` : ''}\n`);
      return 0;
    }
    const lines = [`gatehouse: ${answer.message ?? `provisioning ${name} failed`}`];
    if (answer.needs_api_key && answer.env_var) {
      // The instructions end with the agent's way to store the value; the operator gets the CLI's below.
      if (answer.env_instructions) lines.push(`where to get it: ${answer.env_instructions.replace(/\.? Then store it with gateway\.auth_connect\(.*$/su, '')}`);
      lines.push(`next step: ${gatehouseRun(`secrets set ${answer.env_var}`)}, then ${gatehouseRun(`provision ${name}`)} again`);
    } else if (answer.next_step) lines.push(`next step: ${answer.next_step}`);
    io.stderr(`${lines.join('\n')}\n`);
    return 1;
  }

  if (!values.json) io.stdout(`Provisioning ${name} (job ${answer.job_id}) on the gateway at ${target.url.href}\n`);
  const shown = new Map<string, string>();
  const deadline = Date.now() + FOLLOW_LIMIT_MS;
  let last: Status | null = null;
  while (Date.now() < deadline) {
    const polled = await call(target, 'gateway.provision_status', { job_id: answer.job_id });
    if (!polled.ok) return fail(`lost the gateway while following job ${answer.job_id}: ${polled.message}`);
    last = polled.body as Status;
    if (!values.json) render(io.stdout, last, io.tty, shown, io.columns);
    if (done(last.status)) break;
    await sleep(POLL_MS);
  }
  if (!last || !done(last.status)) return fail(`job ${answer.job_id} is still running after ${FOLLOW_LIMIT_MS / 60_000} minutes; follow it with gateway.provision_status`);
  if (values.json) {
    io.stdout(`${JSON.stringify({ ...last, ok: last.status === 'complete' })}\n`);
    return last.status === 'complete' ? 0 : 1;
  }
  if (io.tty) {
    // The bar is replaced by the stages as they ended.
    io.stdout('\r\u001b[2K');
    for (const line of stageLines(last, new Map())) io.stdout(`${line}\n`);
  }
  if (last.status === 'complete') {
    io.stdout(`${last.message}${last.new_tools?.length ? ` Tools: ${last.new_tools.join(', ')}.` : ''}\n`);
    return 0;
  }
  const tail = last.output_tail ?? [];
  const error = last.error ? readableError(last.error) : null;
  io.stderr(`gatehouse: ${last.message}\n${error && !error.endsWith(last.message) ? `error: ${error}\n` : ''}${tail.length ? `installer's last lines:\n${tail.map((l) => `  | ${l}`).join('\n')}\n` : ''}`);
  return 1;
}

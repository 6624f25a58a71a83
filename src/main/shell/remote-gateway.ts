// The desktop app attached to a headless gateway (`gatehouse serve --transport http`) announced in
// instance.json: its health is read with gateway.health and its servers started and stopped with
// gateway.connect_server / gateway.disconnect_server, over one MCP session that sends the per-run token
// only after the listener proved it holds it (state/verified-fetch.ts). That gateway pushes nothing the
// app could subscribe to, so its health is asked every POLL_MS and a snapshot pushed only on a change.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { HealthRow, HealthSnapshot, ServerActionResult } from '../../shared/domain';
import { safeMessage } from '../common/errors';
import { GATEHOUSE_VERSION } from '../common/version';
import type { InstanceRecord } from '../state/instance-file';
import { verifiedFetch } from '../state/verified-fetch';
import { rowFromHealth } from './remote-rows';

export const POLL_MS = 2000;
/** This many failed asks in a row and the gateway counts as gone. */
const LOST_AFTER = 2;

export interface RemoteGateway {
  record: InstanceRecord;
  snapshot(): HealthSnapshot;
  startServer(name: string): Promise<ServerActionResult>;
  stopServer(name: string): Promise<ServerActionResult>;
  close(): Promise<void>;
}

export interface RemoteInput {
  record: InstanceRecord;
  onSnapshot(snapshot: HealthSnapshot): void;
  /** The gateway stopped answering (it quit, or was stopped). */
  onLost(reason: string): void;
  log(line: string): void;
  pollMs?: number;
}

export async function attachRemoteGateway({ record, onSnapshot, onLost, log, pollMs = POLL_MS }: RemoteInput): Promise<RemoteGateway> {
  const url = new URL(record.url);
  const fetch = verifiedFetch({ url, instanceToken: record.token, bearer: record.token });
  let client: Client | null = null;
  let closed = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: HealthSnapshot = { generation: 0, rows: [] };

  const connected = async (): Promise<Client> => {
    if (client) return client;
    const fresh = new Client({ name: 'gatehouse-desktop', version: GATEHOUSE_VERSION });
    await fresh.connect(new StreamableHTTPClientTransport(url, { fetch }), { timeout: 5000 });
    client = fresh;
    return fresh;
  };

  const call = async (tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
    try {
      const result = await (await connected()).callTool({ name: tool, arguments: args }, { timeout: 30_000 });
      const first = result.content[0];
      if (first?.type !== 'text') throw new Error(`${tool} answered without a text block`);
      return JSON.parse(first.text) as Record<string, unknown>;
    } catch (error) {
      // The next call reconnects: the session may have expired, or the gateway restarted.
      await client?.close().catch(() => undefined);
      client = null;
      throw error;
    }
  };

  const readHealth = async (): Promise<void> => {
    const body = await call('gateway.health', {});
    const servers = Array.isArray(body.servers) ? body.servers : [];
    const rows: HealthRow[] = [];
    for (const entry of servers) {
      const row = rowFromHealth(entry);
      if (row) rows.push(row);
      else log(`attached gateway: skipped a server entry the panel cannot read: ${JSON.stringify(entry).slice(0, 200)}`);
    }
    if (JSON.stringify(rows) === JSON.stringify(current.rows) && current.generation > 0) return;
    current = { generation: current.generation + 1, rows };
    onSnapshot(current);
  };

  const poll = (): void => {
    timer = setTimeout(() => {
      readHealth().then(
        () => {
          failures = 0;
          if (!closed) poll();
        },
        (error: unknown) => {
          failures++;
          if (closed) return;
          if (failures >= LOST_AFTER) onLost(`the gateway at ${record.url} (pid ${record.pid}) stopped answering: ${safeMessage(error)}`);
          else poll();
        },
      );
    }, pollMs);
  };

  const action = async (tool: 'gateway.connect_server' | 'gateway.disconnect_server', name: string): Promise<ServerActionResult> => {
    try {
      const body = await call(tool, { server_name: name });
      await readHealth().catch(() => undefined);
      const row = current.rows.find((candidate) => candidate.name === name) ?? null;
      return { ok: body.ok === true, row, message: typeof body.message === 'string' ? body.message : `${tool} answered` };
    } catch (error) {
      return { ok: false, row: null, message: `the attached gateway (pid ${record.pid}) did not answer: ${safeMessage(error)}` };
    }
  };

  await readHealth(); // attach fails here, before anything is shown, when the gateway does not answer
  poll();
  return {
    record,
    snapshot: () => current,
    startServer: (name) => action('gateway.connect_server', name),
    stopServer: (name) => action('gateway.disconnect_server', name),
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.close().catch(() => undefined);
      client = null;
    },
  };
}

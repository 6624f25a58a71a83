// The panel's own MCP session with the gateway: an operator session (it sees every client's calls and
// tasks) reached through an in-memory pair. The panel's search, invoke, cancel and startup-policy writes
// go through it, so they take exactly the meta-tools' path: argument checks, policy, redaction, audit.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import type { Server } from '@modelcontextprotocol/server';
import type { Tool } from '@modelcontextprotocol/client';
import { GATEHOUSE_VERSION } from '../common/version';

export const PANEL_SESSION_ID = 'panel';

export interface MetaAnswer {
  /** The meta-tool's JSON answer (every meta-tool answers with one text block of JSON). */
  body: Record<string, unknown>;
  /** Content blocks after the JSON one (an invoke's images or resources passed through). */
  extra: Record<string, unknown>[];
  isError: boolean;
}

export interface OperatorSession {
  call(name: string, args: Record<string, unknown>): Promise<MetaAnswer>;
  /** The gateway.* tool list exactly as a client receives it. */
  listTools(): Promise<Tool[]>;
  close(): Promise<void>;
}

export function createOperatorSession(createServer: () => Server): OperatorSession {
  let opened: Promise<{ client: Client; server: Server }> | null = null;
  const open = () => {
    opened ??= (async () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const server = createServer();
      await server.connect(serverSide);
      const client = new Client({ name: 'Gatehouse panel', version: GATEHOUSE_VERSION });
      await client.connect(clientSide);
      return { client, server };
    })();
    // A failed open is tried again on the next call rather than remembered forever.
    opened.catch(() => {
      opened = null;
    });
    return opened;
  };
  return {
    async call(name, args) {
      const { client } = await open();
      // The core's own request ceiling bounds a call; the SDK's 60 s default would cut a long invoke short.
      const result = await client.callTool({ name, arguments: args }, { timeout: 600_000, resetTimeoutOnProgress: true });
      const [first, ...rest] = result.content as Record<string, unknown>[];
      const text = first?.type === 'text' && typeof first.text === 'string' ? first.text : '';
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // Input validation errors are plain text, not JSON.
        body = { error: true, message: text || `${name} gave no answer` };
      }
      return { body, extra: rest, isError: result.isError === true };
    },
    async listTools() {
      const { client } = await open();
      return (await client.listTools()).tools;
    },
    async close() {
      const current = opened;
      opened = null;
      if (!current) return;
      const { client, server } = await current.catch(() => ({ client: null, server: null }));
      await client?.close().catch(() => undefined);
      await server?.close().catch(() => undefined);
    },
  };
}

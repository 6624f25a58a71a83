// The L3 resource over a real SDK server and client (served the way `gatehouse serve` serves stdio:
// serveStdio, both eras): listed and read when on; resource-not-found when off, with the era's code on
// the wire (-32002 in 2025-11-25, -32602 in 2026-07-28). The SDK client reports both as -32602, so the
// wire itself is checked.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { ProtocolError, ResourceNotFoundError, Server, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUIDANCE_URI, loadGuidance, PMCP_GUIDANCE_URI, type Guidance } from '../../../src/main/gateway/guidance';
import { withLegacyResourceNotFound } from '../../../src/main/gateway/guidance/legacy-not-found';

let root: string;
const open: { client: Client; close(): Promise<void> }[] = [];
let wire: JSONRPCMessage[];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-guidance-resource-'));
  wire = [];
});
afterEach(async () => {
  for (const { client, close } of open.splice(0)) {
    await client.close();
    await close();
  }
  rmSync(root, { recursive: true, force: true });
});

function guidanceAt(level: string): Guidance {
  const path = join(root, `${level}.yaml`);
  writeFileSync(path, `guidance:\n  level: ${level}\n`);
  return loadGuidance({ path, env: {}, homeDir: root });
}

function createServer(guidance: Guidance): Server {
  const server = new Server({ name: 'g', version: '1' }, { capabilities: { resources: {} } });
  server.setRequestHandler('resources/list', async () => ({ resources: guidance.listResources() }));
  server.setRequestHandler('resources/read', async (request) => {
    if (request.params.uri === 'x://malformed') throw new ProtocolError(-32602, 'malformed uri', { uri: request.params.uri, reason: 'syntax' });
    const found = guidance.readResource(request.params.uri);
    if (!found) throw new ResourceNotFoundError(request.params.uri);
    return found;
  });
  return server;
}

async function connect(guidance: Guidance, modern: boolean): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const send = serverSide.send.bind(serverSide);
  serverSide.send = async (message, options) => {
    wire.push(message);
    return send(message, options);
  };
  const handle = serveStdio(() => createServer(guidance), { transport: withLegacyResourceNotFound(serverSide) });
  const client = new Client({ name: 'c', version: '1' }, modern ? { versionNegotiation: { mode: 'auto' } } : {});
  await client.connect(clientSide);
  open.push({ client, close: () => handle.close() });
  return client;
}

/** The error code the server put on the wire for a read of `uri`. */
async function readCode(client: Client, uri: string): Promise<number | undefined> {
  await client.readResource({ uri }).catch(() => undefined);
  const last = wire.at(-1);
  return last && 'error' in last ? last.error.code : undefined;
}

describe('guidance resource on the wire', () => {
  it('lists the gatehouse:// URI and reads both URIs while L3 is on', async () => {
    const client = await connect(guidanceAt('minimal'), false);
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([GUIDANCE_URI]);
    for (const uri of [GUIDANCE_URI, PMCP_GUIDANCE_URI]) {
      const { contents } = await client.readResource({ uri });
      expect(contents[0]).toMatchObject({ uri, mimeType: 'text/markdown', text: expect.stringContaining('# Orchestrating Gatehouse tools with code') });
    }
  });

  it.each([
    [false, '2025-11-25', -32002],
    [true, '2026-07-28', -32602],
  ])('with L3 off answers not-found in the negotiated era (modern=%s → %s → %i)', async (modern, era, code) => {
    const client = await connect(guidanceAt('off'), modern);
    expect(client.getNegotiatedProtocolVersion()).toBe(era);
    expect((await client.listResources()).resources).toEqual([]);
    expect(await readCode(client, GUIDANCE_URI)).toBe(code);
    expect(await readCode(client, PMCP_GUIDANCE_URI)).toBe(code);
  });

  it('leaves other invalid-params errors alone in the 2025 era', async () => {
    const client = await connect(guidanceAt('minimal'), false);
    expect(await readCode(client, 'x://malformed')).toBe(-32602);
    expect(await readCode(client, 'x://unknown')).toBe(-32002);
  });
});

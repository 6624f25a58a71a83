// The era shortcut must route every POST exactly as the SDK's own classification does.
import { classifyInboundRequest } from '@modelcontextprotocol/server';
import { expect, it } from 'vitest';
import { isLegacyPost, type EraHeaders } from '../../../src/main/http/era';
import { classifyParsed } from '../../../src/main/http/jsonrpc';

const CLAIM = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const bodies: unknown[] = [
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'gateway.invoke', arguments: {} } },
  { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: { progressToken: 3 } } },
  { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: CLAIM } },
  { jsonrpc: '2.0', id: 4, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': 7 } } },
  { jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } } },
  { jsonrpc: '2.0', id: 6, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } },
  { jsonrpc: '2.0', id: 7, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' }, _meta: CLAIM } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: CLAIM } },
  { jsonrpc: '2.0', id: 8, result: {} },
  { jsonrpc: '2.0', id: 9, error: { code: -1, message: 'no' } },
];
const headerSets: EraHeaders[] = [
  {},
  { protocolVersion: '2025-11-25' },
  { protocolVersion: '2025-03-26' },
  { protocolVersion: '2026-07-28' },
  { protocolVersion: '2026-07-28', method: 'tools/list' },
  { protocolVersion: '2027-01-01' },
  { protocolVersion: 'not a version' },
  { method: 'tools/call', name: 'gateway.invoke' },
];

it('routes every message and header combination as classifyInboundRequest does', () => {
  let compared = 0;
  for (const body of bodies) {
    const classified = classifyParsed(body);
    if (!classified.ok) throw new Error(`not a message: ${JSON.stringify(body)}`);
    for (const headers of headerSets) {
      const sdk = classifyInboundRequest({ httpMethod: 'POST', protocolVersionHeader: headers.protocolVersion, mcpMethodHeader: headers.method, mcpNameHeader: headers.name, body }).kind === 'legacy';
      expect(isLegacyPost(classified.inbound, headers), `${JSON.stringify(body)} with ${JSON.stringify(headers)}`).toBe(sdk);
      compared++;
    }
  }
  expect(compared).toBe(bodies.length * headerSets.length);
});

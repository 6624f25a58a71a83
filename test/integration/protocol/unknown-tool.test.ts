// An unknown tool name in a direct tools/call is a protocol error (MCP: "Unknown tool" is -32602 Invalid
// params), not a tool result with isError: a client must not read it as the output of a tool that ran.
import { ProtocolError } from '@modelcontextprotocol/client';
import { expect, it } from 'vitest';
import { coreForFile } from '../../helpers/core';
import { everythingServer } from '../../helpers/workspace';

const shared = coreForFile({ mcpServers: { everything: everythingServer() } });

it.each(['gateway.nope', 'everything::echo', 'echo'])('answers tools/call of %s with JSON-RPC -32602', async (name) => {
  const failure = await shared.core.client.callTool({ name, arguments: {} }).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ProtocolError);
  expect(failure).toMatchObject({ code: -32602, message: expect.stringContaining(`Unknown tool: ${name}`) });
});

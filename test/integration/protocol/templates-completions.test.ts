// Resource templates and completions of a downstream server (server-everything) through the real
// gateway: resources/templates/list keeps the downstream template text, a URI built from a template is
// read bare, and completion/complete reaches `server::prompt` arguments and resource templates — with
// policy applied first. Over an in-memory session and over the HTTP listener in both eras.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../../helpers/workspace';
import { LANES, openProtocolGateway, type ProtocolGateway } from './gateway';

const TEXT_TEMPLATE = 'demo://resource/dynamic/text/{resourceId}';
const POLICY = 'prompts:\n  denylist: ["everything::args-prompt"]\nresources:\n  denylist: ["everything::demo://resource/dynamic/blob/*"]\n';

function checks(client: () => Client) {
  it('lists the downstream resource templates under their own text, minus what policy denies', async () => {
    const { resourceTemplates } = await client().listResourceTemplates();
    const texts = resourceTemplates.map((t) => t.uriTemplate);
    expect(texts).toContain(TEXT_TEMPLATE);
    expect(texts.some((t) => t.startsWith('demo://resource/dynamic/blob/'))).toBe(false);
  });

  it('reads a URI built from a template, bare and qualified', async () => {
    const bare = await client().readResource({ uri: 'demo://resource/dynamic/text/3' });
    expect(bare.contents[0]).toMatchObject({ uri: 'demo://resource/dynamic/text/3' });
    const qualified = await client().readResource({ uri: 'everything::demo://resource/dynamic/text/3' });
    expect(qualified.contents[0]).toMatchObject({ uri: 'demo://resource/dynamic/text/3' });
  });

  it('completes server::prompt arguments, using the context of earlier arguments', async () => {
    const ref = { type: 'ref/prompt' as const, name: 'everything::completable-prompt' };
    const department = await client().complete({ ref, argument: { name: 'department', value: 'Eng' } });
    expect(department.completion.values).toEqual(['Engineering']);
    const name = await client().complete({ ref, argument: { name: 'name', value: '' }, context: { arguments: { department: 'Sales' } } });
    expect(name.completion.values).toEqual(['David', 'Eve', 'Frank']);
  });

  it('completes a prompt argument by the bare prompt name one running server lists', async () => {
    const bare = await client().complete({ ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'Eng' } });
    expect(bare.completion.values).toEqual(['Engineering']);
  });

  it('completes a resource template argument, bare and qualified', async () => {
    const argument = { name: 'resourceId', value: '42' };
    const bare = await client().complete({ ref: { type: 'ref/resource', uri: TEXT_TEMPLATE }, argument });
    expect(bare.completion.values).toEqual(['42']);
    const qualified = await client().complete({ ref: { type: 'ref/resource', uri: `everything::${TEXT_TEMPLATE}` }, argument });
    expect(qualified.completion.values).toEqual(['42']);
  });

  it('refuses completions for a denied prompt or template and for unknown ones', async () => {
    const argument = { name: 'x', value: '' };
    await expect(client().complete({ ref: { type: 'ref/prompt', name: 'everything::args-prompt' }, argument })).rejects.toThrow(/blocked by policy/);
    await expect(client().complete({ ref: { type: 'ref/resource', uri: 'everything::demo://resource/dynamic/blob/{resourceId}' }, argument })).rejects.toThrow(/blocked by policy/);
    await expect(client().complete({ ref: { type: 'ref/prompt', name: 'no-such-prompt' }, argument })).rejects.toThrow(/Unknown prompt/);
    await expect(client().complete({ ref: { type: 'ref/resource', uri: 'nowhere://{x}' }, argument })).rejects.toThrow(/Unknown resource template/);
  });
}

let gateway: ProtocolGateway;
beforeAll(async () => {
  gateway = await openProtocolGateway({ mcpServers: { everything: everythingServer() } }, { policy: POLICY });
  await gateway.gatehouse.api.startServer({ name: 'everything' });
});
afterAll(async () => gateway?.close());

describe.each(LANES)('%s', (lane) => {
  let client: Client;
  beforeAll(async () => {
    client = await gateway.connect(lane);
  });
  it('advertises completions', () => {
    expect(client.getServerCapabilities()?.completions).toBeDefined();
  });
  checks(() => client);
});

// Downstream resources and prompts through the gateway, against server-everything: listed with their
// own URIs and `server::name` prompt names, read by bare URI or `server::uri` (also through a resource
// template), messages intact.
import { beforeAll, expect, it } from 'vitest';
import { coreForFile } from '../helpers/core';
import { everythingServer } from '../helpers/workspace';

const shared = coreForFile({ mcpServers: { everything: everythingServer() } });
beforeAll(async () => {
  await shared.core.gatehouse.api.startServer({ name: 'everything' });
});

it('lists and reads downstream resources by bare and qualified URI', async () => {
  const { resources } = await shared.core.client.listResources();
  expect(resources.length).toBeGreaterThan(0);
  const text = resources.find((r) => r.mimeType?.startsWith('text/') && !r.uri.startsWith('gatehouse://'));
  expect(text).toBeDefined();
  const bare = await shared.core.client.readResource({ uri: text!.uri });
  const qualified = await shared.core.client.readResource({ uri: `everything::${text!.uri}` });
  expect(bare.contents[0]).toMatchObject({ uri: text!.uri });
  expect(qualified.contents).toEqual(bare.contents);
  await expect(shared.core.client.readResource({ uri: 'nowhere://missing' })).rejects.toThrow();
});

it('reads a URI of a downstream resource template, and refuses a URI the server neither lists nor templates', async () => {
  const templated = await shared.core.client.readResource({ uri: 'everything::demo://resource/dynamic/text/7' });
  expect(templated.contents[0]).toMatchObject({ uri: 'demo://resource/dynamic/text/7' });
  await expect(shared.core.client.readResource({ uri: 'everything::demo://resource/elsewhere/7' })).rejects.toThrow(/Resource not found/);
});

it('serves the guidance resource under both its URIs', async () => {
  const { resources } = await shared.core.client.listResources();
  expect(resources.map((r) => r.uri)).toContain('gatehouse://guidance/code-execution');
  const ours = await shared.core.client.readResource({ uri: 'gatehouse://guidance/code-execution' });
  const pmcp = await shared.core.client.readResource({ uri: 'pmcp://guidance/code-execution' });
  expect(ours.contents[0]).toHaveProperty('text');
  expect((pmcp.contents[0] as { text: string }).text).toBe((ours.contents[0] as { text: string }).text);
});

it('lists prompts as server::name and gets one with its messages unchanged', async () => {
  const { prompts } = await shared.core.client.listPrompts();
  expect(prompts.length).toBeGreaterThan(0);
  expect(prompts.every((p) => p.name.startsWith('everything::'))).toBe(true);
  const simple = prompts.find((p) => !(p.arguments ?? []).some((a) => a.required));
  expect(simple).toBeDefined();
  const got = await shared.core.client.getPrompt({ name: simple!.name });
  expect(got.messages.length).toBeGreaterThan(0);
  await expect(shared.core.client.getPrompt({ name: 'nope::nothing' })).rejects.toThrow(/Unknown prompt/);
});

it('gets a prompt by its bare name when one running server lists it, as bare resource URIs are read', async () => {
  const { prompts } = await shared.core.client.listPrompts();
  const simple = prompts.find((p) => !(p.arguments ?? []).some((a) => a.required));
  const bare = simple!.name.slice('everything::'.length);
  const byBare = await shared.core.client.getPrompt({ name: bare });
  const byNamed = await shared.core.client.getPrompt({ name: simple!.name });
  expect(byBare.messages).toEqual(byNamed.messages);
  await expect(shared.core.client.getPrompt({ name: 'no-such-prompt' })).rejects.toThrow(/Unknown prompt/);
});

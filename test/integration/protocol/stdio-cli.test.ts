// The passthrough over real stdio: the built CLI (`gatehouse serve --transport stdio`) as a child process
// with a real SDK client in front of it and server-everything behind it. The client's sampling handler
// answers a relayed request, its subscription gets updates, and log lines arrive at its level.
import { Client, type LoggingMessageNotification } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { gatewayEnv } from '../contract/helpers/gateway';
import { connectStdioCli } from '../../helpers/cli-process';
import { invoke } from '../../helpers/invoke';
import { waitFor } from '../../helpers/wait';
import { createWorkspace, everythingServer, type Workspace } from '../../helpers/workspace';

let workspace: Workspace;
let client: Client;
const asked: unknown[] = [];
const lines: LoggingMessageNotification['params'][] = [];
const updates: string[] = [];

beforeAll(async () => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { everything: everythingServer() } }, undefined, { approve: true });
  client = new Client({ name: 'stdio-passthrough', version: '1.0.0' }, { capabilities: { sampling: {} } });
  client.setRequestHandler('sampling/createMessage', async (request) => {
    asked.push(request.params);
    return { role: 'assistant', content: { type: 'text', text: 'over stdio 9e2b' }, model: 'test-model' };
  });
  client.setNotificationHandler('notifications/message', (n) => void lines.push(n.params));
  client.setNotificationHandler('notifications/resources/updated', (n) => void updates.push(n.params.uri));
  await connectStdioCli(client, { project: workspace.project, env: gatewayEnv(workspace.home) });
}, 60_000);

afterAll(async () => {
  await client?.close();
  workspace?.cleanup();
});

it('relays the server\'s sampling request to the stdio client and returns its answer', async () => {
  const outcome = await invoke(client, 'everything::trigger-sampling-request', { prompt: 'over the pipe', maxTokens: 5 });
  expect(outcome.ok).toBe(true);
  expect(outcome.text).toContain('over stdio 9e2b');
  expect(JSON.stringify(asked)).toContain('over the pipe');
}, 60_000);

it('delivers the updates of a resource the stdio client subscribed to, and log lines at its level', async () => {
  const { resources } = await client.listResources();
  const uri = resources.find((r) => r.uri.startsWith('demo://resource/static/document/'))?.uri;
  if (!uri) throw new Error('server-everything lists no static document');
  await client.setLoggingLevel('debug');
  await client.subscribeResource({ uri });
  expect((await invoke(client, 'everything::toggle-subscriber-updates')).ok).toBe(true);
  await waitFor(() => updates.includes(uri), 'a resource update over stdio', 45_000);
  // server-everything acknowledges a subscription with an info log line.
  await waitFor(() => lines.some((l) => l.logger === 'everything'), 'a log line over stdio', 45_000);
}, 60_000);

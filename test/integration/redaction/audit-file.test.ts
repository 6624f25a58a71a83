// Over HTTP, a real `gatehouse serve` writes every request to audit.jsonl and gateway.log. A child that
// fails a resources/read with its secret in the error text must not put the secret in either file (the
// audit record used to copy the error text in clear), nor in what the client receives.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodingsOf } from '../../../src/main/redaction/secret-forms';
import { startHttpCli, type RunningGateway } from '../../helpers/cli-process';
import { waitFor } from '../../helpers/wait';
import { createWorkspace, REPO_ROOT, type Workspace } from '../../helpers/workspace';
import { auditFile, connectHttp, gatewayLog, readText } from '../cli-logs/support';

const LEAKY_SERVER = join(REPO_ROOT, 'out/fixtures/leaky-server.mjs');
const SECRET = `au${randomBytes(12).toString('hex')}Q7`;
const leaks = (text: string) => encodingsOf(SECRET).filter((form) => text.includes(form));

let workspace: Workspace;
let gateway: RunningGateway;
let client: Client;

beforeAll(async () => {
  workspace = createWorkspace();
  workspace.writeConfig({ mcpServers: { leaky: { command: process.execPath, args: [LEAKY_SERVER], env: { LEAK_SECRET: '${LEAK_SECRET}' } } } });
  gateway = await startHttpCli({ project: workspace.project, home: workspace.home, env: { LEAK_SECRET: SECRET } });
  client = await connectHttp(gateway.url);
});

afterAll(async () => {
  await client?.close();
  await gateway?.stop();
  workspace?.cleanup();
});

it('keeps the secret out of the answer, audit.jsonl and gateway.log when a resource read fails with it', async () => {
  const failure = await client.readResource({ uri: 'leaky::leak://error' }).then(
    () => 'no error',
    (error: unknown) => `${String(error)} ${JSON.stringify(error)}`,
  );
  expect(failure).toContain('the backend refused');
  expect(leaks(failure)).toEqual([]);
  const crash = await client.readResource({ uri: 'leaky::leak://crash' }).then(
    () => 'no error',
    (error: unknown) => `${String(error)} ${JSON.stringify(error)}`,
  );
  expect(leaks(crash)).toEqual([]);

  const audit = await waitFor(() => {
    const text = readText(auditFile(workspace));
    return text.includes('the backend refused') ? text : undefined;
  }, 'the failed read in audit.jsonl');
  expect(audit).toContain('resources/read');
  expect(leaks(audit)).toEqual([]);
  await gateway.stop();
  expect(leaks(readText(gatewayLog(workspace)))).toEqual([]);
  expect(leaks(gateway.stderr())).toEqual([]);
});

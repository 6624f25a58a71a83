// gateway.health's gateway_diagnostics as a client of a real `serve --transport http` sees them: the
// listener's rate limit, the number of connected sessions, and whether any remote server declares
// OAuth metadata (contract §2.3).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requireBuild } from '../../helpers/cli-process';
import { callMeta } from '../../helpers/meta';
import { createWorkspace, everythingServer, type Workspace } from '../../helpers/workspace';
import { startHttpGatewayCli, type HttpCli } from './cli';
import { connectClient } from './support';

let workspace: Workspace;
let gateway: HttpCli;
beforeAll(async () => {
  requireBuild();
  workspace = createWorkspace();
  workspace.writeConfig({
    mcpServers: {
      everything: everythingServer(),
      docs: { url: 'http://127.0.0.1:9/mcp', protected_resource_metadata_url: 'https://docs.example.com/.well-known/oauth-protected-resource', declared_scopes: ['docs:read'] },
    },
  });
  gateway = await startHttpGatewayCli(workspace.project, workspace.home, ['--rate-limit', '120']);
});
afterAll(async () => {
  await gateway?.stop();
  workspace?.cleanup();
});

type Diagnostics = { gateway_diagnostics: { transport: string; rate_limit_enabled: boolean; rate_limit_rpm: number; session_count: number; auth_metadata_present: boolean } };

it('reports the rate limit, the live sessions and declared auth metadata', async () => {
  const first = await connectClient(gateway.url, 'handshake');
  const second = await connectClient(gateway.url, 'handshake');
  const { body } = await callMeta<Diagnostics>(first.client, 'gateway.health');
  expect(body.gateway_diagnostics).toMatchObject({ transport: 'http', rate_limit_enabled: true, rate_limit_rpm: 120, auth_metadata_present: true });
  expect(body.gateway_diagnostics.session_count).toBeGreaterThanOrEqual(2);
  await first.client.close();
  await second.client.close();
});

// The discovery and provisioning meta-tools (contract §2.5, §4.5): input validation and the success or
// refusal shape of each, with the contract's field names. Offline by construction: the registry is a
// loopback fixture, nothing is installed, no feedback is posted, no credential is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, expectFields, expectInputValidationError } from './helpers/envelope';
import { startFakeRegistry, REGISTRY_SERVER, type FakeRegistry } from './helpers/fake-registry';
import { corpusServer, LANES, openGateway, type Gateway } from './helpers/gateway';

const CANDIDATE_FIELDS = [
  'name', 'candidate_type', 'relevance_score', 'reasoning', 'requires_api_key', 'api_key_available', 'env_var', 'env_instructions',
  'is_installed', 'is_running', 'source', 'transport', 'url', 'remote_headers', 'package', 'server_card_url',
  'protected_resource_metadata_url', 'authorization_server_metadata_url', 'declared_scopes', 'declared_capabilities',
  'provisionable', 'provision_tool', 'request_capability_tool', 'auth_tool',
];
// Contract fields per tool, plus the additions Gatehouse documents in its answers (error_code, cached, error).
const FIELDS: Record<string, string[]> = {
  request_capability: ['status', 'message', 'candidates', 'recommendation', 'category_name', 'cli', 'server', 'new_tools', 'env_var', 'env_path', 'env_instructions', 'logged_for_discovery', 'search_guidance', 'reason'],
  sync_environment: ['platform', 'detected_clis', 'message'],
  provision: [
    'ok', 'server', 'message', 'job_id', 'status', 'new_tools', 'needs_api_key', 'env_var', 'env_instructions', 'auth_required', 'auth_mode',
    'auth_methods', 'alternative_env_vars', 'missing_env_vars', 'auth_state', 'next_step', 'auth_metadata', 'auth_challenge', 'url_elicitations',
    'feedback_hint', 'error_code',
  ],
  provision_status: ['job_id', 'server', 'status', 'progress', 'message', 'output_tail', 'elapsed_seconds', 'new_tools', 'error', 'stage', 'stages', 'package', 'version'],
  update_server: ['ok', 'server', 'package_type', 'package_name', 'refreshed', 'restarted', 'latest_version', 'cancelled_request_count', 'cancelled_task_count', 'message', 'previous_version', 'rolled_back'],
  submit_feedback: ['ok', 'submitted', 'repository', 'repository_visibility', 'issue_title', 'issue_body', 'issue_url', 'issue_number', 'authenticated', 'warning', 'message'],
  search_registry: ['query', 'results', 'next_step', 'cached', 'message', 'error'],
  register_discovered_server: ['ok', 'server_name', 'registered', 'message', 'install_command', 'next_step'],
};
const RESULT_FIELDS = [
  'name', 'package', 'description', 'transport', 'env_vars', 'url', 'remotes', 'remote_headers', 'registry_status', 'is_latest', 'server_card_url',
  'protected_resource_metadata_url', 'authorization_server_metadata_url', 'declared_scopes', 'declared_capabilities', 'diagnostics',
];

const INVALID: [string, Record<string, unknown>, string][] = [
  ['gateway.request_capability', {}, 'query'],
  ['gateway.request_capability', { query: '' }, 'query'],
  ['gateway.request_capability', { query: 'files', available_clis: 'git' }, 'available_clis'],
  ['gateway.sync_environment', { platform: 'amiga' }, 'platform'],
  ['gateway.sync_environment', { detected_clis: 'git' }, 'detected_clis'],
  ['gateway.provision', {}, 'server_name'],
  ['gateway.provision_status', {}, 'job_id'],
  ['gateway.update_server', {}, 'server_name'],
  ['gateway.update_server', { server_name: 'kit', force: 'yes' }, 'force'],
  ['gateway.submit_feedback', { title: 'short', description: 'd', issue_type: 'bug' }, 'title'],
  ['gateway.submit_feedback', { title: 'A long enough title', description: 'd', issue_type: 'question' }, 'issue_type'],
  ['gateway.submit_feedback', { title: 'A long enough title', issue_type: 'bug' }, 'description'],
  ['gateway.search_registry', { query: '' }, 'query'],
  ['gateway.search_registry', { query: 'notes', limit: 21 }, 'limit'],
  ['gateway.register_discovered_server', { package: 'left-pad@1.3.0' }, 'server_name'],
  ['gateway.register_discovered_server', { package: 'x'.repeat(215), server_name: 'padder' }, 'package'],
];

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  let registry: FakeRegistry;
  const tool = async <T = Record<string, unknown>>(name: string, args: Record<string, unknown>) => {
    const body = answerOf<T>(await gw.call(`gateway.${name}`, args));
    for (const key of Object.keys(body as object)) expect(FIELDS[name]).toContain(key);
    return body;
  };

  beforeAll(async () => {
    registry = await startFakeRegistry();
    gw = await openGateway(lane, {
      mcpServers: { kit: corpusServer('kit') },
      env: { GATEHOUSE_REGISTRY_URL: registry.url, GATEHOUSE_REGISTRY_ALLOW_LOOPBACK: '1' },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await registry?.close();
  });

  it.each(INVALID)('%s %j → Input validation error naming %s', async (name, args, field) => {
    expect(expectInputValidationError(await gw.call(name, args))).toContain(field);
  });

  it('request_capability: a query naming a configured server gives it as a candidate', async () => {
    const body = await tool<{ status: string; candidates: Record<string, unknown>[]; recommendation: string; logged_for_discovery: boolean }>(
      'request_capability',
      { query: 'kit' },
    );
    expect(body).toMatchObject({ status: 'candidates', recommendation: "Call gateway.provision(server_name='kit')", logged_for_discovery: false });
    expect(body.candidates[0]).toMatchObject({ name: 'kit', source: 'configured' });
    for (const candidate of body.candidates) for (const key of Object.keys(candidate)) expect(CANDIDATE_FIELDS).toContain(key);
  });

  it('sync_environment: takes the CLI names given, sorted, without probing', async () => {
    const body = await tool<{ platform: string; detected_clis: string[]; message: string }>('sync_environment', {
      platform: 'linux',
      detected_clis: ['jq', 'git', 'not a cli!', 'git'],
    });
    expect(body).toMatchObject({ platform: 'linux', detected_clis: ['git', 'jq'] });
    expect(typeof body.message).toBe('string');
  });

  it('search_registry: results from the registry with the contract fields', async () => {
    const body = await tool<{ query: string; results: Record<string, unknown>[]; next_step: string }>('search_registry', { query: 'notes', limit: 3 });
    expect(body.query).toBe('notes');
    expect(body.results).toHaveLength(1);
    expectFields(body.results[0]!, RESULT_FIELDS.filter((f) => !f.endsWith('_url') && f !== 'url' && f !== 'registry_status'));
    for (const key of Object.keys(body.results[0]!)) expect(RESULT_FIELDS).toContain(key);
    expect(body.results[0]).toMatchObject({ name: REGISTRY_SERVER.name, package: REGISTRY_SERVER.package, env_vars: [REGISTRY_SERVER.env_var], is_latest: true });
    expect(body.next_step).toContain('gateway.register_discovered_server');
    // search_registry reads a copy of the registry's latest versions (issue 17), taken by listing it.
    expect(registry.searches.some((s) => s.get('version') === 'latest' && !s.has('search'))).toBe(true);
  });

  it('register_discovered_server: records a pinned package, refuses an unpinned one', async () => {
    const body = await tool<{ ok: boolean; registered: boolean; install_command: string[]; next_step: string }>('register_discovered_server', {
      package: 'left-pad@1.3.0',
      server_name: 'padder',
    });
    expect(body).toMatchObject({ ok: true, server_name: 'padder', registered: true, install_command: ['npx', '-y', 'left-pad@1.3.0'] });
    expect(body.next_step).toContain("gateway.provision(server_name='padder')");
    // Never returned by search_registry, so there is no version to pin offline: refused, saying what to pass.
    const unpinned = await tool<{ ok: boolean; registered: boolean; message: string; next_step: string }>('register_discovered_server', { package: 'left-pad', server_name: 'padder2' });
    expect(unpinned).toMatchObject({ ok: false, registered: false });
    expect(unpinned.message).toContain('left-pad@1.2.3');
    expect(unpinned.next_step).toContain("gateway.search_registry(query='left-pad')");
  });

  it('register_discovered_server: pins an unversioned package to the version search_registry returned', async () => {
    await tool('search_registry', { query: 'notes' });
    const body = await tool<{ ok: boolean; install_command: string[]; message: string; next_step: string }>('register_discovered_server', {
      package: '@example/notes-mcp',
      server_name: 'notes',
    });
    expect(body).toMatchObject({ ok: true, registered: true, install_command: ['npx', '-y', REGISTRY_SERVER.package] });
    expect(body.next_step).toContain(`gatehouse trust approve-package npm:${REGISTRY_SERVER.package}`);
    expect(body.message).toContain('search_registry');
  });

  it('provision: connects a configured server, then reports it already running', async () => {
    const first = await tool<{ ok: boolean; status: string; new_tools: string[] }>('provision', { server_name: 'kit' });
    expect(first).toMatchObject({ ok: true, server: 'kit', status: 'complete' });
    expect(first.new_tools).toContain('create_ticket');
    expect(first.new_tools.length).toBeLessThanOrEqual(10);
    expect(await tool('provision', { server_name: 'kit' })).toMatchObject({ ok: true, status: 'already_running' });
  });

  it('provision: refuses an unknown server and an unapproved registered package (E404)', async () => {
    expect(await tool('provision', { server_name: 'nowhere' })).toMatchObject({
      ok: false, message: "Server 'nowhere' not found in manifest or .mcp.json configuration.",
    });
    expect(await tool('provision', { server_name: 'padder' })).toMatchObject({ ok: false, error_code: 'E404' });
  });

  it('provision_status: not_found for an unknown job', async () => {
    const body = await tool<{ status: string; error: unknown }>('provision_status', { job_id: 'deadbeef' });
    expect(body).toMatchObject({ job_id: 'deadbeef', status: 'not_found' });
    expect(body.error).toMatchObject({ code: 'E505' });
  });

  it('update_server: refuses a server whose package identity is unknown', async () => {
    const body = await tool<{ ok: boolean; message: string }>('update_server', { server_name: 'kit' });
    expect(body).toMatchObject({ ok: false, server: 'kit', package_type: 'unknown', refreshed: false, restarted: false });
    expect(body.message).toContain('refused');
  });

  it('submit_feedback: previews a redacted issue and files nothing without a configured token', async () => {
    const args = { title: 'Contract tests found a thing', description: 'Details api_key=abc123 here.', issue_type: 'bug' };
    const preview = await tool<{ ok: boolean; submitted: boolean; issue_title: string; issue_body: string }>('submit_feedback', args);
    expect(preview).toMatchObject({ ok: true, submitted: false, issue_title: '[Feedback][Bug] Contract tests found a thing' });
    expect(preview.issue_body).not.toContain('abc123');
    expect(await tool('submit_feedback', { ...args, confirm_submission: true })).toMatchObject({ ok: false, submitted: false });
  });
});

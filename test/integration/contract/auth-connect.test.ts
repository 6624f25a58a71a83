// gateway.auth_connect (contract §2.5, §4.3): refusals are expected answers (ok:false, isError false) that
// never echo the credential — unknown server, loader variable names, multi-line values, undeclared names
// that do not look like credentials; url_elicitation stores nothing, needs consent, and answers with a
// sanitised URL. Nothing here writes to the OS keychain.
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from './helpers/envelope';
import { corpusServer, LANES, openGateway, type Gateway } from './helpers/gateway';

interface AuthAnswer {
  ok: boolean;
  server: string;
  message: string;
  env_var?: string;
  env_path?: string;
  next_step?: string;
  auth_state?: string;
  url_elicitation?: { elicitation_id: string; url?: string; message: string; next_step: string };
}

const FIELDS = ['ok', 'server', 'message', 'env_var', 'env_path', 'next_step', 'auth_state', 'url_elicitation', 'error_code'];
const CREDENTIAL = 'sk-contract-test-credential-0123456789';

function text(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

describe.each(LANES)('$label', (lane) => {
  let gw: Gateway;
  const auth = async (args: Record<string, unknown>) => {
    const result = await gw.call('gateway.auth_connect', args);
    expect(text(result)).not.toContain(CREDENTIAL);
    const body = answerOf<AuthAnswer>(result);
    for (const key of Object.keys(body)) expect(FIELDS).toContain(key);
    return body;
  };

  beforeAll(async () => {
    gw = await openGateway(lane, { mcpServers: { locked: { ...corpusServer('kit'), env: { CORPUS_SET: 'kit', API_TOKEN: '${LOCKED_API_TOKEN}' } } } });
  });
  afterAll(async () => gw?.close());

  it('refuses an unknown server', async () => {
    expect(await auth({ server_name: 'ghost', credential: CREDENTIAL })).toMatchObject({
      ok: false, server: 'ghost', message: "Server 'ghost' not found in manifest or .mcp.json configuration.",
    });
  });

  it.each(['LD_PRELOAD', 'DYLD_INSERT_LIBRARIES', 'NODE_OPTIONS', 'PYTHONPATH', 'PATH'])('refuses the loader variable %s', async (env_var) => {
    const body = await auth({ server_name: 'locked', env_var, credential: CREDENTIAL });
    expect(body).toMatchObject({ ok: false, server: 'locked', auth_state: 'missing_auth' });
    expect(body.message).toContain(env_var);
  });

  it('refuses a multi-line credential', async () => {
    const body = await auth({ server_name: 'locked', env_var: 'LOCKED_API_TOKEN', credential: `${CREDENTIAL}\nsecond line` });
    expect(body).toMatchObject({ ok: false, env_var: 'LOCKED_API_TOKEN' });
  });

  it('refuses an undeclared name that does not look like a credential', async () => {
    expect(await auth({ server_name: 'locked', env_var: 'FAVOURITE_COLOUR', credential: CREDENTIAL })).toMatchObject({ ok: false });
  });

  it('url_elicitation: asks for consent before acknowledging', async () => {
    const body = await auth({ server_name: 'locked', auth_mode: 'url_elicitation', elicitation_id: 'el-1' });
    expect(body).toMatchObject({ ok: false, message: 'URL-mode elicitation required.', auth_state: 'elicitation_required' });
    expect(body.next_step).toContain("gateway.auth_connect(server_name='locked'");
  });

  it('url_elicitation: refuses a credential', async () => {
    expect(await auth({ server_name: 'locked', auth_mode: 'url_elicitation', elicitation_id: 'el-1', credential: CREDENTIAL, consent_acknowledged: true })).toMatchObject({ ok: false });
  });

  it('url_elicitation: acknowledges consent, stores nothing, and sanitises the URL', async () => {
    const body = await auth({
      server_name: 'locked',
      auth_mode: 'url_elicitation',
      elicitation_id: 'el-1',
      elicitation_url: 'https://user:pw@auth.example/authorize?state=secret#frag',
      consent_acknowledged: true,
    });
    expect(body).toMatchObject({ ok: true, server: 'locked', auth_state: 'elicitation_required' });
    expect(body).not.toHaveProperty('env_path');
    expect(body.url_elicitation).toMatchObject({ elicitation_id: 'el-1', url: 'https://auth.example/authorize' });
    expect(typeof body.url_elicitation?.next_step).toBe('string');
  });
});

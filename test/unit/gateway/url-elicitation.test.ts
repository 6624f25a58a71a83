// A -32042 from a downstream call: the fixed errors entry, elicitations with sanitised URLs and a
// next step each, and nothing a hostile server could use to break the next_step call string.
import { ProtocolError, UrlElicitationRequiredError } from '@modelcontextprotocol/client';
import { expect, it } from 'vitest';
import { authFieldsOf } from '../../../src/main/common/auth-fields';
import { callError } from '../../../src/main/gateway/call-errors';
import { isUrlElicitation, URL_ELICITATION_ENTRY } from '../../../src/main/gateway/url-elicitation';

const context = { server: 'docs', toolId: 'docs::sign_in', timeoutMs: 30_000, startedAt: Date.now() };

it('maps the SDK error to the elicitation answer with sanitised URLs', () => {
  const error = callError(new UrlElicitationRequiredError([
    { mode: 'url', elicitationId: 'el-1', message: 'Sign in to Docs.', url: 'https://user:pw@auth.example.com/authorize?state=s3cret#frag' },
  ]), context);
  expect(isUrlElicitation(error)).toBe(true);
  expect(error.message).toBe(URL_ELICITATION_ENTRY);
  expect(authFieldsOf(error)).toEqual({
    auth_state: 'elicitation_required',
    next_step: "gateway.auth_connect(server_name='docs')",
    url_elicitations: [{
      elicitation_id: 'el-1',
      url: 'https://auth.example.com/authorize',
      message: 'Sign in to Docs.',
      next_step: "gateway.auth_connect(server_name='docs', auth_mode='url_elicitation', elicitation_id='el-1', consent_acknowledged=true)",
    }],
  });
  expect(error.details).toMatchObject({ jsonrpc_code: -32042, source: 'downstream' });
  expect(JSON.stringify(error)).not.toMatch(/s3cret|pw@/);
});

it('reads a plain ProtocolError with code -32042 too, dropping unsafe ids and non-http URLs', () => {
  const error = callError(new ProtocolError(-32042, 'needs sign-in', {
    elicitations: [
      { mode: 'url', elicitationId: "x', credential='", url: 'https://a.example.com/' },
      { mode: 'url', elicitationId: 'el-2', url: 'javascript:alert(1)', message: 'x'.repeat(1000) },
      'not an object',
    ],
  }), context);
  const [only, ...rest] = authFieldsOf(error).url_elicitations as { elicitation_id: string; url: string | null; message: string }[];
  expect(rest).toEqual([]);
  expect(only).toMatchObject({ elicitation_id: 'el-2', url: null });
  expect(only?.message).toHaveLength(300);
});

it('leaves other JSON-RPC errors as E302 without auth fields', () => {
  const error = callError(new ProtocolError(-32603, 'boom'), context);
  expect(error.code).toBe('E302');
  expect(isUrlElicitation(error)).toBe(false);
  expect(authFieldsOf(error)).toEqual({});
});

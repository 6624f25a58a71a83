// gateway.health's auth_state_semantics (contract §2.3) against what the code emits: one entry per §2.2
// auth_state word, and for the states a remote refusal (HTTP 401/403) and a missing ${VAR} produce, the
// evidence fields named are ones those errors really carry, with the next action they really suggest.
import { describe, expect, it } from 'vitest';
import type { RemoteServerDefinition } from '../../../src/main/config/types';
import { AUTH_STATE_SEMANTICS } from '../../../src/main/gateway/audit-view';
import { authRejectedError } from '../../../src/main/supervisor/remote-auth';

const CONTRACT_WORDS = ['none', 'missing_auth', 'insufficient_scope', 'elicitation_required', 'policy_denied', 'unknown'];
// Fields an answer, a health row or an audit event can carry (contract §2.2 auth fields, §2.3).
const ANSWER_FIELDS = ['missing_env_vars', 'startup_env_var', 'auth_challenge', 'auth_metadata', 'next_step', 'url_elicitations', 'errors', 'auth_event'];

const definition: RemoteServerDefinition = {
  name: 'docs',
  source: 'project',
  sourcePath: null,
  startupPolicy: 'lazy',
  transport: 'http',
  url: 'https://mcp.example.com/mcp',
  headers: { Authorization: 'Bearer ${DOCS_TOKEN}' },
};

describe('AUTH_STATE_SEMANTICS', () => {
  it('has an entry for every contract auth_state, naming only real fields', () => {
    expect(Object.keys(AUTH_STATE_SEMANTICS).sort()).toEqual([...CONTRACT_WORDS].sort());
    for (const entry of Object.values(AUTH_STATE_SEMANTICS)) {
      expect(entry.meaning.length).toBeGreaterThan(0);
      for (const field of entry.evidence_fields) expect(ANSWER_FIELDS).toContain(field);
    }
  });

  it.each([
    [401, 'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource"', 'missing_auth'],
    [403, 'Bearer error="insufficient_scope", scope="docs:write"', 'insufficient_scope'],
    [403, null, 'insufficient_scope'],
  ] as const)('describes a remote HTTP %i refusal (%s) as %s, with its evidence', (status, header, state) => {
    const { details } = authRejectedError(definition, { status, header });
    expect(details.auth_state).toBe(state);
    const semantics = AUTH_STATE_SEMANTICS[state];
    expect(semantics.meaning).toContain(`HTTP ${status}`);
    expect(String(details.next_step)).toContain(`${semantics.primary_next_action}(`);
    for (const field of ['auth_metadata', 'next_step'] as const) {
      expect(semantics.evidence_fields).toContain(field);
      expect(details[field]).toBeTruthy();
    }
    expect(semantics.evidence_fields).toContain('auth_challenge');
  });

  it('still describes a missing ${VAR} as missing_auth', () => {
    expect(AUTH_STATE_SEMANTICS.missing_auth.meaning).toContain('${VAR}');
    expect(AUTH_STATE_SEMANTICS.missing_auth.evidence_fields).toEqual(expect.arrayContaining(['missing_env_vars', 'startup_env_var']));
  });
});

import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SecretsError } from '../../../src/main/secrets/errors';
import { accountFor, canonicalProjectRoot, describeScope, parseAccount, sameScope, scopeRef, type ScopeRef } from '../../../src/main/secrets/scopes';

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('scopes and keychain accounts', () => {
  it('names accounts scope:key:NAME and parses them back, also with ":" in the root', () => {
    const refs: ScopeRef[] = [
      { scope: 'user' },
      { scope: 'project', projectRoot: '/home/u/src/app' },
      { scope: 'tenant', projectRoot: '/home/u/src/app', tenant: 'acme' },
      { scope: 'project', projectRoot: 'C:\\Users\\u\\app' },
      { scope: 'tenant', projectRoot: 'C:\\Users\\u\\app', tenant: 'team-42' },
    ];
    expect(accountFor(refs[0] as ScopeRef, 'GITHUB_TOKEN')).toBe('user::GITHUB_TOKEN');
    expect(accountFor(refs[1] as ScopeRef, 'GITHUB_TOKEN')).toBe('project:/home/u/src/app:GITHUB_TOKEN');
    expect(accountFor(refs[2] as ScopeRef, 'GITHUB_TOKEN')).toBe('tenant:/home/u/src/app#acme:GITHUB_TOKEN');
    for (const ref of refs) {
      const parsed = parseAccount(accountFor(ref, 'API_KEY'));
      expect(parsed?.name).toBe('API_KEY');
      expect(parsed && sameScope(parsed.ref, ref)).toBe(true);
    }
    for (const bad of ['nonsense', 'user:x:NAME', 'project::NAME', 'tenant:/root:NAME', 'other::NAME']) expect(parseAccount(bad)).toBeNull();
  });

  it('keys project scope by the canonical root, so a symlinked checkout finds the same secrets', () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-scope-'));
    const real = join(dir, 'real-project');
    mkdirSync(real);
    symlinkSync(real, join(dir, 'link'));
    const viaLink = scopeRef('project', { projectRoot: join(dir, 'link') });
    const direct = scopeRef('project', { projectRoot: real });
    expect(sameScope(viaLink, direct)).toBe(true);
    expect(canonicalProjectRoot(join(dir, 'link', '..', 'real-project'))).toBe(canonicalProjectRoot(real));
  });

  it('explains what project and tenant scope need', () => {
    const failure = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return error as SecretsError;
      }
      throw new Error('expected a failure');
    };
    expect(failure(() => scopeRef('project', { projectRoot: null })).code).toBe('scope_needs_project');
    expect(failure(() => scopeRef('project', { projectRoot: null })).nextStep).toContain('--project DIR');
    expect(failure(() => scopeRef('tenant', { projectRoot: '/p', tenant: null })).code).toBe('scope_needs_tenant');
    for (const tenant of ['a#b', 'a:b', '-x', 'a b', 'x'.repeat(129)]) {
      expect(failure(() => scopeRef('tenant', { projectRoot: '/p', tenant })).code).toBe('invalid_tenant');
    }
    expect(describeScope(scopeRef('tenant', { projectRoot: '/nonexistent/p', tenant: 'acme' }))).toBe('tenant scope (acme in /nonexistent/p)');
  });
});

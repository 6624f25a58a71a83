import { describe, expect, it } from 'vitest';
import type { IndexEntry } from '../../../src/main/secrets/index-file';
import { listingRows } from '../../../src/main/secrets/listing';

const at = '2026-03-04T05:06:07.000Z';
const entries: IndexEntry[] = [
  { scope: 'user', project_root: null, tenant: null, name: 'GITHUB_TOKEN', changed_at: at },
  { scope: 'user', project_root: null, tenant: null, name: 'SHARED_KEY', changed_at: at },
  { scope: 'project', project_root: '/nonexistent/p', tenant: null, name: 'SHARED_KEY', changed_at: at },
  { scope: 'tenant', project_root: '/nonexistent/p', tenant: 'acme', name: 'SHARED_KEY', changed_at: at },
  { scope: 'tenant', project_root: '/nonexistent/p', tenant: 'other', name: 'OTHER_TENANT_KEY', changed_at: at },
  { scope: 'project', project_root: '/nonexistent/elsewhere', tenant: null, name: 'ELSEWHERE_KEY', changed_at: at },
];

describe('listingRows', () => {
  it('shows per name which scopes hold it and which source resolution would use', () => {
    const rows = listingRows(entries, { projectRoot: '/nonexistent/p', tenant: 'acme', env: { GITHUB_TOKEN: 'from-env' } });
    expect(rows.map((r) => r.name)).toEqual(['GITHUB_TOKEN', 'SHARED_KEY']);
    expect(rows[0]).toMatchObject({ env: true, effective: 'env', user: { present: true, last_changed: at }, project: { present: false } });
    expect(rows[1]).toMatchObject({ env: false, effective: 'tenant', user: { present: true }, project: { present: true }, tenant: { present: true } });
    expect(JSON.stringify(rows)).not.toContain('from-env');
  });

  it('without a project shows the user scope only; an empty env value does not count', () => {
    const rows = listingRows(entries, { projectRoot: null, env: { SHARED_KEY: '' } });
    expect(rows.map((r) => [r.name, r.effective, r.env])).toEqual([['GITHUB_TOKEN', 'user', false], ['SHARED_KEY', 'user', false]]);
  });
});

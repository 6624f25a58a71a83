// The manifest: the built-in file is valid; overlays add entries; errors name file:line; a project
// overlay counts only once its exact bytes are approved.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseManifestText } from '../../../src/main/config/manifest-file';
import { loadManifest } from '../../../src/main/discovery/manifest';
import { BUILTIN_RULES } from '../../../src/main/redaction/builtin-rules';
import { approveFile } from '../../../src/main/trust/store';
import type { DiscoveryContext } from '../../../src/main/discovery/types';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

function context(): DiscoveryContext {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-manifest-'));
  return { env: {}, homeDir: root, projectRoot: join(root, 'project'), stateDir: join(root, 'state'), cacheDir: join(root, 'cache'), configDir: join(root, 'config'), log: () => undefined };
}

describe('manifest', () => {
  it('loads the built-in manifest without issues', () => {
    const manifest = loadManifest(context());
    expect(manifest.issues).toEqual([]);
    expect(manifest.servers.get('everything')?.package).toEqual({ type: 'npm', name: '@modelcontextprotocol/server-everything', version: '2026.8.31' });
    expect(manifest.servers.get('github')?.env_vars).toEqual(['GITHUB_PERSONAL_ACCESS_TOKEN']);
    expect(manifest.servers.get('time')?.package?.type).toBe('pypi');
    expect([...manifest.clis.keys()]).toEqual(expect.arrayContaining(['git', 'gh', 'curl', 'jq', 'rg']));
  });

  it('holds at least 150 servers and 40 CLIs, each complete and verified (or a remote marked unverifiable)', () => {
    const manifest = loadManifest(context());
    const servers = [...manifest.servers.values()];
    expect(servers.length).toBeGreaterThanOrEqual(150);
    expect(manifest.clis.size).toBeGreaterThanOrEqual(40);
    const incomplete = servers.flatMap((s) => {
      const gaps = [
        !s.description && 'description',
        !s.keywords.length && 'keywords',
        !(s.category && manifest.categories.has(s.category)) && 'category',
        !s.homepage && 'homepage',
        !(s.package || s.url) && 'package or url',
        s.package && !s.verified && 'verified',
        !s.package && (s.verified !== null || !s.verified_note) && 'verified: null with a note',
        // Every required credential says where to get it, so needs_api_key can pass that on.
        ...s.env_vars.filter((v) => !s.env_help[v]).map((v) => `where for ${v}`),
      ].filter(Boolean);
      return gaps.length ? [`${s.name}: ${gaps.join(', ')}`] : [];
    });
    expect(incomplete).toEqual([]);
    // Remote-only entries cannot be checked against a registry: keep them few.
    expect(servers.filter((s) => !s.package).length).toBeLessThanOrEqual(8);
    expect(manifest.servers.get('github')).toMatchObject({ auth: 'api_key', verified: { version: expect.any(String), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    expect(manifest.servers.get('vercel')).toMatchObject({ auth: 'oauth', verified: null, package: null });
    expect(manifest.servers.get('github')?.env_instructions).toContain('https://github.com/settings/personal-access-tokens');
  });

  it('says where to get a credential in words the secret redaction leaves alone', () => {
    // "GITHUB_TOKEN: https://…" reads as a labelled secret, so every answer carrying it showed [REDACTED]
    // where the operator needed the address.
    const redact = (text: string) => BUILTIN_RULES.reduce((out, rule) => rule.apply(out), text);
    const hidden = [...loadManifest(context()).servers.values()].flatMap((s) => (s.env_instructions && redact(s.env_instructions) !== s.env_instructions ? [`${s.name}: ${redact(s.env_instructions)}`] : []));
    expect(hidden).toEqual([]);
  });

  it('runs a package through the executable the manifest names', () => {
    const word = loadManifest(context()).servers.get('word-documents');
    expect(word?.package).toMatchObject({ type: 'pypi', name: 'office-word-mcp-server', bin: 'word_mcp_server' });
  });

  it('reports problems with file and line', () => {
    const parsed = parseManifestText('/x/manifest.yaml', 'version: 1\nservers:\n  ok:\n    description: fine\n    package: { type: npm, name: a }\n  bad:\n    descriptin: typo\n');
    expect(parsed.data).toBeNull();
    expect(parsed.issues.some((i) => /^\/x\/manifest\.yaml:[67]: servers\.bad/.test(i))).toBe(true);
    expect(parseManifestText('/y.yaml', 'version: 1\nservers: [\n').issues[0]).toMatch(/^\/y\.yaml:\d+: /);
  });

  it('applies the user overlay and the project overlay only once approved', () => {
    const ctx = context();
    mkdirSync(join(root, 'config'), { recursive: true });
    writeFileSync(join(root, 'config', 'manifest.yaml'), 'version: 1\nservers:\n  mine:\n    description: My server\n    package: { type: npm, name: my-server, version: 1.0.0 }\n');
    const projectFile = join(root, 'project', '.gatehouse', 'manifest.yaml');
    mkdirSync(join(projectFile, '..'), { recursive: true });
    const text = 'version: 1\nservers:\n  team:\n    description: Team server\n    package: { type: pypi, name: team-mcp }\n';
    writeFileSync(projectFile, text);
    const before = loadManifest(ctx);
    expect(before.servers.has('mine')).toBe(true);
    expect(before.servers.has('team')).toBe(false);
    expect(before.issues.join('\n')).toContain('untrusted_project');
    approveFile(ctx.stateDir, projectFile, text);
    expect(loadManifest(ctx).servers.get('team')?.origin).toBe('project');
    writeFileSync(projectFile, `${text}# edited\n`);
    expect(loadManifest(ctx).servers.has('team')).toBe(false);
  });
});

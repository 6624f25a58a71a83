// The builders behind catalog_search's cli_hints and registry_candidates, on the built-in manifest and
// a registry answer in the v0 shape.
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../../src/main/discovery/manifest';
import { parseRegistryServers } from '../../../src/main/discovery/registry-parse';
import { rankCliHints } from '../../../src/main/gateway/tools/discovery/cli-hints';
import { briefRegistryCandidate, suggestedServerName } from '../../../src/main/gateway/tools/discovery/registry-candidates';

const manifest = loadManifest({ env: {}, homeDir: '/nonexistent', projectRoot: null, stateDir: '/nonexistent', cacheDir: '/nonexistent', configDir: '/nonexistent', log: () => undefined });

describe('rankCliHints', () => {
  it("describes a matching CLI with the manifest's commands and the cached path", () => {
    const hints = rankCliHints(manifest, new Map([['gh', '/opt/bin/gh'], ['git', '/usr/bin/git']]), 'list github issues', 20);
    expect(hints).toHaveLength(1);
    expect(hints[0]).toEqual({
      name: 'gh',
      path: '/opt/bin/gh',
      description: manifest.clis.get('gh')?.description,
      available: true,
      check_command: ['gh', '--version'],
      help_command: ['gh', '--help'],
      examples: manifest.clis.get('gh')?.examples,
      prefer_mcp_for: manifest.clis.get('gh')?.prefer_mcp_for,
      reason: 'Matched query against CLI keywords (github, issues).',
    });
  });

  it('hints only CLIs the cache knows, installed ones first', () => {
    const cached = new Map<string, string | null>([['rg', null], ['git', '/usr/bin/git']]);
    const hints = rankCliHints(manifest, cached, 'search the commit history', 20);
    expect(hints.map((h) => [h.name, h.available])).toEqual([['git', true], ['rg', false]]);
    expect(hints[1]?.reason).toContain('Not found on PATH when last checked');
    expect(rankCliHints(manifest, cached, 'transform json', 20)).toEqual([]); // jq matches but was never probed
  });

  it('returns at most min(5, limit) hints and none for a query without words', () => {
    const all = new Map([...manifest.clis.keys()].map((name) => [name, `/usr/bin/${name}`] as const));
    expect(rankCliHints(manifest, all, 'git github curl jq rg search http json', 100).length).toBeLessThanOrEqual(5);
    expect(rankCliHints(manifest, all, 'git github curl', 1)).toHaveLength(1);
    expect(rankCliHints(manifest, all, 'a', 20)).toEqual([]);
  });
});

describe('briefRegistryCandidate', () => {
  const [packaged, remote] = parseRegistryServers({
    servers: [
      {
        server: {
          name: 'io.github.Example/Weather Tools',
          description: `Weather forecasts. ${'x'.repeat(200)}`,
          version: '1.4.2',
          packages: [{ registryType: 'npm', identifier: '@example/weather-mcp', version: '1.4.2', transport: { type: 'stdio' }, environmentVariables: [{ name: 'WEATHER_API_KEY' }] }],
        },
      },
      { server: { name: 'com.example/hosted', description: 'Hosted', remotes: [{ type: 'streamable-http', url: 'https://mcp.example.com/mcp?token=secret' }] } },
    ],
  });

  it('keeps a packaged server small and points at register_discovered_server', () => {
    const candidate = briefRegistryCandidate(packaged!, 1);
    // The contract's CapabilityCandidate (source "registry"), plus a short description and the next step.
    expect(candidate).toMatchObject({
      name: 'io.github.Example/Weather Tools',
      candidate_type: 'server',
      relevance_score: 0.9,
      source: 'registry',
      requires_api_key: true,
      env_var: 'WEATHER_API_KEY',
      is_installed: false,
      provisionable: false,
      package: '@example/weather-mcp@1.4.2',
      description: expect.stringMatching(/^Weather forecasts\. x+\.\.\.$/),
      transport: 'stdio',
      url: null,
      env_vars: ['WEATHER_API_KEY'],
      next_step: "gateway.register_discovered_server(package='@example/weather-mcp@1.4.2', server_name='weather-tools')",
    });
    expect(candidate.description).toHaveLength(100);
  });

  it('gives a remote-only server its cleaned url and no register step', () => {
    const candidate = briefRegistryCandidate(remote!);
    expect(candidate).toMatchObject({ package: null, transport: 'streamable-http', url: 'https://mcp.example.com/mcp' });
    expect(candidate.next_step).not.toContain('register_discovered_server');
  });

  it('suggests names register_discovered_server accepts', () => {
    for (const name of ['io.github.acme/notes', 'Notes', '--weird__', '', `a/b/${'y'.repeat(100)}`]) {
      expect(suggestedServerName(name)).toMatch(/^[a-z0-9][a-z0-9_-]{0,63}$/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { identify } from '../../../src/main/discovery/package-identity';
import { installCommand, parsePackageSpec, policySpec, runCommand } from '../../../src/main/discovery/package-spec';

describe('package specs', () => {
  it('parses npm and PyPI names with exact versions only', () => {
    expect(parsePackageSpec('@scope/pkg@1.2.3')).toEqual({ ok: true, ref: { type: 'npm', name: '@scope/pkg', version: '1.2.3' } });
    expect(parsePackageSpec('pypi:mcp-server-time==2025.9.25')).toEqual({ ok: true, ref: { type: 'pypi', name: 'mcp-server-time', version: '2025.9.25' } });
    for (const bad of ['-x', '@scope/pkg@^1.0.0', 'pkg@latest', '../x', 'a b', 'x'.repeat(215), 'p@1@2']) expect(parsePackageSpec(bad).ok).toBe(false);
  });

  it('spells policy specs and argv without a shell', () => {
    const ref = { type: 'npm' as const, name: 'a', version: '1.0.0' };
    expect(policySpec(ref)).toBe('npm:a@1.0.0');
    expect(runCommand(ref)).toEqual({ command: 'npx', args: ['-y', 'a@1.0.0'] });
    expect(installCommand({ type: 'pypi', name: 'b', version: null })).toEqual({ command: 'uv', args: ['tool', 'run', '--from', 'b', 'python', '-c', 'pass'] });
    // An executable not named like the package is run by name, the package given separately.
    expect(runCommand({ type: 'pypi', name: 'office-word-mcp-server', version: '1.1.11', bin: 'word_mcp_server' })).toEqual({ command: 'uvx', args: ['--from', 'office-word-mcp-server==1.1.11', 'word_mcp_server'] });
    expect(runCommand({ type: 'npm', name: '@s/p', version: null, bin: 'p-server' })).toEqual({ command: 'npx', args: ['-y', '--package=@s/p', 'p-server'] });
    expect(runCommand({ type: 'npm', name: 'x', version: null, bin: '--evil' })).toEqual({ command: 'npx', args: ['-y', 'x'] });
  });

  it('identifies packages for update_server and refuses pins', () => {
    const base = { name: 's', source: 'project' as const, sourcePath: null, startupPolicy: 'lazy' as const, env: {}, cwd: '/', transport: 'stdio' as const };
    expect(identify({ ...base, command: 'npx', args: ['-y', 'srv'] }, undefined)).toEqual({ package_type: 'npm', package_name: 'srv', refusal: null });
    expect(identify({ ...base, command: 'npx', args: ['-y', 'srv@1.0.0'] }, undefined).refusal).toContain('pinned');
    expect(identify({ ...base, command: 'uvx', args: ['--from', 'x==1', 'x'] }, undefined).refusal).toContain('pinned');
    expect(identify({ ...base, command: 'docker', args: ['run', '-i', 'img:1.0'] }, undefined).refusal).toContain('pinned');
    expect(identify({ ...base, command: 'python', args: ['s.py'] }, undefined).package_type).toBe('unknown');
  });
});

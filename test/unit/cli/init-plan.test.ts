// `gatehouse init` plans its writes (issue 19): servers are added to ~/.mcp.json with every other key
// kept, a name already there is left alone unless forced, a malformed file is refused rather than
// replaced, and the starter policy is a valid policy file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { EVERYTHING, parseServerFlag, planInit, STARTER_POLICY } from '../../../src/main/cli/init-plan';
import { loadPolicy } from '../../../src/main/policy';

const base = { configPath: '/home/ada/.mcp.json', force: false, policyPath: null, policyExists: false };

it('adds servers and keeps the keys it does not own', () => {
  const existing = JSON.stringify({ mcpServers: { git: { command: 'uvx', args: ['mcp-server-git'] } }, autoStart: ['git'], theirs: { keep: true } });
  const plan = planInit({ ...base, configText: existing, servers: [EVERYTHING, parseServerFlag('git=other')] });
  const written = JSON.parse(plan.config?.text ?? '{}');
  expect(written).toEqual({
    mcpServers: { git: { command: 'uvx', args: ['mcp-server-git'] }, everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } },
    autoStart: ['git'],
    theirs: { keep: true },
  });
  expect(plan.config?.skipped).toEqual(['git']);
  expect(plan.notes.join('\n')).toContain('--force');
  expect(JSON.parse(planInit({ ...base, configText: existing, servers: [parseServerFlag('git=other x')], force: true }).config?.text ?? '{}').mcpServers.git).toEqual({ command: 'other', args: ['x'] });
});

it('refuses a malformed ~/.mcp.json and a malformed --server', () => {
  expect(() => planInit({ ...base, configText: '{"mcpServers": ', servers: [EVERYTHING] })).toThrow(/not valid JSON.*leaves it alone/);
  expect(() => parseServerFlag('no-command=')).toThrow(/NAME=COMMAND/);
  expect(() => parseServerFlag('bad name=x')).toThrow(/NAME=COMMAND/);
});

it('writes a starter policy only where none exists, and it loads without issues', () => {
  expect(planInit({ ...base, configText: null, servers: [], policyPath: '/p/policy.yaml', policyExists: true }).policy).toBeNull();
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-init-'));
  try {
    const file = join(dir, 'policy.yaml');
    writeFileSync(file, STARTER_POLICY);
    expect(loadPolicy({ env: { GATEHOUSE_POLICY: file }, homeDir: dir, projectRoot: null }).error).toBeNull();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

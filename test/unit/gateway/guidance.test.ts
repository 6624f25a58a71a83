import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUIDANCE_URI, loadGuidance, PMCP_GUIDANCE_URI, resourceNotFoundCode } from '../../../src/main/gateway/guidance';
import { METHODOLOGY_MARKDOWN } from '../../../src/main/gateway/guidance/methodology';

let root: string;
let home: string;
let xdg: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-guidance-'));
  home = join(root, 'home');
  xdg = join(root, 'xdg');
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(join(xdg, 'gatehouse'), { recursive: true });
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function writeGatehouse(text: string): string {
  const path = join(xdg, 'gatehouse', 'guidance.yaml');
  writeFileSync(path, text);
  return path;
}

function load(extra: { env?: NodeJS.ProcessEnv; path?: string } = {}) {
  return loadGuidance({ env: extra.env ?? { XDG_CONFIG_HOME: xdg }, homeDir: home, platform: 'linux', path: extra.path });
}

const CARD = { name: 'search_issues', description: 'Search issues in a repository' };
const SCHEMA = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };

describe('levels and layers', () => {
  it('defaults to minimal without any file: L0, L1 and L3 on, L2 and telemetry off', () => {
    const guidance = load();
    expect(guidance.source).toEqual({ kind: 'default', path: null });
    expect(guidance.settings).toMatchObject({ level: 'minimal', max_hint_length: 8, max_snippet_lines: 4, enable_telemetry: false });
    expect(guidance.instructionsLine()).toContain('gateway.invoke');
    expect(guidance.codeHint(CARD)).toBe('filter');
    expect(guidance.codeSnippet('gh::search_issues', { ...CARD, inputSchema: SCHEMA })).toBeNull();
    expect(guidance.resourceEnabled).toBe(true);
    expect(guidance.telemetryEnabled).toBe(false);
  });

  it('level off turns every layer off, whatever layers says', () => {
    writeGatehouse('guidance:\n  level: off\n  layers:\n    code_hints: true\n');
    const guidance = load();
    expect(guidance.instructionsLine()).toBeNull();
    expect(guidance.instructions('Base.')).toBe('Base.');
    expect(guidance.codeHint(CARD)).toBeNull();
    expect(guidance.codeSnippet('gh::search_issues', CARD)).toBeNull();
    expect(guidance.listResources()).toEqual([]);
    expect(guidance.readResource(GUIDANCE_URI)).toBeNull();
    expect(guidance.resourceEnabled).toBe(false);
    expect(guidance.issues).toEqual([expect.objectContaining({ field: 'guidance.layers.code_hints', line: 4, severity: 'warning' })]);
  });

  it('level standard adds the L2 snippet', () => {
    writeGatehouse('guidance:\n  level: standard\n');
    const snippet = load().codeSnippet('gh::search_issues', { ...CARD, inputSchema: SCHEMA });
    expect(snippet).toContain('gateway.invoke({ tool_id: "gh::search_issues", arguments: { query: "<query>" } })');
  });

  it('without a level, layers adjust the minimal preset one by one', () => {
    writeGatehouse('guidance:\n  layers:\n    code_snippets: true\n    methodology_resource: false\n');
    const guidance = load();
    expect(guidance.settings.layers).toEqual({ mcp_instructions: true, code_hints: true, code_snippets: true, methodology_resource: false });
    expect(guidance.codeSnippet('gh::search_issues', CARD)).not.toBeNull();
    expect(guidance.listResources()).toEqual([]);
    // The instructions never point at a resource that is not there.
    expect(guidance.instructionsLine()).not.toContain(GUIDANCE_URI);
    expect(guidance.issues).toEqual([]);
  });

  it('reads the remaining PMCP keys: limits, custom instructions, telemetry', () => {
    writeGatehouse('guidance:\n  max_hint_length: 4\n  max_snippet_lines: 1\n  enable_telemetry: true\n  custom_instructions: "Prefer the staging servers."\n  level: standard\n');
    const guidance = load();
    expect(guidance.telemetryEnabled).toBe(true);
    expect(guidance.instructionsLine()).toMatch(/\nPrefer the staging servers\.$/);
    // "filter" (6) does not fit 4; no other pattern has signal for this card, so no hint.
    expect(guidance.codeHint(CARD)).toBeNull();
    expect(guidance.codeHint({ name: 'get_job_status' })).toBe('poll');
    expect(guidance.codeSnippet('gh::search_issues', CARD)?.split('\n')).toHaveLength(1);
  });
});

describe('file problems', () => {
  it('replaces each bad field by its default alone and names the line', () => {
    writeGatehouse('guidance:\n  level: off\n  max_hint_length: lots\n  colour: blue\n');
    const guidance = load();
    expect(guidance.settings.level).toBe('off');
    expect(guidance.settings.max_hint_length).toBe(8);
    expect(guidance.issues).toEqual([
      expect.objectContaining({ field: 'guidance.colour', line: 4, severity: 'warning' }),
      expect.objectContaining({ field: 'guidance.max_hint_length', line: 3, severity: 'error' }),
    ]);
  });

  it('falls back to minimal on a YAML syntax error, with the line', () => {
    const path = writeGatehouse('guidance:\n  level: [off\n');
    const guidance = load();
    expect(guidance.settings.level).toBe('minimal');
    expect(guidance.issues[0]).toMatchObject({ path, severity: 'error' });
    expect(guidance.issues[0]?.line).toBeGreaterThan(1);
  });

  it('rejects an unknown level and a file without the guidance: key', () => {
    writeGatehouse('guidance:\n  level: maximal\n');
    expect(load().issues[0]).toMatchObject({ field: 'guidance.level', line: 2 });
    writeGatehouse('level: off\n');
    const guidance = load();
    expect(guidance.settings.level).toBe('minimal');
    expect(guidance.issues[0]?.message).toContain('"guidance:"');
  });

  it('reports an explicit file that does not exist', () => {
    const guidance = load({ path: join(root, 'missing.yaml') });
    expect(guidance.source.kind).toBe('explicit');
    expect(guidance.issues[0]?.message).toContain('does not exist');
  });
});

describe('where the settings come from', () => {
  it('reads PMCP\'s ~/.claude/gateway-guidance.yaml until a Gatehouse file exists', () => {
    writeFileSync(join(home, '.claude', 'gateway-guidance.yaml'), 'guidance:\n  level: off\n');
    expect(load().source).toEqual({ kind: 'pmcp', path: join(home, '.claude', 'gateway-guidance.yaml') });
    expect(load().settings.level).toBe('off');
    writeGatehouse('guidance:\n  level: standard\n');
    expect(load().source.kind).toBe('gatehouse');
    expect(load().settings.level).toBe('standard');
  });

  it('uses ~/.config when XDG_CONFIG_HOME is unset or relative', () => {
    mkdirSync(join(home, '.config', 'gatehouse'), { recursive: true });
    writeFileSync(join(home, '.config', 'gatehouse', 'guidance.yaml'), 'guidance:\n  level: off\n');
    expect(load({ env: {} }).settings.level).toBe('off');
    expect(load({ env: { XDG_CONFIG_HOME: 'relative/dir' } }).settings.level).toBe('off');
  });
});

describe('instructions (L0)', () => {
  it('is one line after the base text, pointing at the guide', () => {
    const text = load().instructions('Gatehouse is a gateway.');
    const [base, line, ...rest] = text.split('\n\n');
    expect(base).toBe('Gatehouse is a gateway.');
    expect(line).not.toContain('\n');
    expect(line).toContain(`Guide: resource ${GUIDANCE_URI}.`);
    expect(rest).toEqual([]);
  });

  it('makes no claim about gateway.invoke when this client cannot see it', () => {
    expect(load().instructionsLine({ toolNames: ['gateway.health'] })).toBeNull();
    expect(load().instructionsLine({ toolNames: ['gateway.invoke'] })).not.toBeNull();
  });
});

describe('the methodology resource (L3)', () => {
  it('is listed under the gatehouse:// URI only and readable under both URIs', () => {
    const guidance = load();
    expect(guidance.listResources().map((r) => r.uri)).toEqual([GUIDANCE_URI]);
    expect(guidance.listResources()[0]).toMatchObject({ mimeType: 'text/markdown', size: Buffer.byteLength(METHODOLOGY_MARKDOWN) });
    for (const uri of [GUIDANCE_URI, PMCP_GUIDANCE_URI]) {
      expect(guidance.readResource(uri)).toEqual({ contents: [{ uri, mimeType: 'text/markdown', text: METHODOLOGY_MARKDOWN }] });
    }
    expect(guidance.readResource('gatehouse://guidance/other')).toBeNull();
  });

  it('answers not-found with -32002 before the 2026-07-28 revision and -32602 from it', () => {
    expect(resourceNotFoundCode('2025-11-25')).toBe(-32002);
    expect(resourceNotFoundCode('2025-06-18')).toBe(-32002);
    expect(resourceNotFoundCode(undefined)).toBe(-32002);
    expect(resourceNotFoundCode('2026-07-28')).toBe(-32602);
  });

  it('mentions only tools the gateway has', () => {
    const mentioned = new Set(METHODOLOGY_MARKDOWN.match(/gateway\.[a-z_]+/g));
    const real = ['gateway.catalog_search', 'gateway.describe', 'gateway.invoke', 'gateway.tasks_get', 'gateway.tasks_result', 'gateway.health'];
    expect([...mentioned].filter((name) => !real.includes(name))).toEqual([]);
  });
});

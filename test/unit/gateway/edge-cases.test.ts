// Edge cases across the gateway and config: name styles, flags in queries, JSON Pointer escaping,
// binary sizes, resource blobs, oversized structured content, stderr line cuts, a "__proto__" name.
import type { Tool } from '@modelcontextprotocol/client';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonWithLocations } from '../../../src/main/config/json-locate';
import { readSource } from '../../../src/main/config/read-source';
import { riskHint, shortDescription, toCard } from '../../../src/main/gateway/cards';
import { indexTool, searchCatalog, tokenize } from '../../../src/main/gateway/catalog';
import { checkArguments } from '../../../src/main/gateway/check-arguments';
import { shapeResult } from '../../../src/main/gateway/shape-result';
import { LogRing } from '../../../src/main/supervisor/log-ring';

const tool = (name: string, extra: Partial<Tool> = {}): Tool => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object', properties: {}, required: [] },
  ...extra,
});
const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8') === s;

describe('tool names in any style', () => {
  it('riskHint splits camelCase names into words', () => {
    expect(riskHint(tool('deleteFile'))).toBe('high');
    expect(riskHint(tool('runCommand'))).toBe('high');
    expect(riskHint(tool('getUser'))).toBe('low');
  });

  it('catalog_search finds a camelCase tool by a word of its name', () => {
    const tools = [indexTool('s', tool('getTinyImage', { description: 'Returns an image.' }))];
    expect(searchCatalog(tools, 'tiny', {}, 10).results.map((c) => c.tool_id)).toEqual(['s::getTinyImage']);
  });

  it('toCard derives tags from snake_case name words', () => {
    expect(toCard('fs', tool('read_file', { description: 'Reads contents.' })).tags).toEqual(['fs', 'file']);
    expect(toCard('vcs', tool('git_commit', { description: 'Records changes.' })).tags).toEqual(['vcs', 'git']);
  });
});

describe('text limits', () => {
  it('shortDescription never splits a surrogate pair', () => {
    const short = shortDescription(`${'a'.repeat(96)}😀😀😀😀😀😀`);
    expect(wellFormed(short)).toBe(true);
    expect(short).toBe(`${'a'.repeat(96)}😀...`);
  });

  it('tokenize drops a whole hyphenated flag', () => {
    expect(tokenize('--dry-run')).toEqual([]);
    expect(tokenize('grep --max-count pattern')).toEqual(['grep', 'pattern']);
  });

  it('LogRing marks a cut line the same way whatever the chunking', () => {
    const whole = new LogRing(10, 5);
    whole.push('abcdefghij\n');
    const split = new LogRing(10, 5);
    split.push('abcdefghij');
    split.push('\n');
    expect(split.tail()).toEqual(whole.tail());
    expect(whole.tail()).toEqual(['abcde…']);
  });
});

describe('checkArguments', () => {
  it('escapes names into JSON Pointers (RFC 6901)', () => {
    expect(checkArguments({ required: ['a/b', 'm~n'] }, {})).toEqual([
      '/a~1b: required argument is missing',
      '/m~0n: required argument is missing',
    ]);
  });

  it('reports a missing required name that is also an Object.prototype key', () => {
    expect(checkArguments({ required: ['constructor', 'toString'] }, {})).toEqual([
      '/constructor: required argument is missing',
      '/toString: required argument is missing',
    ]);
  });
});

describe('shapeResult', () => {
  it('counts the decoded bytes of a padded base64 block', () => {
    const shaped = shapeResult({ content: [{ type: 'image', data: Buffer.from('hi').toString('base64'), mimeType: 'image/png' }] }, 100);
    expect((shaped.result.content as { bytes: number }[])[0]?.bytes).toBe(2);
  });

  it('passes an embedded-resource blob through instead of base64 inside JSON', () => {
    const blob = Buffer.alloc(64, 1).toString('base64');
    const block = { type: 'resource' as const, resource: { uri: 'file:///x.bin', mimeType: 'application/octet-stream', blob } };
    const shaped = shapeResult({ content: [block] }, 1000);
    expect(shaped.passthrough).toEqual([block]);
    expect(JSON.stringify(shaped.result)).not.toContain(blob);
    expect((shaped.result.content as unknown[])[0]).toEqual({ type: 'resource', uri: 'file:///x.bin', mimeType: 'application/octet-stream', block_index: 0, bytes: 64 });
  });

  it('drops oversized structuredContent even when the text fits', () => {
    const shaped = shapeResult({ content: [{ type: 'text', text: 'ok' }], structuredContent: { rows: 'y'.repeat(500) } }, 100);
    expect(shaped.result).not.toHaveProperty('structuredContent');
    expect(shaped.result.structuredContent_omitted).toBe(true);
    expect(shaped.truncated).toBe(true);
  });
});

describe('a "__proto__" key in .mcp.json', () => {
  it('stays data when parsed', () => {
    const parsed = parseJsonWithLocations('{"mcpServers": {"__proto__": {"command": "x"}}}');
    expect(Object.keys((parsed.value as { mcpServers: Record<string, unknown> }).mcpServers)).toEqual(['__proto__']);
  });

  it('is reported as a reserved server name with its line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-proto-'));
    try {
      const path = join(dir, '.mcp.json');
      writeFileSync(path, '{\n  "mcpServers": {\n    "__proto__": {"command": "x"},\n    "ok": {"command": "y"}\n  }\n}\n');
      const readout = readSource({ source: 'project', path, defaultCwd: dir });
      expect([...readout.servers.keys()]).toEqual(['ok']);
      expect(readout.issues).toEqual([expect.objectContaining({ line: 3, field: 'mcpServers.__proto__', message: expect.stringContaining('reserved') })]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

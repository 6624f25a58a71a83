import type { Tool } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DIALECT, riskHint, shortDescription, splitToolId, toCard, toolId } from '../../../src/main/gateway/cards';

function tool(name: string, extra: Partial<Tool> = {}): Tool {
  return {
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    ...extra,
  };
}

describe('toolId / splitToolId', () => {
  it('joins server and tool with ::', () => {
    expect(toolId('fs', 'read_file')).toBe('fs::read_file');
  });

  it('splits at the first ::, so a tool name may itself contain ::', () => {
    expect(splitToolId('fs::read_file')).toEqual({ server: 'fs', tool: 'read_file' });
    expect(splitToolId('a::b::c')).toEqual({ server: 'a', tool: 'b::c' });
    expect(splitToolId('a:::b')).toEqual({ server: 'a', tool: ':b' });
  });

  it('rejects ids without a server or a tool part', () => {
    expect(splitToolId('read_file')).toBeNull();
    expect(splitToolId('::read_file')).toBeNull();
    expect(splitToolId('fs::')).toBeNull();
    expect(splitToolId('fs:read')).toBeNull();
    expect(splitToolId('')).toBeNull();
  });

  it('round-trips with toolId', () => {
    expect(splitToolId(toolId('server-1', 'x.y::z'))).toEqual({ server: 'server-1', tool: 'x.y::z' });
  });
});

describe('shortDescription', () => {
  it('keeps text of up to 100 characters unchanged', () => {
    const exactly = 'x'.repeat(100);
    expect(shortDescription(exactly)).toBe(exactly);
  });

  it('cuts longer text to the first 97 characters plus "..."', () => {
    const long = `${'a'.repeat(97)}bcdef`;
    const short = shortDescription(long);
    expect(short).toBe(`${'a'.repeat(97)}...`);
    expect(short).toHaveLength(100);
  });

  it('collapses whitespace and newlines before measuring', () => {
    expect(shortDescription('  Reads\n\n  a   file.\t')).toBe('Reads a file.');
    const spaced = `${'word '.repeat(20)}`.replace(/ /g, '   ');
    expect(shortDescription(spaced)).toBe('word '.repeat(20).trim());
  });

  it('gives an empty string for a missing description', () => {
    expect(shortDescription(undefined)).toBe('');
  });

  it('honours a custom maximum', () => {
    expect(shortDescription('abcdefghij', 8)).toBe('abcde...');
  });
});

describe('riskHint', () => {
  it.each([
    ['delete_file', 'high'],
    ['remove-branch', 'high'],
    ['drop_table', 'high'],
    ['execute_sql', 'high'],
    ['run', 'high'],
    ['write_file', 'high'],
    ['create_issue', 'high'],
    ['update.record', 'high'],
    ['modify_config', 'high'],
    ['send_email', 'high'],
    ['http_post', 'high'],
    ['put_object', 'high'],
    ['read_file', 'low'],
    ['get_user', 'low'],
    ['list_tables', 'low'],
    ['search_code', 'low'],
    ['query', 'low'],
    ['fetch_url', 'low'],
    ['describe_table', 'low'],
    ['echo', 'medium'],
    ['add', 'medium'],
  ] as const)('derives %s → %s from the name words', (name, expected) => {
    expect(riskHint(tool(name))).toBe(expected);
  });

  it('lets a high word win over a low word in the same name', () => {
    expect(riskHint(tool('get_and_delete'))).toBe('high');
    expect(riskHint(tool('READ_WRITE'))).toBe('high');
  });

  it('matches whole words only', () => {
    expect(riskHint(tool('runner_status'))).toBe('medium');
    expect(riskHint(tool('getaway'))).toBe('medium');
  });

  it('makes destructiveHint high whatever the name says, even with readOnlyHint', () => {
    expect(riskHint(tool('read_file', { annotations: { destructiveHint: true } }))).toBe('high');
    expect(riskHint(tool('echo', { annotations: { destructiveHint: true, readOnlyHint: true } }))).toBe('high');
  });

  it('lets readOnlyHint lower a name-derived high only to medium (annotations are untrusted)', () => {
    expect(riskHint(tool('delete_file', { annotations: { readOnlyHint: true } }))).toBe('medium');
    expect(riskHint(tool('echo', { annotations: { readOnlyHint: true } }))).toBe('low');
    expect(riskHint(tool('get_user', { annotations: { readOnlyHint: true } }))).toBe('low');
  });

  it('ignores false hints', () => {
    expect(riskHint(tool('get_user', { annotations: { destructiveHint: false } }))).toBe('low');
    expect(riskHint(tool('delete_file', { annotations: { readOnlyHint: false } }))).toBe('high');
  });
});

describe('toCard', () => {
  it('builds the card fields from the tool', () => {
    const card = toCard(
      'fs',
      tool('read_file', {
        title: 'Read file',
        description: 'Read the complete contents of a file from the file system.',
        icons: [{ src: 'https://example.com/i.png' }],
        execution: { taskSupport: 'optional' },
      }),
    );
    expect(card).toEqual({
      tool_id: 'fs::read_file',
      server: 'fs',
      tool_name: 'read_file',
      title: 'Read file',
      short_description: 'Read the complete contents of a file from the file system.',
      tags: ['fs', 'file'],
      availability: 'online',
      risk_hint: 'low',
      icons: [{ src: 'https://example.com/i.png' }],
      execution: { taskSupport: 'optional' },
      schema_dialect: DEFAULT_DIALECT,
    });
  });

  it('falls back to the annotation title, then null', () => {
    expect(toCard('s', tool('x', { annotations: { title: 'From annotations' } })).title).toBe('From annotations');
    expect(toCard('s', tool('x')).title).toBeNull();
    expect(toCard('s', tool('x')).icons).toBeNull();
    expect(toCard('s', tool('x')).execution).toBeNull();
  });

  it('tags the server first, then each topic found in the name, title or description', () => {
    const card = toCard('db', tool('x', { title: 'Git helper', description: 'Run SQL and fetch a URL; find code in a folder.' }));
    expect(card.tags).toEqual(['db', 'database', 'file', 'git', 'http', 'search', 'code']);
    expect(toCard('plain', tool('echo', { description: 'Echoes the input back.' })).tags).toEqual(['plain']);
  });

  it('matches topic words case-insensitively and as whole words', () => {
    expect(toCard('s', tool('x', { description: 'Uses SQLITE under the hood' })).tags).toEqual(['s', 'database']);
    expect(toCard('s', tool('x', { description: 'profile and filename handling' })).tags).toEqual(['s']);
  });

  it('takes the dialect from inputSchema.$schema when present', () => {
    const draft7 = 'http://json-schema.org/draft-07/schema#';
    expect(toCard('s', tool('x', { inputSchema: { type: 'object', $schema: draft7 } })).schema_dialect).toBe(draft7);
  });

  it('marks cached cards offline and shortens long descriptions', () => {
    const card = toCard('s', tool('x', { description: 'y'.repeat(300) }), 'offline');
    expect(card.availability).toBe('offline');
    expect(card.short_description).toHaveLength(100);
    expect(card.short_description.endsWith('...')).toBe(true);
  });

  it('carries the risk hint', () => {
    expect(toCard('s', tool('delete_file', { annotations: { readOnlyHint: true } })).risk_hint).toBe('medium');
  });
});

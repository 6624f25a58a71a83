import { describe, expect, it } from 'vitest';
import { codeHintFor, hintLength, rankHints, type CodeHint } from '../../../src/main/gateway/guidance/hints';
import { argumentsLiteral, codeSnippetFor, snippetLines } from '../../../src/main/gateway/guidance/snippets';

describe('code hints (L1)', () => {
  it.each<[string, string, CodeHint]>([
    ['search_issues', 'Search GitHub issues', 'filter'],
    ['list_directory', 'List the entries of a folder', 'filter'],
    ['read_file', 'Read a file from disk', 'loop'],
    ['getMultipleRecords', '', 'loop'],
    ['get_job_status', 'Status of a build job', 'poll'],
    ['wait_for_task', '', 'poll'],
    ['validate_config', 'Check a config file', 'if/else'],
    ['file_exists', '', 'if/else'],
    ['create_issue', 'Open a new issue', 'try/catch'],
    ['send-message', 'Post a message to a channel', 'try/catch'],
    ['echo', 'Echoes back the input', 'try/catch'],
  ])('%s → %s', (name, description, hint) => {
    expect(codeHintFor({ name, description }, 8)).toBe(hint);
  });

  it('is deterministic and weighs the name over incidental description words', () => {
    const tool = { name: 'delete_rows', description: 'Search is not what this does; it lists nothing and finds nothing.' };
    const first = rankHints(tool);
    expect(rankHints(tool)).toEqual(first);
    expect(codeHintFor(tool, 8)).toBe('try/catch');
  });

  it('ignores short filler words in prose ("is", "can", "get")', () => {
    expect(codeHintFor({ name: 'weather', description: 'It is what you can get' }, 8)).toBe('try/catch');
  });

  it('counts the cap without the slash, so the default 8 fits try/catch', () => {
    expect(hintLength('try/catch')).toBe(8);
    expect(hintLength('if/else')).toBe(6);
    expect(codeHintFor({ name: 'create_issue' }, 8)).toBe('try/catch');
    expect(codeHintFor({ name: 'create_issue' }, 7)).toBeNull();
  });

  it('falls back to the next pattern with signal when the best does not fit', () => {
    // poll (job) and filter (list) both have signal; poll wins on ties, filter is used when poll is capped away.
    expect(codeHintFor({ name: 'list_jobs' }, 8)).toBe('poll');
    expect(codeHintFor({ name: 'list_jobs' }, 3)).toBeNull();
    expect(codeHintFor({ name: 'check_list' }, 8)).toBe('filter');
    expect(codeHintFor({ name: 'check_list' }, 5)).toBeNull();
  });
});

const SCHEMA = {
  type: 'object',
  properties: { path: { type: 'string' }, limit: { type: 'integer' }, 'dry-run': { type: 'boolean' }, tags: { type: 'array' }, extra: { type: 'object' } },
  required: ['path', 'limit', 'dry-run', 'tags'],
};

describe('code snippets (L2)', () => {
  it('shows the required arguments as placeholders, quoting keys that are not identifiers', () => {
    expect(argumentsLiteral(SCHEMA).text).toBe('{ path: "<path>", limit: 1, "dry-run": true, /* ... */ }');
    expect(argumentsLiteral({ type: 'object' }).text).toBe('{}');
    expect(argumentsLiteral(SCHEMA, 'item').text).toBe('{ path: item, limit: 1, "dry-run": true, /* ... */ }');
  });

  it.each<CodeHint>(['loop', 'filter', 'if/else', 'try/catch', 'poll'])('%s: fits 4 lines, calls gateway.invoke with the tool id, and is valid JavaScript', (hint) => {
    const lines = snippetLines(hint, 'fs::read_file', SCHEMA);
    expect(lines.length).toBeLessThanOrEqual(4);
    const code = lines.join('\n');
    expect(code).toContain('gateway.invoke({ tool_id: "fs::read_file", arguments: {');
    // Parsed, never run: identifiers like `items` or `report` are the reader's to supply.
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (body: string) => unknown;
    expect(() => new AsyncFunction(code)).not.toThrow();
  });

  it('falls back to the bare call when the pattern does not fit max_snippet_lines', () => {
    expect(codeSnippetFor('try/catch', 'a::b', {}, 3)).toBe('const r = await gateway.invoke({ tool_id: "a::b", arguments: {} });');
    expect(codeSnippetFor('try/catch', 'a::b', {}, 4)?.split('\n')).toHaveLength(4);
    expect(codeSnippetFor('if/else', 'a::b', {}, 0)).toBeNull();
  });

  it('escapes a tool id that would break the string', () => {
    expect(codeSnippetFor('if/else', 'a::say "hi"', {}, 1)).toContain('tool_id: "a::say \\"hi\\""');
  });
});

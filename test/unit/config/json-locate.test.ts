import { describe, expect, it } from 'vitest';
import { locateOffset, locatePath, parseJsonWithLocations } from '../../../src/main/config/json-locate';

describe('locateOffset', () => {
  it('counts lines and columns from 1', () => {
    const text = 'ab\ncd\nef';
    expect(locateOffset(text, 0)).toEqual({ line: 1, column: 1 });
    expect(locateOffset(text, 1)).toEqual({ line: 1, column: 2 });
    expect(locateOffset(text, 3)).toEqual({ line: 2, column: 1 });
    expect(locateOffset(text, 7)).toEqual({ line: 3, column: 2 });
  });

  it('treats CRLF as one line break', () => {
    expect(locateOffset('a\r\nb', 3)).toEqual({ line: 2, column: 1 });
  });
});

describe('parseJsonWithLocations', () => {
  it('returns the value of valid JSON and no error', () => {
    const parsed = parseJsonWithLocations('{"mcpServers": {"a": {"command": "x", "args": ["1", 2, true, null]}}}');
    expect(parsed.error).toBeNull();
    expect(parsed.tree).toBeDefined();
    expect(parsed.value).toEqual({ mcpServers: { a: { command: 'x', args: ['1', 2, true, null] } } });
  });

  it('locates a missing comma on the line where the next property starts', () => {
    const parsed = parseJsonWithLocations('{\n  "a": 1\n  "b": 2\n}');
    expect(parsed.error).toEqual({ line: 3, column: 3, message: 'invalid JSON: "," expected' });
    expect(parsed.value).toBeUndefined();
    expect(parsed.tree).toBeUndefined();
  });

  it('rejects a trailing comma in an object', () => {
    const parsed = parseJsonWithLocations('{\n  "a": 1,\n}');
    expect(parsed.error).toMatchObject({ line: 3, column: 1 });
    expect(parsed.error?.message).toMatch(/^invalid JSON: property name expected/);
  });

  it('rejects a trailing comma in an array', () => {
    const parsed = parseJsonWithLocations('[1,2,]');
    expect(parsed.error).toEqual({ line: 1, column: 6, message: 'invalid JSON: value expected' });
  });

  it('rejects line and block comments with a readable message', () => {
    expect(parseJsonWithLocations('{\n  // note\n  "a": 1\n}').error).toEqual({
      line: 2,
      column: 3,
      message: 'invalid JSON: comments are not allowed in JSON',
    });
    expect(parseJsonWithLocations('/* x */ {}').error?.message).toBe('invalid JSON: comments are not allowed in JSON');
  });

  it('names unterminated strings, missing colons, bad literals and extra content', () => {
    expect(parseJsonWithLocations('{\n  "a": "x\n}').error).toEqual({ line: 2, column: 8, message: 'invalid JSON: unterminated string' });
    expect(parseJsonWithLocations('{"a" 1}').error).toEqual({ line: 1, column: 6, message: 'invalid JSON: ":" expected' });
    expect(parseJsonWithLocations('{"a": tru}').error).toEqual({ line: 1, column: 7, message: 'invalid JSON: unexpected character' });
    expect(parseJsonWithLocations('{"a":1}}').error).toEqual({
      line: 1,
      column: 8,
      message: 'invalid JSON: unexpected content after the end of the JSON value',
    });
  });

  it('treats an empty file as an error at 1:1', () => {
    expect(parseJsonWithLocations('').error).toEqual({ line: 1, column: 1, message: 'invalid JSON: value expected' });
  });
});

describe('locatePath', () => {
  const text = ['{', '  "mcpServers": {', '    "alpha": {', '      "command": "x",', '      "args": "oops"', '    }', '  }', '}'].join('\n');
  const { tree } = parseJsonWithLocations(text);

  it('points at the property key, not the value', () => {
    expect(locatePath(text, tree, ['mcpServers', 'alpha', 'args'])).toEqual({ line: 5, column: 7 });
    expect(locatePath(text, tree, ['mcpServers', 'alpha'])).toEqual({ line: 3, column: 5 });
  });

  it('falls back to the deepest existing parent for a missing key', () => {
    expect(locatePath(text, tree, ['mcpServers', 'alpha', 'env', 'TOKEN'])).toEqual({ line: 3, column: 5 });
    expect(locatePath(text, tree, ['mcpServers', 'beta'])).toEqual({ line: 2, column: 3 });
  });

  it('indexes array elements by number', () => {
    const arrayText = '{\n  "autoStart": [\n    "a",\n    3\n  ]\n}';
    const parsed = parseJsonWithLocations(arrayText);
    expect(locatePath(arrayText, parsed.tree, ['autoStart', 1])).toEqual({ line: 4, column: 5 });
  });

  it('uses the root for an empty path and null without a tree', () => {
    expect(locatePath(text, tree, [])).toEqual({ line: 1, column: 1 });
    expect(locatePath(text, undefined, ['mcpServers'])).toBeNull();
  });
});

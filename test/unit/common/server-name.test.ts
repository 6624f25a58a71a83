// One rule for server names wherever they enter (issue 11, item 12): a name may become a folder.
import { describe, expect, it } from 'vitest';
import { serverNameProblem } from '../../../src/main/common/server-name';

describe('serverNameProblem', () => {
  it('accepts ordinary names, dots inside a name included', () => {
    for (const name of ['everything', 'my-server_2', 'api.v2', '.hidden', 'x'.repeat(128), 'ünïcode']) expect(serverNameProblem(name)).toBeNull();
  });

  it('refuses dot names, path separators and the older rules, each with its reason', () => {
    expect(serverNameProblem('..')).toBe('a name is not "." or ".."');
    expect(serverNameProblem('.')).toBe('a name is not "." or ".."');
    expect(serverNameProblem('a/b')).toBe('a name has no "/" or "\\"');
    expect(serverNameProblem('a\\b')).toBe('a name has no "/" or "\\"');
    expect(serverNameProblem('../x')).toBe('a name has no "/" or "\\"');
    expect(serverNameProblem('a::b')).toBe('a name has no "::" (it separates the server from the tool)');
    expect(serverNameProblem('has space')).toBe('a name has no whitespace or control characters');
    expect(serverNameProblem('bell\u0007')).toBe('a name has no whitespace or control characters');
    expect(serverNameProblem('__proto__')).toBe('"__proto__" is reserved');
    expect(serverNameProblem('')).toBe('a name is not empty');
    expect(serverNameProblem('x'.repeat(129))).toBe('a name is at most 128 characters');
  });
});

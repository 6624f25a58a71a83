import { describe, expect, it } from 'vitest';
import { floorSupported, isSpecifierSet, parsePythonVersion, pythonFloor } from '../../../src/main/runtime/python-version';

describe('Python constraints', () => {
  it('finds the lower bound of a specifier set', () => {
    expect(pythonFloor('>=3.10')).toEqual([3, 10]);
    expect(pythonFloor('>=3.9, <4, >=3.11')).toEqual([3, 11]);
    expect(pythonFloor('~=3.12')).toEqual([3, 12]);
    expect(pythonFloor('<4')).toBeNull();
  });

  it('supports only floors of 3.10 and newer', () => {
    expect(floorSupported('>=3.10')).toBe(true);
    expect(floorSupported('>=3.9')).toBe(false);
    expect(floorSupported('<4')).toBe(false);
  });

  it('recognises specifier sets and versions', () => {
    expect(isSpecifierSet('>=3.10,<4')).toBe(true);
    expect(isSpecifierSet('3.10')).toBe(false);
    expect(parsePythonVersion('3.12.4')).toEqual([3, 12]);
    expect(parsePythonVersion('nothing')).toBeNull();
  });
});

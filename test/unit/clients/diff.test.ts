// The preview's line diff.
import { expect, it } from 'vitest';
import { lineDiff } from '../../../src/main/clients/diff';

it('marks kept, removed and added lines in order', () => {
  expect(lineDiff(['a', 'b', 'c'], ['a', 'c', 'd'])).toEqual([' a', '-b', ' c', '+d']);
  expect(lineDiff([], ['x'])).toEqual(['+x']);
  expect(lineDiff(['x'], [])).toEqual(['-x']);
  // A changed line reads as the old one removed, then the new one added.
  expect(lineDiff(['a', 'old', 'c'], ['a', 'new', 'c'])).toEqual([' a', '-old', '+new', ' c']);
});

it('can treat lines as equal by a key, showing the new line', () => {
  const noComma = (line: string) => line.replace(/,$/, '');
  expect(lineDiff(['{', '  "a": 1', '}'], ['{', '  "a": 1,', '  "b": 2', '}'], noComma)).toEqual([' {', '   "a": 1,', '+  "b": 2', ' }']);
});

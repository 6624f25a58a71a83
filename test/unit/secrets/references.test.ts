import { describe, expect, it } from 'vitest';
import { referencedNames } from '../../../src/main/secrets/references';

describe('referencedNames', () => {
  it('finds ${NAME} and ${NAME:-fallback}, not $NAME, sorted and unique', () => {
    expect(referencedNames({
      Authorization: 'Bearer ${API_TOKEN}',
      X: '${B_KEY:-default}-${API_TOKEN}',
      literal: '$NOT_A_REFERENCE and ${bad-name} and ${1BAD}',
    })).toEqual(['API_TOKEN', 'B_KEY']);
    expect(referencedNames({})).toEqual([]);
  });
});

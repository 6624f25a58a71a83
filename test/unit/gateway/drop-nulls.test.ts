import { describe, expect, it } from 'vitest';
import { dropNulls } from '../../../src/main/gateway/drop-nulls';

describe('dropNulls', () => {
  it('removes null keys at any depth of the gateway arguments, but never inside the downstream arguments', () => {
    expect(dropNulls({ limit: null, filters: { server: null, tags: ['a'] }, options: { timeout_ms: null, redact_secrets: false }, arguments: { keep: null, deep: { also: null } } })).toEqual({
      filters: { tags: ['a'] },
      options: { redact_secrets: false },
      arguments: { keep: null, deep: { also: null } },
    });
  });

  it('leaves arrays and scalars as they are', () => {
    expect(dropNulls({ names: [null, 'x'], n: 0, s: '', b: false })).toEqual({ names: [null, 'x'], n: 0, s: '', b: false });
    expect(dropNulls(null)).toBeNull();
  });
});

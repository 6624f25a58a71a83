// SEP-2243 header/body agreement as Gatehouse's endpoint checks it: which arguments need a header, how a
// Base64 header is read, and how numbers and booleans compare.
import { describe, expect, it } from 'vitest';
import { paramHeaderMismatch } from '../../../src/main/http/param-headers';

const schema = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    limit: { type: 'integer', 'x-mcp-header': 'Limit' },
    dryRun: { type: 'boolean', 'x-mcp-header': 'Dry-Run' },
    filter: { type: 'object', properties: { owner: { type: 'string', 'x-mcp-header': 'Owner' } } },
    note: { type: 'string' },
  },
};
const headers = (values: Record<string, string>) => (name: string) => values[name];

describe('paramHeaderMismatch', () => {
  it('accepts headers that agree, numbers compared as numbers and nested properties included', () => {
    const sent = headers({ 'mcp-param-region': 'eu', 'mcp-param-limit': '42.0', 'mcp-param-dry-run': 'true', 'mcp-param-owner': '=?base64?w6VzYQ==?=' });
    expect(paramHeaderMismatch(schema, { region: 'eu', limit: 42, dryRun: true, filter: { owner: 'åsa' }, note: 'x' }, sent)).toBeNull();
  });

  it('expects no header for an argument that is absent or null', () => {
    expect(paramHeaderMismatch(schema, { region: null }, headers({}))).toBeNull();
  });

  it('names the header that is missing, badly encoded or different', () => {
    expect(paramHeaderMismatch(schema, { limit: 5 }, headers({}))?.data.mismatch.header).toBe('Mcp-Param-Limit');
    expect(paramHeaderMismatch(schema, { region: 'eu' }, headers({ 'mcp-param-region': '=?base64?ZX!!?=' }))?.message).toContain('invalid Base64');
    expect(paramHeaderMismatch(schema, { dryRun: false }, headers({ 'mcp-param-dry-run': 'true' }))?.message).toContain('Mcp-Param-Dry-Run header decodes to "true"');
  });
});

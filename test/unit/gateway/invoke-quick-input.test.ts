// gateway.invoke's quickInput must give exactly what the schema gives, for every input it takes, and
// take nothing the schema would read differently (a null, a JSON text, another field).
import { describe, expect, it } from 'vitest';
import { dropNulls } from '../../../src/main/gateway/drop-nulls';
import { prepare } from '../../../src/main/gateway/prepared-tool';
import { invoke } from '../../../src/main/gateway/tools/invoke';

const schemaRead = (raw: unknown) => invoke.input.safeParse(dropNulls(prepare(invoke).readJsonText(raw)));

describe('gateway.invoke quickInput', () => {
  const taken: unknown[] = [
    { tool_id: 'everything::echo', arguments: { message: 'hi' } },
    { tool_id: 'everything::echo' },
    { tool_id: 's::t', arguments: {} },
    { tool_id: 's::t', arguments: { nested: { a: [1, null, { b: null }] }, n: null, flag: false } },
    { arguments: { x: 1 }, tool_id: 'x' },
  ];
  for (const raw of taken) {
    it(`reads ${JSON.stringify(raw)} as the schema does`, () => {
      const quick = invoke.quickInput?.(raw);
      const parsed = schemaRead(raw);
      expect(parsed.success).toBe(true);
      expect(quick).toEqual(parsed.data);
    });
  }

  const left: unknown[] = [
    null,
    'text',
    [],
    {},
    { tool_id: '' },
    { tool_id: 7 },
    { tool_id: 's::t', arguments: null },
    { tool_id: 's::t', arguments: '{"message":"hi"}' },
    { tool_id: 's::t', arguments: [1] },
    { tool_id: 's::t', arguments: {}, options: { timeout_ms: 5000 } },
    { tool_id: 's::t', arguments: {}, options: null },
    { tool_id: 's::t', task: { enabled: true } },
    { tool_id: 's::t', trace_context: { traceparent: 'x' } },
  ];
  for (const raw of left) {
    it(`leaves ${JSON.stringify(raw)} to the schema`, () => {
      expect(invoke.quickInput?.(raw)).toBeUndefined();
    });
  }

  it('gives the caller a copy of the arguments, as the schema does', () => {
    const args = { message: 'hi' };
    const quick = invoke.quickInput?.({ tool_id: 's::t', arguments: args }) as { arguments: unknown };
    expect(quick.arguments).toEqual(args);
    expect(quick.arguments).not.toBe(args);
  });
});

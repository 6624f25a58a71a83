import { describe, expect, it } from 'vitest';
import { indexedTools, isOffered, type ToolLimits } from '../../../src/main/gateway/indexed-tools';

const limits = (max: number, denied: string[] = []): ToolLimits => ({
  toolAllowed: (_server, tool) => !denied.includes(tool),
  limits: { max_tools_per_server: max } as ToolLimits['limits'],
});
const tools = ['a', 'b', 'c', 'd'].map((name) => ({ name }));

describe('isOffered', () => {
  it('agrees with indexedTools for every tool, under and over the cap, with and without denials', () => {
    for (const policy of [limits(10), limits(4), limits(2), limits(2, ['a']), limits(3, ['b', 'c']), limits(0)]) {
      const offered = indexedTools('s', tools, policy);
      for (const tool of tools) expect(isOffered('s', tools, tool, policy)).toBe(offered.includes(tool));
    }
  });

  it('refuses a tool policy denies even when the server is under the cap', () => {
    expect(isOffered('s', tools, tools[1] as { name: string }, limits(10, ['b']))).toBe(false);
  });
});

// catalog_search's answer is built from card JSON written once per tool and guidance (issue 15). It must
// be the very text jsonResult gave for the same answer: the same keys in the same order, nulls dropped at
// every depth, the code hint where the guidance gives one, strings escaped alike.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/client';
import { afterAll, describe, expect, it } from 'vitest';
import { indexTool, type IndexedTool } from '../../../../src/main/gateway/catalog';
import { jsonResult } from '../../../../src/main/gateway/envelope';
import { loadGuidance, type Guidance } from '../../../../src/main/gateway/guidance';
import { cardJson, searchAnswer } from '../../../../src/main/gateway/search/search-answer';
import { syntheticTools } from '../../../../bench/search/synthetic-catalog';
import { BILLING, CORPUS, FORGE } from '../../../fixtures/corpus-tools';

const home = mkdtempSync(join(tmpdir(), 'gatehouse-search-answer-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const odd: Tool[] = [
  {
    name: 'draw_chart',
    title: 'Draw a "chart" \\ plot',
    description: 'Draws a chart ✏️📈 from rows\nwith "quotes", tabs\tand a very long tail that goes well past the hundred characters a card keeps.',
    inputSchema: { type: 'object', properties: { rows: { type: 'array' } }, $schema: 'http://json-schema.org/draft-07/schema#' },
    icons: [{ src: 'https://example.test/chart.png', mimeType: 'image/png', sizes: ['48x48'] }],
    execution: { taskSupport: 'optional' },
    annotations: { readOnlyHint: true },
  } as Tool,
  { name: 'nothing_else', inputSchema: { type: 'object' } } as Tool,
];

const tools: IndexedTool[] = [
  ...CORPUS.map((t) => indexTool('corpus', t)),
  ...BILLING.map((t) => indexTool('billing', t, 'lazy')),
  ...FORGE.map((t) => indexTool('forge', t, 'offline')),
  ...odd.map((t) => indexTool('odd', t)),
  ...syntheticTools(4, 100).map((t) => indexTool('server-004', t)),
];

/** The answer as catalog_search built it before: cards copied with their hint, then jsonResult. */
function before(guidance: Guidance, hits: readonly IndexedTool[], rest: Record<string, unknown>): string {
  const results = hits.map((tool) => ({ ...tool.card, code_hint: guidance.codeHint({ name: tool.card.tool_name, description: tool.description }) ?? null }));
  const block = jsonResult({ results, ...rest }).content[0];
  return block?.type === 'text' ? block.text : '';
}

function after(guidance: Guidance, hits: readonly IndexedTool[], rest: Record<string, unknown>): string {
  const block = searchAnswer(hits.map((tool) => cardJson(guidance, tool)), rest).content[0];
  return block?.type === 'text' ? block.text : '';
}

const RESTS: Record<string, unknown>[] = [
  { total_available: 140, truncated: false, indexing: null, manifest_candidates: null, cli_hints: null, registry_candidates: null },
  {
    total_available: 0,
    truncated: true,
    indexing: [{ server: 'slow', since: null }],
    manifest_candidates: [{ id: 'github', why: null, install: { command: 'npx', args: ['-y', 'x'] } }],
    cli_hints: [{ cli: 'gh', path: '/usr/bin/gh', version: null }],
    registry_candidates: [],
  },
];

describe('searchAnswer', () => {
  const minimal = loadGuidance({ env: {}, homeDir: home });
  const offPath = join(home, 'guidance-off.yaml');
  writeFileSync(offPath, 'guidance:\n  level: off\n');
  const off = loadGuidance({ env: {}, homeDir: home, path: offPath });

  it('gives the text jsonResult gave, for every card, with and without code hints', () => {
    expect(minimal.settings.layers.code_hints).toBe(true);
    expect(off.settings.layers.code_hints).toBe(false);
    expect(tools.some((tool) => minimal.codeHint({ name: tool.card.tool_name, description: tool.description }) !== null)).toBe(true);
    for (const guidance of [minimal, off, minimal]) {
      for (const rest of RESTS) {
        for (let at = 0; at < tools.length; at += 17) {
          const hits = tools.slice(at, at + 20);
          expect(after(guidance, hits, rest)).toBe(before(guidance, hits, rest));
        }
        expect(after(guidance, [], rest)).toBe(before(guidance, [], rest));
      }
    }
  });

  it('keeps each guidance\'s own card text: a hint written under one never shows under another', () => {
    const tool = tools.find((t) => minimal.codeHint({ name: t.card.tool_name, description: t.description }) !== null) as IndexedTool;
    expect(JSON.parse(cardJson(minimal, tool))).toHaveProperty('code_hint');
    expect(JSON.parse(cardJson(off, tool))).not.toHaveProperty('code_hint');
    expect(JSON.parse(cardJson(minimal, tool))).toHaveProperty('code_hint');
  });

  it('writes the answer as JSON whose results are the cards in order', () => {
    const hits = tools.slice(0, 5);
    const parsed = JSON.parse(after(off, hits, RESTS[1] as Record<string, unknown>)) as { results: { tool_id: string }[]; truncated: boolean };
    expect(parsed.results.map((r) => r.tool_id)).toEqual(hits.map((h) => h.card.tool_id));
    expect(parsed.truncated).toBe(true);
  });
});

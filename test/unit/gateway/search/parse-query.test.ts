// parseQuery keeps the cuts of the last queries (issue 15: a repeated search allocates no words again),
// within a bound, and a kept cut is the same as a fresh one.
import { expect, it } from 'vitest';
import { parseQuery } from '../../../../src/main/gateway/search/query';

it('answers a repeated query with the same cut, and a forgotten one with an equal new cut', () => {
  const first = parseQuery('Archived invoices --dry-run for the listInvoices tool');
  expect(first).toEqual({
    terms: [
      { word: 'archived', stem: 'archiv' },
      { word: 'invoices', stem: 'invoic' },
      { word: 'list', stem: 'list' },
    ],
    nameQuery: 'archived invoices listinvoices',
    nameStems: ['archiv', 'invoic', 'listinvoic'],
  });
  expect(parseQuery('Archived invoices --dry-run for the listInvoices tool')).toBe(first);

  // A stream of other queries pushes it out: the memo is bounded.
  for (let i = 0; i < 1000; i++) parseQuery(`query number ${i}`);
  const again = parseQuery('Archived invoices --dry-run for the listInvoices tool');
  expect(again).not.toBe(first);
  expect(again).toEqual(first);
});

// The words search works with: how names and prose are cut, and which word forms meet once stemmed.
import { describe, expect, it } from 'vitest';
import { nameTerms, nameWords, stems, stemWord, textTerms, tokenize } from '../../../src/main/common/search-words';

const words = (terms: { word: string }[]) => terms.map((t) => t.word);

describe('nameWords', () => {
  it('splits every naming style into lower-cased words', () => {
    expect(nameWords('list_invoices')).toEqual(['list', 'invoices']);
    expect(nameWords('listInvoices')).toEqual(['list', 'invoices']);
    expect(nameWords('list-invoices')).toEqual(['list', 'invoices']);
    expect(nameWords('calendar.list_events')).toEqual(['calendar', 'list', 'events']);
    expect(nameWords('billing::list_invoices')).toEqual(['billing', 'list', 'invoices']);
    expect(nameWords('parseHTTPResponse.v2')).toEqual(['parse', 'http', 'response', 'v2']);
  });
});

describe('stemWord', () => {
  it('gives a plural and its singular, -ing and -ed forms one stem', () => {
    for (const [a, b] of [
      ['invoice', 'invoices'],
      ['issue', 'issues'],
      ['create', 'creating'],
      ['create', 'created'],
      ['echo', 'echoed'],
      ['echo', 'echoes'],
      ['query', 'queries'],
      ['directory', 'directories'],
      ['log', 'logging'],
      ['run', 'running'],
    ]) {
      expect(stemWord(b as string), `${a} / ${b}`).toBe(stemWord(a as string));
    }
  });

  it('lets "adding" meet "add" (Porter2 undoubles only after cutting a suffix)', () => {
    expect(stemWord('adding')).toBe(stemWord('add'));
    expect(stemWord('staffing')).toBe(stemWord('staff'));
  });

  it('keeps different words apart', () => {
    expect(stemWord('log')).not.toBe(stemWord('login'));
    expect(stemWord('car')).not.toBe(stemWord('card'));
    expect(stemWord('note')).not.toBe(stemWord('notebook'));
  });
});

describe('nameTerms', () => {
  it('stems the words of a name and drops stop-words and lone letters', () => {
    expect(stems(nameTerms('list_invoices'))).toEqual(['list', 'invoic']);
    expect(stems(nameTerms('createIssue'))).toEqual(['creat', 'issu']);
    expect(stems(nameTerms('how_to_use_a_tool'))).toEqual([]);
    expect(stems(nameTerms('get-sum.a'))).toEqual(['get', 'sum']);
  });
});

describe('textTerms', () => {
  it('splits snake, kebab, dotted and server::tool words in prose', () => {
    expect(words(textTerms('call fs::read_file or list-dir, then SQL.query'))).toEqual(['call', 'fs', 'read', 'file', 'list', 'dir', 'then', 'sql', 'query']);
  });

  it('splits a lower-case camelCase identifier but keeps a capitalised name whole', () => {
    expect(words(textTerms('listInvoices on GitHub with PostgreSQL'))).toEqual(['list', 'invoices', 'github', 'postgresql']);
  });

  it('drops flags, stop-words (in any form) and lone letters', () => {
    expect(words(textTerms('--verbose -v how do I use the tool: it uses wanted stuff, user\'s files'))).toEqual(['stuff', 'user', 'files']);
  });

  it('keeps the word as written beside its stem', () => {
    expect(textTerms('Creating Issues')).toEqual([{ word: 'creating', stem: 'creat' }, { word: 'issues', stem: 'issu' }]);
  });
});

describe('tokenize (the discovery tiers\' words)', () => {
  it('stays unstemmed, so reasons quote the words people wrote', () => {
    expect(tokenize('GitHub issues --verbose for me')).toEqual(['github', 'issues']);
  });
});

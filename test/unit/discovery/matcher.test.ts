// request_capability's decision on the built-in manifest: the rules one by one. The measured behaviour
// over many needs is matcher-eval.test.ts.
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../../src/main/discovery/manifest';
import { matchCapability } from '../../../src/main/discovery/matcher';
import { editDistance } from '../../../src/main/discovery/typo';
import { needWords } from '../../../src/main/discovery/need-words';

const manifest = loadManifest({ env: {}, homeDir: '/nonexistent', projectRoot: null, stateDir: '/nonexistent', cacheDir: '/nonexistent', configDir: '/nonexistent', log: () => undefined });
const match = (query: string, clis: string[] = [], configured: { name: string; text: string }[] = []) =>
  matchCapability({ query, manifest, configured, discovered: [], availableClis: new Map(clis.map((c) => [c, `/usr/bin/${c}`])) });

describe('matchCapability', () => {
  it('answers a named server, or the installed CLI made for it unless a server is asked for', () => {
    expect(match('github issues')).toMatchObject({ answer: 'server', name: 'github' });
    expect(match('github issues', ['gh'])).toMatchObject({ answer: 'use_cli', name: 'gh' });
    expect(match('git commits', ['git'])).toMatchObject({ answer: 'use_cli', name: 'git' });
    expect(match('git mcp server', ['git'])).toMatchObject({ answer: 'server', name: 'git' });
  });

  it('guards unknown services before any CLI', () => {
    expect(match('send an http request to the Zendeskish api', ['curl'])).toMatchObject({ answer: 'not_available', unknown: ['zendeskish'] });
    expect(match('make an http request', ['curl'])).toMatchObject({ answer: 'use_cli', name: 'curl' });
    // A known name beside an unknown word is still answered ("Lisbon" is a place, not a product).
    expect(match('find an Airbnb in Lisbon')).toMatchObject({ answer: 'server', name: 'airbnb' });
  });

  it('never lets a lone word like "I" or a flag pick a CLI', () => {
    expect(match('I', ['curl', 'git', 'rg'])).toMatchObject({ answer: 'not_available', ranked: [] });
    expect(match('-I -X', ['curl'])).toMatchObject({ answer: 'not_available' });
  });

  it('sends "scrape a website" to scrapers, not a CMS', () => {
    const decision = match('scrape a website');
    expect(decision).toMatchObject({ answer: 'server', name: 'firecrawl' });
    expect(decision.ranked.slice(0, 3).every((r) => r.category === 'scraping')).toBe(true);
  });

  it('honours negations: a ruled-out CLI or server is never the answer', () => {
    expect(needWords('run containers without docker')).toMatchObject({ words: ['run', 'containers'], negated: ['docker'] });
    expect(match('run containers without docker', ['docker', 'podman'])).toMatchObject({ answer: 'use_cli', name: 'podman' });
    expect(match('github issues, not using the gh cli', ['gh'])).toMatchObject({ answer: 'server', name: 'github' });
    const free = match('search the web without an API key');
    expect(free).toMatchObject({ answer: 'server', name: 'duckduckgo' });
    expect(free.ranked.map((r) => r.id)).not.toContain('brave-search');
  });

  it('reads typos as the closest known word and says so', () => {
    expect(editDistance('tikcet', 'ticket', 2)).toBe(1);
    const decision = match('query my postgress database');
    expect(decision).toMatchObject({ answer: 'server', name: 'postgres', corrections: [['postgress', 'postgres']] });
    expect(decision.reason).toContain('read "postgress" as "postgres"');
  });

  it('answers not_available when nothing explains the need, naming the closest miss', () => {
    const decision = match('order a pizza for delivery');
    expect(decision.answer).toBe('not_available');
    expect(decision.reason).toMatch(/^not_available: no installed CLI or known server covers "order", "pizza", "delivery"/);
  });

  it('prefers a configured server that does the job', () => {
    const configured = [{ name: 'billing-api', text: 'create_invoice Create an invoice for a customer. list_overdue_invoices Overdue invoices.' }];
    const decision = match('create an invoice for a customer', [], configured);
    expect(decision).toMatchObject({ answer: 'server', name: 'billing-api' });
    expect(decision.ranked[0]?.source).toBe('configured');
    expect(decision.reason).toMatch(/^server:billing-api: configured server/);
  });

  it('lists a category when a generic need fits several of its servers alike', () => {
    const decision = match('search the web');
    expect(decision.answer).toBe('server');
    expect(decision.category).toBe('search');
  });

  it('explains every decision in one line that starts with the answer', () => {
    for (const query of ['scrape a website', 'I', 'github issues', 'make an http request']) {
      const { reason } = match(query, ['curl']);
      expect(reason).toMatch(/^(use_cli:|server:|not_available)/);
      expect(reason).not.toContain('\n');
    }
  });
});

// request_capability's tiers, in contract order, on the built-in manifest.
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../../src/main/discovery/manifest';
import { matchCapability } from '../../../src/main/discovery/matcher';

const manifest = loadManifest({ env: {}, homeDir: '/nonexistent', projectRoot: null, stateDir: '/nonexistent', cacheDir: '/nonexistent', configDir: '/nonexistent', log: () => undefined });
const match = (query: string, clis: string[] = []) => matchCapability({ query, manifest, configured: [], discovered: [], availableClis: new Map(clis.map((c) => [c, `/usr/bin/${c}`])) });

describe('matchCapability', () => {
  it('prefers a named server, unless the name is an installed CLI and no server is asked for', () => {
    expect(match('github issues')).toEqual({ tier: 'named', names: ['github'] });
    expect(match('git commits', ['git'])).toMatchObject({ tier: 'cli', cli: { name: 'git' } });
    expect(match('git mcp server', ['git'])).toEqual({ tier: 'named', names: ['git'] });
  });

  it('guards unknown services before the CLI tier', () => {
    expect(match('send an http request to the Slack api', ['curl'])).toEqual({ tier: 'guard', unknown: ['slack'] });
    expect(match('make an http request', ['curl'])).toMatchObject({ tier: 'cli', cli: { name: 'curl' } });
  });

  it('never lets a lone word like "I" pick a CLI', () => {
    expect(match('I', ['curl', 'git', 'rg'])).toEqual({ tier: 'none' });
  });

  it('uses categories from the manifest, then BM25 keywords', () => {
    expect(match('read files')).toMatchObject({ tier: 'category', category: 'files', ranked: [{ id: 'filesystem' }] });
    expect(match('remember facts')).toMatchObject({ tier: 'category', category: 'memory' });
    const keywords = match('echo');
    expect(keywords).toMatchObject({ tier: 'keywords' });
    if (keywords.tier === 'keywords') expect(keywords.ranked[0]).toEqual({ id: 'everything', score: 1 });
  });

  it('compares words by their stems, in categories and keywords alike', () => {
    // "sampling" is the testing category's keyword "sample" in another form.
    const sampling = match('echo sampling');
    expect(sampling).toMatchObject({ tier: 'category', category: 'testing' });
    if (sampling.tier === 'category') expect(sampling.ranked[0]).toEqual({ id: 'everything', score: 1 });
    // everything's keyword is "echo"; fetch's is "page".
    expect(match('echoes')).toEqual({ tier: 'keywords', ranked: [{ id: 'everything', score: 1 }] });
    expect(match('screenshots of pages')).toMatchObject({ tier: 'keywords', ranked: [{ id: 'fetch', score: 1 }] });
  });

  it('quotes the query words a CLI matched, whatever their form', () => {
    // gh's keywords say "pull" and "request": "requests" is the second hit, quoted as the query wrote it.
    expect(match('pull requests', ['gh'])).toMatchObject({ tier: 'cli', cli: { name: 'gh' }, reason: 'Matched query against CLI keywords (pull, requests).' });
  });
});

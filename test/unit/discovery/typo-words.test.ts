// Typo correction reads a misspelled word as the closest known one, and leaves a correctly spelled
// English word alone even when a server's keyword is one edit away.
import { expect, it } from 'vitest';
import { loadManifest } from '../../../src/main/discovery/manifest';
import { matchCapability } from '../../../src/main/discovery/matcher';

const manifest = loadManifest({ env: {}, homeDir: '/nonexistent', projectRoot: null, stateDir: '/nonexistent', cacheDir: '/nonexistent', configDir: '/nonexistent', log: () => undefined });
const corrections = (query: string) => matchCapability({ query, manifest, configured: [], discovered: [], availableClis: new Map([['jq', '/usr/bin/jq']]) }).corrections;

it('leaves real English words as written', () => {
  // Before: "station" was read as "static", "printer" as "print" (so jq answered), "room" as "root".
  expect(corrections('directions from the train station to the hotel')).toEqual([]);
  expect(corrections('print this page on the office printer')).toEqual([]);
  expect(corrections('turn on the living room lights')).toEqual([]);
});

it('still fixes misspellings', () => {
  expect(corrections('query my postgress database')).toEqual([['postgress', 'postgres']]);
  expect(corrections('open a jira tikcet')).toEqual([['tikcet', 'ticket']]);
  expect(corrections('send a slak message')).toEqual([['slak', 'slack']]);
});

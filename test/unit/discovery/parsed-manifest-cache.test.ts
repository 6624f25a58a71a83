// The on-disk parse of a manifest file: written after a parse, read back equal, and refused (so the text
// is parsed anew) when the entry is not what Gatehouse wrote.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { parseManifestText } from '../../../src/main/config/manifest-file';
import { loadManifest } from '../../../src/main/discovery/manifest';
import { readParsedManifest, writeParsedManifest } from '../../../src/main/discovery/parsed-manifest-cache';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

const TEXT = 'version: 1\nservers:\n  demo:\n    description: A demo server\n    package: { type: npm, name: demo-server, version: 1.0.0 }\n';

it('reads back what it wrote, by path and bytes', () => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-parsed-'));
  const parsed = parseManifestText('/m.yaml', TEXT);
  expect(parsed.data?.servers.demo?.description).toBe('A demo server');
  expect(readParsedManifest(root, '/m.yaml', 'h1')).toBeNull();
  writeParsedManifest(root, '/m.yaml', 'h1', parsed);
  expect(readParsedManifest(root, '/m.yaml', 'h1')).toEqual(parsed);
  expect(readParsedManifest(root, '/m.yaml', 'h2')).toBeNull(); // other bytes
  expect(readParsedManifest(root, '/other.yaml', 'h1')).toBeNull(); // issues name the path
});

it('refuses an entry that is not JSON or does not fit the manifest schema', () => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-parsed-'));
  writeParsedManifest(root, '/m.yaml', 'h1', parseManifestText('/m.yaml', TEXT));
  const [file] = readdirSync(join(root, 'parsed-manifests'));
  const entry = join(root, 'parsed-manifests', file as string);
  writeFileSync(entry, '{"data": {"servers": {"demo": {"keywords": "not a list"}}}, "issues": []}');
  expect(readParsedManifest(root, '/m.yaml', 'h1')).toBeNull();
  writeFileSync(entry, 'not json');
  expect(readParsedManifest(root, '/m.yaml', 'h1')).toBeNull();
  writeFileSync(entry, '{"data": null, "issues": [1]}');
  expect(readParsedManifest(root, '/m.yaml', 'h1')).toBeNull();
});

it('keeps the built-in manifest\'s parse in the cache folder when loading it', () => {
  root = mkdtempSync(join(tmpdir(), 'gatehouse-parsed-'));
  const ctx = { env: {}, homeDir: root, projectRoot: null, stateDir: join(root, 'state'), cacheDir: join(root, 'cache'), configDir: join(root, 'config'), log: () => undefined };
  const manifest = loadManifest(ctx);
  expect(loadManifest(ctx)).toBe(manifest); // the same files give the same object (its search ranking is kept with it)
  const kept = readdirSync(join(root, 'cache', 'parsed-manifests'));
  expect(kept).toHaveLength(1);
  const entry = JSON.parse(readFileSync(join(root, 'cache', 'parsed-manifests', kept[0] as string), 'utf8'));
  expect(Object.keys(entry.data.servers)).toContain('everything');
});

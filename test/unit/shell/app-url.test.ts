import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAppUrl, resolveAppLocation } from '../../../src/main/shell/app-url';

const mainDir = join('/opt', 'gatehouse', 'out', 'main');

describe('resolveAppLocation', () => {
  it('points at the built renderer beside out/main', () => {
    const location = resolveAppLocation(mainDir);
    const file = join('/opt', 'gatehouse', 'out', 'renderer', 'index.html');
    expect(location).toEqual({ kind: 'file', file, url: pathToFileURL(file).href });
  });

  it('accepts a loopback dev server', () => {
    expect(resolveAppLocation(mainDir, 'http://localhost:5173')).toEqual({ kind: 'dev', url: 'http://localhost:5173/' });
    expect(resolveAppLocation(mainDir, 'http://127.0.0.1:5173/').kind).toBe('dev');
  });

  it('refuses a dev server URL that is not loopback http', () => {
    expect(() => resolveAppLocation(mainDir, 'https://evil.example/')).toThrow(/ELECTRON_RENDERER_URL.*loopback/);
    expect(() => resolveAppLocation(mainDir, 'file:///etc/passwd')).toThrow(/loopback/);
    expect(() => resolveAppLocation(mainDir, 'not a url')).toThrow(/loopback/);
  });
});

describe('isAppUrl', () => {
  it('recognises only the built page, whatever its hash or query', () => {
    const location = resolveAppLocation(mainDir);
    expect(isAppUrl(location, location.url)).toBe(true);
    expect(isAppUrl(location, `${location.url}#/servers`)).toBe(true);
    expect(isAppUrl(location, `${location.url}?tab=logs`)).toBe(true);
    expect(isAppUrl(location, pathToFileURL(join(mainDir, '..', 'renderer', 'other.html')).href)).toBe(false);
    expect(isAppUrl(location, 'file:///etc/passwd')).toBe(false);
    expect(isAppUrl(location, 'https://example.com/')).toBe(false);
    expect(isAppUrl(location, '')).toBe(false);
  });

  it('recognises the dev server origin only', () => {
    const location = resolveAppLocation(mainDir, 'http://localhost:5173');
    expect(isAppUrl(location, 'http://localhost:5173/index.html')).toBe(true);
    expect(isAppUrl(location, 'http://localhost:5174/')).toBe(false);
    expect(isAppUrl(location, 'http://127.0.0.1:5173/')).toBe(false);
  });
});

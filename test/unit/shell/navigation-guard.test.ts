import { describe, expect, it, vi } from 'vitest';
import { denyAllPermissions, guardAllContents, guardContents, type GuardableContents } from '../../../src/main/shell/navigation-guard';

type Listener = (event: { preventDefault(): void }, url: string) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents: GuardableContents = {
    on: (event: string, listener: Listener) => listeners.set(event, listener),
    setWindowOpenHandler: (handler) => {
      openHandler = handler;
    },
  };
  const fire = (event: string, url?: string): boolean => {
    const preventDefault = vi.fn();
    const listener = listeners.get(event);
    if (!listener) throw new Error(`no ${event} listener`);
    listener({ preventDefault }, url ?? '');
    return preventDefault.mock.calls.length > 0;
  };
  return { contents, fire, open: (url: string) => openHandler?.({ url }) };
}

const APP = 'file:///opt/gatehouse/out/renderer/index.html';
const isAppUrl = (url: string): boolean => url.startsWith(APP);

describe('guardContents', () => {
  it('blocks navigation and redirects away from the app, allows the app itself', () => {
    const { contents, fire } = fakeContents();
    const log = vi.fn();
    guardContents(contents, isAppUrl, log);
    expect(fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('https://evil.example/'));
    expect(fire('will-navigate', `${APP}#/servers`)).toBe(false);
  });

  it('denies every new window and every webview', () => {
    const { contents, fire, open } = fakeContents();
    guardContents(contents, isAppUrl);
    expect(open('https://example.com/')).toEqual({ action: 'deny' });
    expect(open(APP)).toEqual({ action: 'deny' });
    expect(fire('will-attach-webview')).toBe(true);
  });
});

describe('guardAllContents', () => {
  it('guards every web contents as it is created', () => {
    let created: ((event: unknown, contents: GuardableContents) => void) | undefined;
    const events: string[] = [];
    guardAllContents({ on: (name, listener) => { events.push(name); created = listener; } }, isAppUrl);
    expect(events).toEqual(['web-contents-created']);
    const { contents, fire } = fakeContents();
    created?.({}, contents);
    expect(fire('will-navigate', 'https://evil.example/')).toBe(true);
  });
});

describe('denyAllPermissions', () => {
  it('refuses permission requests and checks', () => {
    let request: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    denyAllPermissions({
      setPermissionRequestHandler: (handler) => { request = handler; },
      setPermissionCheckHandler: (handler) => { check = handler; },
    });
    const callback = vi.fn();
    request?.({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(check?.()).toBe(false);
  });
});

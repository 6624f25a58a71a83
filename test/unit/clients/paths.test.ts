// Client config locations on all three OSes, resolved as a pure function of (platform, env, home).
import { describe, expect, it } from 'vitest';
import { chooseFile, clientFiles, clientFolders, platformOf, type PathContext } from '../../../src/main/clients/paths';
import { CLIENTS, findClient, type ClientSpec } from '../../../src/main/clients/table';

const LINUX: PathContext = { platform: 'linux', env: {}, home: '/home/ada' };
const MAC: PathContext = { platform: 'darwin', env: {}, home: '/Users/ada' };
const WINDOWS: PathContext = { platform: 'win32', env: { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, home: 'C:\\Users\\ada' };

const client = (id: string): ClientSpec => {
  const found = findClient(id);
  if (!found) throw new Error(`no client ${id}`);
  return found;
};

const EXPECTED: Record<string, [string[], string[], string[]]> = {
  'claude-code': [['/home/ada/.claude.json'], ['/Users/ada/.claude.json'], ['C:\\Users\\ada\\.claude.json']],
  'claude-desktop': [
    ['/home/ada/.config/Claude/claude_desktop_config.json'],
    ['/Users/ada/Library/Application Support/Claude/claude_desktop_config.json'],
    ['C:\\Users\\ada\\AppData\\Roaming\\Claude\\claude_desktop_config.json'],
  ],
  cursor: [['/home/ada/.cursor/mcp.json'], ['/Users/ada/.cursor/mcp.json'], ['C:\\Users\\ada\\.cursor\\mcp.json']],
  vscode: [
    ['/home/ada/.config/Code/User/mcp.json'],
    ['/Users/ada/Library/Application Support/Code/User/mcp.json'],
    ['C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json'],
  ],
  opencode: [
    ['/home/ada/.config/opencode/opencode.json', '/home/ada/.config/opencode/opencode.jsonc'],
    ['/Users/ada/.config/opencode/opencode.json', '/Users/ada/.config/opencode/opencode.jsonc'],
    ['C:\\Users\\ada\\.config\\opencode\\opencode.json', 'C:\\Users\\ada\\.config\\opencode\\opencode.jsonc'],
  ],
  codex: [['/home/ada/.codex/config.toml'], ['/Users/ada/.codex/config.toml'], ['C:\\Users\\ada\\.codex\\config.toml']],
  gemini: [['/home/ada/.gemini/settings.json'], ['/Users/ada/.gemini/settings.json'], ['C:\\Users\\ada\\.gemini\\settings.json']],
};

describe('default locations', () => {
  it('covers every client in the table', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(CLIENTS.map((c) => c.id).sort());
  });

  it.each(Object.entries(EXPECTED))('%s on Linux, macOS and Windows', (id, [linux, mac, windows]) => {
    expect(clientFiles(client(id), LINUX)).toEqual(linux);
    expect(clientFiles(client(id), MAC)).toEqual(mac);
    expect(clientFiles(client(id), WINDOWS)).toEqual(windows);
  });
});

describe('environment', () => {
  it('follows XDG_CONFIG_HOME on Linux, and for OpenCode on Windows too', () => {
    const env = { XDG_CONFIG_HOME: '/cfg' };
    expect(clientFiles(client('vscode'), { ...LINUX, env })).toEqual(['/cfg/Code/User/mcp.json']);
    expect(clientFiles(client('claude-desktop'), { ...LINUX, env })).toEqual(['/cfg/Claude/claude_desktop_config.json']);
    expect(clientFiles(client('opencode'), { ...WINDOWS, env: { XDG_CONFIG_HOME: 'D:\\cfg' } })[0]).toBe('D:\\cfg\\opencode\\opencode.json');
    // macOS apps keep to Application Support whatever XDG says.
    expect(clientFiles(client('vscode'), { ...MAC, env })).toEqual(['/Users/ada/Library/Application Support/Code/User/mcp.json']);
  });

  it('ignores a relative or empty XDG_CONFIG_HOME, as the XDG spec says', () => {
    expect(clientFiles(client('vscode'), { ...LINUX, env: { XDG_CONFIG_HOME: 'relative/cfg' } })).toEqual(['/home/ada/.config/Code/User/mcp.json']);
    expect(clientFiles(client('vscode'), { ...LINUX, env: { XDG_CONFIG_HOME: '' } })).toEqual(['/home/ada/.config/Code/User/mcp.json']);
  });

  it('falls back to the roaming profile when APPDATA is unset on Windows', () => {
    expect(clientFiles(client('vscode'), { ...WINDOWS, env: {} })).toEqual(['C:\\Users\\ada\\AppData\\Roaming\\Code\\User\\mcp.json']);
  });

  it('honours CODEX_HOME and CLAUDE_CONFIG_DIR on every OS', () => {
    expect(clientFiles(client('codex'), { ...LINUX, env: { CODEX_HOME: '/srv/codex' } })).toEqual(['/srv/codex/config.toml']);
    expect(clientFiles(client('codex'), { ...WINDOWS, env: { CODEX_HOME: 'E:\\codex' } })).toEqual(['E:\\codex\\config.toml']);
    expect(clientFiles(client('claude-code'), { ...MAC, env: { CLAUDE_CONFIG_DIR: '/Users/ada/.claude-work' } })).toEqual(['/Users/ada/.claude-work/.claude.json']);
    expect(clientFolders(client('claude-code'), { ...MAC, env: { CLAUDE_CONFIG_DIR: '/Users/ada/.claude-work' } })).toEqual(['/Users/ada/.claude-work']);
  });
});

describe('detection folders', () => {
  it('uses the config file\'s folder unless the table names others', () => {
    expect(clientFolders(client('cursor'), LINUX)).toEqual(['/home/ada/.cursor']);
    expect(clientFolders(client('opencode'), LINUX)).toEqual(['/home/ada/.config/opencode']);
    // ~/.claude.json sits in the home folder itself, which always exists: Claude Code is detected by ~/.claude.
    expect(clientFolders(client('claude-code'), LINUX)).toEqual(['/home/ada/.claude']);
    expect(clientFolders(client('claude-code'), WINDOWS)).toEqual(['C:\\Users\\ada\\.claude']);
  });
});

describe('choosing the file', () => {
  it('takes the first candidate that exists, else the first', () => {
    const candidates = ['/a/opencode.json', '/a/opencode.jsonc'];
    expect(chooseFile(candidates, (path) => path.endsWith('.jsonc'))).toBe('/a/opencode.jsonc');
    expect(chooseFile(candidates, () => false)).toBe('/a/opencode.json');
  });

  it('maps Node platform names onto the three layouts', () => {
    expect(platformOf('darwin')).toBe('darwin');
    expect(platformOf('win32')).toBe('win32');
    expect(platformOf('freebsd')).toBe('linux');
  });
});

// Which starts are slow for a good reason (a package runner fetching its package), and what the
// operator is told while waiting and when the wait ends: exact texts.
import { describe, expect, it } from 'vitest';
import { gatehouseRun } from '../../../src/main/common/gatehouse-command';
import { handshakeTimedOut, packageRunnerOf, slowStartNote } from '../../../src/main/supervisor/package-runner';

describe('packageRunnerOf', () => {
  it('reads the package each runner fetches, flags skipped', () => {
    expect(packageRunnerOf(['/usr/bin/npx', '-y', '@modelcontextprotocol/server-everything', 'stdio'])).toEqual({ tool: 'npx', what: '@modelcontextprotocol/server-everything', doing: 'downloading', prefetch: 'npx -y @modelcontextprotocol/server-everything --help' });
    expect(packageRunnerOf(['npx', '--package=@scope/pkg@1.2.0', 'pkg-bin'])?.what).toBe('@scope/pkg@1.2.0');
    expect(packageRunnerOf(['npx', '-p', 'mcp-x', 'mcp-x-serve'])?.what).toBe('mcp-x');
    expect(packageRunnerOf(['C:\\node\\npx.cmd', '-y', 'mcp-x'])?.what).toBe('mcp-x');
    expect(packageRunnerOf(['uvx', '--from', 'mcp-server-git==0.6', 'mcp-server-git'])).toMatchObject({ tool: 'uvx', what: 'mcp-server-git==0.6', prefetch: 'uvx mcp-server-git==0.6 --help' });
    expect(packageRunnerOf(['uv', 'tool', 'run', 'mcp-server-fetch'])).toMatchObject({ tool: 'uvx', what: 'mcp-server-fetch' });
    expect(packageRunnerOf(['pnpm', 'dlx', '@scope/server'])).toMatchObject({ tool: 'pnpm dlx', what: '@scope/server', prefetch: 'pnpm dlx @scope/server --help' });
    expect(packageRunnerOf(['bunx', 'mcp-y'])).toMatchObject({ tool: 'bunx', what: 'mcp-y' });
    expect(packageRunnerOf(['bun', 'x', 'mcp-y'])).toMatchObject({ tool: 'bunx', what: 'mcp-y' });
  });

  it('reads the script `uv run` installs dependencies for, and suggests mcp prepare for a Gatehouse Python server', () => {
    expect(packageRunnerOf(['/usr/bin/uv', 'run', '--offline', '--script', '/srv/notes/server.py', '--port', '1'], '/srv/notes')).toEqual({
      tool: 'uv', what: 'server.py', doing: 'installing the dependencies of', prefetch: gatehouseRun('mcp prepare --root /srv/notes'),
    });
    expect(packageRunnerOf(['uv', 'run', '--with', 'httpx', 'tool.py'])).toMatchObject({ what: 'tool.py', prefetch: null });
  });

  it('is null for any other command', () => {
    expect(packageRunnerOf(['/usr/bin/node', 'server.js'])).toBeNull();
    expect(packageRunnerOf(['uv', 'pip', 'install', 'x'])).toBeNull();
    expect(packageRunnerOf(['pnpm', 'run', 'serve'])).toBeNull();
    expect(packageRunnerOf([])).toBeNull();
  });
});

describe('what the operator is told', () => {
  const npx = packageRunnerOf(['npx', '-y', '@modelcontextprotocol/server-everything']);

  it('while a start is slow', () => {
    expect(slowStartNote(npx, 5000, 30_000)).toBe('still starting after 5 s: npx is probably downloading @modelcontextprotocol/server-everything (first run); waiting up to 30 s for its handshake');
    expect(slowStartNote(packageRunnerOf(['uv', 'run', '--script', '/r/server.py']), 1000, 4000)).toBe('still starting after 1 s: uv is probably installing the dependencies of server.py (first run); waiting up to 4 s for its handshake');
    expect(slowStartNote(null, 750, 3000)).toBe('still starting after 750 ms: no answer to the MCP handshake yet; waiting up to 3 s for its handshake');
  });

  it('when the handshake timed out: a download may have been going on, and how to fetch it ahead of time', () => {
    const error = handshakeTimedOut('everything', ['npx', '-y', '@modelcontextprotocol/server-everything'], null, 30_000, 'npm warn exec The following package was not found and will be installed');
    expect(error.code).toBe('E202');
    expect(error.message).toBe('server "everything" did not complete the MCP handshake within 30 s; npx was probably still downloading @modelcontextprotocol/server-everything (a first run fetches it) — stderr: npm warn exec The following package was not found and will be installed');
    expect(error.suggestion).toBe('fetch it ahead of time in a terminal with npx -y @modelcontextprotocol/server-everything --help (Ctrl-C once it runs), then start "everything" again (gateway.connect_server, or just call it), or allow a longer start with GATEHOUSE_CONNECT_TIMEOUT_MS (now 30000)');
    expect(error.details).toEqual({ server: 'everything', timeout_ms: 30_000 });

    const python = handshakeTimedOut('notes', ['/usr/bin/uv', 'run', '--script', '/srv/notes/server.py'], '/srv/notes', 30_000, '');
    expect(python.message).toBe('server "notes" did not complete the MCP handshake within 30 s; uv was probably still installing the dependencies of server.py (a first run fetches it)');
    expect(python.suggestion).toBe(`fetch it ahead of time in a terminal with ${gatehouseRun('mcp prepare --root /srv/notes')}, then start "notes" again (gateway.connect_server, or just call it), or allow a longer start with GATEHOUSE_CONNECT_TIMEOUT_MS (now 30000)`);

    const plain = handshakeTimedOut('mute', ['/usr/bin/node', 'server.js'], null, 4000, 'listening');
    expect(plain.message).toBe('server "mute" did not complete the MCP handshake within 4 s (no answer to initialize) — stderr: listening');
    expect(plain.suggestion).toBe(`check the command and arguments of "mute" in the config, then start "mute" again (gateway.connect_server, or just call it); ${gatehouseRun('logs --server mute')} shows what it printed`);
  });
});

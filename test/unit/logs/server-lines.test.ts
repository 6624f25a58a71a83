// The supervisor's lines about a server, and which of them the serve console calls routine.
import { describe, expect, it } from 'vitest';
import { isRoutineLine, readyLine, spawnedLine, stoppedLine } from '../../../src/main/logs/server-lines';
import { serverOf } from '../../../src/main/core/log-ring';

describe('server lines', () => {
  it('read as one prefixed line each', () => {
    expect(spawnedLine('files', ['/usr/bin/node', 'server.js', '--root', '/my docs'], 4242)).toBe('[files] spawned pid 4242: /usr/bin/node server.js --root "/my docs"');
    // A literal credential given as the argument after its flag never reaches the log.
    expect(spawnedLine('api', ['npx', '-y', 'mcp-api', '--api-key', 'sk-live-51abc', '--token', 't0k3n', '--verbose'], 7)).toBe('[api] spawned pid 7: npx -y mcp-api --api-key [REDACTED] --token [REDACTED] --verbose');
    expect(readyLine('files', 812, '2025-11-25', 3, null)).toBe('[files] ready in 812 ms: protocol 2025-11-25, 3 tools');
    expect(readyLine('files', 90, null, 1, null)).toBe('[files] ready in 90 ms: protocol unknown, 1 tool');
    expect(readyLine('files', 90, '2026-07-28', 0, 'tools/list failed')).toBe('[files] ready in 90 ms: protocol 2026-07-28, its tools could not be listed (tools/list failed)');
    expect(stoppedLine('files', { exit: { code: null, signal: 'SIGTERM' } })).toBe('[files] stopped (signal SIGTERM)');
    expect(stoppedLine('files', { exit: { code: 0, signal: null } })).toBe('[files] stopped (exit code 0)');
    expect(stoppedLine('remote', 'remote')).toBe('[remote] disconnected');
    for (const line of [spawnedLine('files', ['x'], 1), stoppedLine('files', 'starting')]) expect(serverOf(line)).toBe('files');
  });

  it('routine: a server spawned, ready, stopped, its stderr, a session ending; not: failures, crashes, slow starts', () => {
    for (const line of [
      '[files] spawned pid 1: node s.js',
      '[files] ready in 5 ms: protocol 2025-11-25, 1 tool',
      '[files] stopped (signal SIGTERM)',
      '[files] stopped while starting',
      '[remote] disconnected',
      '[files] stderr: listening on stdio',
      'session 1a2b3c4d ended (shutdown)',
    ]) expect(isRoutineLine(line), line).toBe(true);
    for (const line of [
      '[files] eager start failed: server "files" exited during start-up (exit code 3)',
      '[files] start failed: server "files" did not complete the MCP handshake within 30 s',
      '[files] server exited unexpectedly (exit code 1) — last stderr: boom; restarting in 1000 ms',
      '[files] still starting after 5 s: npx is probably downloading x (first run); waiting up to 30 s for its handshake',
      'serving MCP at http://127.0.0.1:3344/mcp (health: http://127.0.0.1:3344/health, auth: none)',
      'stopping 3 server(s): a, b, c',
      'session cap: all 1000 sessions are busy',
    ]) expect(isRoutineLine(line), line).toBe(false);
  });
});

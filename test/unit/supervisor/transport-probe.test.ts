// The legacy SSE compatibility probe for url entries without a type: which answers allow it, that only
// an inferred transport probes, that an auth refusal never does, and that the outcome is remembered.
import { SdkErrorCode, SdkHttpError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { readSource } from '../../../src/main/config/read-source';
import type { RemoteServerDefinition } from '../../../src/main/config/types';
import { connectWithProbe, httpStatusOf, suggestsLegacySse, transportToDial, type RemoteTransport } from '../../../src/main/supervisor/transport-probe';

const answered = (status: number) => new SdkHttpError(SdkErrorCode.ClientHttpNotImplemented, 'Error POSTing to endpoint', { status, statusText: 'x' });

function definition(overrides: Partial<RemoteServerDefinition> = {}): RemoteServerDefinition {
  return { name: 'docs', source: 'project', sourcePath: '/p/.mcp.json', startupPolicy: 'lazy', transport: 'http', transportInferred: true, url: 'https://a.example/sse', headers: {}, ...overrides };
}

/** An attempt that fails over Streamable HTTP with `error` and works over SSE, recording what it dialled. */
function attempts(error: unknown) {
  const dialled: RemoteTransport[] = [];
  const attempt = async (transport: RemoteTransport) => {
    dialled.push(transport);
    if (transport === 'http') throw error;
    return 'client';
  };
  return { dialled, attempt };
}

const quiet = { authRefused: () => false, notice: () => undefined };

describe('suggestsLegacySse', () => {
  it('accepts the 4xx answers a Streamable HTTP POST gets from an SSE-only server', () => {
    for (const status of [400, 404, 405, 406, 415]) expect(suggestsLegacySse(status)).toBe(true);
  });

  it('refuses auth refusals, busy answers and anything outside 4xx', () => {
    for (const status of [401, 403, 407, 408, 429, 200, 302, 500, 503]) expect(suggestsLegacySse(status)).toBe(false);
  });
});

describe('httpStatusOf', () => {
  it('reads the status of the SDK HTTP error and nothing else', () => {
    expect(httpStatusOf(answered(405))).toBe(405);
    expect(httpStatusOf(new TypeError('fetch failed'))).toBeNull();
    expect(httpStatusOf(new Error('Request timed out'))).toBeNull();
  });
});

describe('connectWithProbe', () => {
  it('falls back to SSE once after a 404, tells the operator, and dials SSE directly next time', async () => {
    const def = definition();
    const notices: string[] = [];
    const first = attempts(answered(404));
    expect(await connectWithProbe(def, first.attempt, { ...quiet, notice: (line) => notices.push(line) })).toEqual({ value: 'client', transport: 'sse' });
    expect(first.dialled).toEqual(['http', 'sse']);
    expect(notices).toEqual([expect.stringContaining('add "type": "sse" to "docs" in the project config')]);
    expect(notices[0]).toContain('HTTP 404');
    expect(transportToDial(def)).toBe('sse');

    const again = attempts(answered(404));
    expect(await connectWithProbe(def, again.attempt, { ...quiet, notice: (line) => notices.push(line) })).toEqual({ value: 'client', transport: 'sse' });
    expect(again.dialled).toEqual(['sse']);
    expect(notices).toHaveLength(1);
  });

  it('never falls back for a stated "http"', async () => {
    const error = answered(404);
    const { dialled, attempt } = attempts(error);
    await expect(connectWithProbe(definition({ transportInferred: undefined }), attempt, quiet)).rejects.toBe(error);
    expect(dialled).toEqual(['http']);
  });

  it('never falls back on an auth refusal, a network error or a timeout', async () => {
    for (const error of [answered(401), answered(403), new TypeError('fetch failed'), new Error('Request timed out')]) {
      const { dialled, attempt } = attempts(error);
      await expect(connectWithProbe(definition(), attempt, quiet)).rejects.toBe(error);
      expect(dialled).toEqual(['http']);
    }
  });

  it('does not fall back when the guard saw a refusal, whatever status the SDK reported', async () => {
    const { dialled, attempt } = attempts(answered(400));
    await expect(connectWithProbe(definition(), attempt, { ...quiet, authRefused: () => true })).rejects.toThrow('Error POSTing');
    expect(dialled).toEqual(['http']);
  });

  it('names both outcomes when SSE fails too, and probes again next time', async () => {
    const def = definition();
    const dialled: RemoteTransport[] = [];
    const attempt = async (transport: RemoteTransport): Promise<string> => {
      dialled.push(transport);
      throw transport === 'http' ? answered(405) : new Error('SSE error: Non-200 status code (404)');
    };
    await expect(connectWithProbe(def, attempt, quiet)).rejects.toThrow(/answered HTTP 405, and legacy SSE failed too: SSE error: Non-200/);
    expect(transportToDial(def)).toBe('http');
    await expect(connectWithProbe(def, attempt, quiet)).rejects.toThrow(/legacy SSE failed too/);
    expect(dialled).toEqual(['http', 'sse', 'http', 'sse']);
  });

  it('remembers Streamable HTTP once it worked, so a later 404 is not taken for a legacy server', async () => {
    const def = definition();
    expect(await connectWithProbe(def, async () => 'client', quiet)).toEqual({ value: 'client', transport: 'http' });
    const error = answered(404);
    const { dialled, attempt } = attempts(error);
    await expect(connectWithProbe(def, attempt, quiet)).rejects.toBe(error);
    expect(dialled).toEqual(['http']);
  });
});

describe('readSource marks only a guessed transport as inferred', () => {
  it('sets transportInferred for a url without a type or with legacy "remote"', () => {
    const text = JSON.stringify({
      mcpServers: {
        plain: { url: 'https://a.example/mcp' },
        remote: { type: 'remote', url: 'https://b.example/mcp' },
        http: { type: 'http', url: 'https://c.example/mcp' },
        streamable: { type: 'streamable-http', url: 'https://d.example/mcp' },
        sse: { type: 'sse', url: 'https://e.example/sse' },
      },
    });
    const readout = readSource({ source: 'custom', path: '/cfg/.mcp.json', defaultCwd: '/cwd', text });
    const inferred = Object.fromEntries([...readout.servers].map(([name, def]) => [name, 'transportInferred' in def ? def.transportInferred : undefined]));
    expect(inferred).toEqual({ plain: true, remote: true, http: undefined, streamable: undefined, sse: undefined });
    expect(readout.servers.get('plain')?.transport).toBe('http');
  });
});

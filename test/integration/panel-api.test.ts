// The control panel's channels against a real core with real children: stop refused while a call is in
// flight (forced, the child is told), the startup-policy preview and apply, catalog search, describe and
// try-invoke through gateway.invoke's path, the activity snapshot naming the client, the token meter and
// the clients' setup preview and write.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_PROFILE_TOOLS } from '../../src/main/gateway/mcp-server';
import { approveFile } from '../../src/main/trust/store';
import { coreForFile, waitFor } from '../helpers/core';
import { faultServer } from '../helpers/workspace';
import { callMeta } from '../helpers/meta';

const file = coreForFile({ mcpServers: { fault: faultServer(), idle: faultServer() } });

describe('panel channels', () => {
  it('refuses to stop a server with a call in flight unless forced, and the child is told', async () => {
    const api = file.core.gatehouse.api;
    await api.startServer({ name: 'fault' });
    const client = await file.core.connect();
    const call = callMeta(client, 'gateway.invoke', { tool_id: 'fault::silent', options: { timeout_ms: 60_000 } });
    await waitFor(async () => (await api.listActivity({})).sessions.some((s) => s.calls.length > 0), 'the call is pending');
    const snapshot = await api.listActivity({});
    const session = snapshot.sessions.find((s) => s.calls.length > 0);
    expect(session?.client_name).toBe('test');
    expect(session?.calls[0]).toMatchObject({ server: 'fault', tool_id: 'fault::silent' });

    const refused = await api.stopServer({ name: 'fault' });
    expect(refused).toMatchObject({ ok: false, refused: true, pending_count: 1 });
    const cancelled = await api.cancelCall({ request_id: session?.calls[0]?.request_id ?? '', force: true });
    expect(cancelled.status).toBe('cancelled');
    const answer = await call;
    expect(answer.isError).toBe(true);
    await waitFor(async () => /cancelled request/.test((await api.serverStderr({ name: 'fault' })).lines.join('\n')), 'the child says it was told');
    const stopped = await api.stopServer({ name: 'fault' });
    expect(stopped).toMatchObject({ ok: true, row: { status: 'stopped' } });
  });

  it("shows which project each client session works in, and the projects clients attached", async () => {
    const api = file.core.gatehouse.api;
    const other = join(file.workspace.root, 'other-project');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'package.json'), '{}');
    // Its own approved server: a client there sees the user's servers and its project's, not this one's.
    const config = JSON.stringify({ mcpServers: { theirs: faultServer() } });
    writeFileSync(join(other, '.mcp.json'), config);
    approveFile(file.workspace.stateDir, join(other, '.mcp.json'), config);
    const client = await file.core.connect({ sessionId: 'from-other', operator: false, projectRoot: other });
    const call = callMeta(client, 'gateway.invoke', { tool_id: 'theirs::silent', options: { timeout_ms: 60_000 } });
    await waitFor(async () => (await api.listActivity({})).sessions.some((s) => s.session_id === 'from-other' && s.calls.length > 0), 'the call is pending');
    const snapshot = await api.listActivity({});
    expect(snapshot.sessions.find((s) => s.session_id === 'from-other')?.project).toBe(realpathSync(other));
    expect(snapshot.projects).toContainEqual({ root: realpathSync(other), sessions: 1 });
    const pending = snapshot.sessions.find((s) => s.session_id === 'from-other')?.calls[0]?.request_id ?? '';
    expect((await api.cancelCall({ request_id: pending, force: true })).status).toBe('cancelled');
    expect((await call).isError).toBe(true);
  });

  it('previews the exact file change of a startup-policy toggle and applies it', async () => {
    const api = file.core.gatehouse.api;
    const view = await api.getStartupPolicy({});
    expect(view.servers.find((s) => s.name === 'idle')).toMatchObject({ policy: 'lazy', source: 'project', togglable: true });
    const preview = await api.previewStartupPolicy({ name: 'idle', eager: true });
    expect(preview).toMatchObject({ ok: true, changed: true, source: 'project', after: ['idle'] });
    expect(preview.diff.some((line) => line.startsWith('+') && line.includes('autoStart'))).toBe(true);
    const applied = await api.applyStartupPolicy({ name: 'idle', eager: true, digest: preview.digest ?? '' });
    expect(applied.ok).toBe(true);
    const written = JSON.parse(readFileSync(preview.path ?? '', 'utf8')) as { autoStart?: string[] };
    expect(written.autoStart).toEqual(['idle']);
    // A stale digest is refused: the file changed since that preview.
    const again = await api.applyStartupPolicy({ name: 'idle', eager: false, digest: preview.digest ?? '' });
    expect(again.ok).toBe(false);
  });

  it('searches, describes and invokes through the gateway, with the token meter', async () => {
    const api = file.core.gatehouse.api;
    await api.startServer({ name: 'fault' });
    const found = await api.searchCatalog({ query: 'echo message' });
    expect(found.results[0]?.tool_id).toBe('fault::echo');
    const detail = await api.describeTool({ tool_id: 'fault::echo' });
    expect(detail.input_schema).toMatchObject({ properties: { message: { type: 'string' } } });
    const ok = await api.invokeTool({ tool_id: 'fault::echo', arguments: { message: 'hello panel' } });
    expect(ok).toMatchObject({ ok: true, content: [{ type: 'text', text: 'hello panel' }] });
    const bad = await api.invokeTool({ tool_id: 'fault::echo', arguments: { message: 3 } });
    expect(bad.ok).toBe(false);
    expect(bad.errors[0]?.code).toBe('E304');
    const meter = await api.tokenMeter({});
    // What a client is shown: the core profile's meta-tools (the default), not all 26.
    expect(meter.gateway.tools).toBe(CORE_PROFILE_TOOLS.size);
    expect(meter.servers.find((s) => s.name === 'fault')).toMatchObject({ basis: 'live', tools: 8 });
    expect(meter.downstream.tokens).toBeGreaterThan(0);
    const audit = (await api.listActivity({})).audit;
    expect(audit.some((e) => e.tool === 'fault::echo' && e.session_id === 'panel')).toBe(true);
  });

  it('previews and writes a client entry, then removes it', async () => {
    const api = file.core.gatehouse.api;
    const before = await api.listClients({});
    expect(before.find((c) => c.client === 'cursor')?.entry).toBeNull();
    const preview = await api.previewClientSetup({ client: 'cursor', action: 'set' });
    expect(preview).toMatchObject({ ok: true, changed: true, written: false });
    expect(preview.path.startsWith(file.workspace.home)).toBe(true);
    expect(existsSync(preview.path)).toBe(false);
    const written = await api.writeClientSetup({ client: 'cursor', action: 'set' });
    expect(written).toMatchObject({ ok: true, written: true });
    expect(readFileSync(preview.path, 'utf8')).toContain('"gatehouse"');
    expect((await api.listClients({})).find((c) => c.client === 'cursor')?.entry?.kind).toBe('stdio');
    const removed = await api.writeClientSetup({ client: 'cursor', action: 'remove' });
    expect(removed).toMatchObject({ ok: true, written: true });
    expect(readFileSync(preview.path, 'utf8')).not.toContain('"gatehouse"');
  });
});

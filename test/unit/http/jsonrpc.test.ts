import { describe, expect, it } from 'vitest';
import { classifyText } from '../../../src/main/http/jsonrpc';

describe('classifyText', () => {
  it('sorts requests, notifications and responses', () => {
    expect(classifyText('{"jsonrpc":"2.0","id":1,"method":"tools/list"}')).toMatchObject({ ok: true, inbound: { kind: 'request', id: 1, method: 'tools/list' } });
    expect(classifyText('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toMatchObject({ ok: true, inbound: { kind: 'notification', id: null } });
    expect(classifyText('{"jsonrpc":"2.0","id":"x","result":{}}')).toMatchObject({ ok: true, inbound: { kind: 'response', id: 'x' } });
  });

  it('refuses parse errors, batches and malformed messages, echoing a usable id', () => {
    expect(classifyText('{')).toEqual({ ok: false, error: { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.any(String) } } });
    expect(classifyText('[{"jsonrpc":"2.0","id":1,"method":"ping"}]')).toMatchObject({ ok: false, error: { id: null, error: { code: -32600 } } });
    expect(classifyText('{"jsonrpc":"1.0","id":"k","method":"ping"}')).toMatchObject({ ok: false, error: { id: 'k', error: { code: -32600 } } });
    expect(classifyText('{"jsonrpc":"2.0","id":{},"method":"ping"}')).toMatchObject({ ok: false, error: { id: null } });
    expect(classifyText('{"jsonrpc":"2.0","id":1.5,"method":"ping"}')).toMatchObject({ ok: false, error: { id: null } });
    expect(classifyText('{"jsonrpc":"2.0","id":2,"method":"x","extra":1}')).toMatchObject({ ok: false, error: { id: 2 } });
    expect(classifyText(`${'['.repeat(100_000)}`)).toMatchObject({ ok: false, error: { error: { code: -32700 } } });
  });

  it('keeps huge ids intact', () => {
    const id = 'i'.repeat(100_000);
    expect(classifyText(JSON.stringify({ jsonrpc: '2.0', id, method: 'nope' }))).toMatchObject({ ok: true, inbound: { id } });
    // Past the safe-integer range the SDK refuses the message; the refusal still names the id sent.
    expect(classifyText('{"jsonrpc":"2.0","id":1e300,"method":"nope"}')).toMatchObject({ ok: false, error: { id: 1e300, error: { code: -32600 } } });
  });
});

import { describe, expect, it } from 'vitest';
import { ResponseObserver } from '../../../src/main/http/response-observer';

const enc = (s: string) => new TextEncoder().encode(s);

describe('ResponseObserver', () => {
  it('finds the answer for its id in an SSE stream split anywhere', () => {
    const stream = [
      ': keepalive\n\n',
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\n',
      'event: message\r\ndata: {"jsonrpc":"2.0","id":7,"result":{"isError":true,"content":[{"type":"text","text":"boom"}]}}\r\n\r\n',
    ].join('');
    for (let cut = 1; cut < stream.length; cut += 17) {
      const o = new ResponseObserver(7, true);
      o.push(enc(stream.slice(0, cut)));
      o.push(enc(stream.slice(cut)));
      o.end();
      expect(o.observed).toEqual({ kind: 'result', isError: true, errorText: 'boom' });
    }
  });

  it('reads a JSON body at its end, and ignores answers to other ids', () => {
    const o = new ResponseObserver('a', false);
    o.push(enc('{"jsonrpc":"2.0","id":"a","error":{"code":-32601,"message":"Method not found"}}'));
    expect(o.observed).toBeNull();
    o.end();
    expect(o.observed).toEqual({ kind: 'error', code: -32601, message: 'Method not found' });
    const other = new ResponseObserver('b', false);
    other.push(enc('{"jsonrpc":"2.0","id":"a","result":{}}'));
    other.end();
    expect(other.observed).toBeNull();
  });
});

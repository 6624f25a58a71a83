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

  it('keeps the answer as the server wrote it only when it is the first event with data and the last one seen', () => {
    const answer = '{"jsonrpc":"2.0","id":7,"result":{"content":[]}}';
    const alone = new ResponseObserver(7, true);
    alone.push(enc('id: 1\nretry: 1000\ndata: \n\n'));
    alone.push(enc(`event: message\nid: 2\ndata: ${answer}\n\n`));
    expect(alone.soleAnswer).toBe(answer);
    const afterProgress = new ResponseObserver(7, true);
    afterProgress.push(enc(`event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\nevent: message\ndata: ${answer}\n\n`));
    expect(afterProgress.observed).not.toBeNull();
    expect(afterProgress.soleAnswer).toBeNull();
    const followed = new ResponseObserver(7, true);
    followed.push(enc(`event: message\ndata: ${answer}\n\nevent: message\ndata: {}\n\n`));
    expect(followed.observed).not.toBeNull();
    expect(followed.soleAnswer).toBeNull();
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

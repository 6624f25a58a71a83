// The W3C trace-context checks behind gateway.invoke's passthrough: which values are forwarded, which
// are dropped, and how trace_context and _meta combine.
import { describe, expect, it } from 'vitest';
import { invokeCarriesTrace, TraceContextInput, traceMeta, validTraceparent } from '../../../src/main/gateway/trace-context';

const PARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('validTraceparent', () => {
  it('accepts the W3C form with lowercase hex', () => {
    expect(validTraceparent(PARENT)).toBe(true);
    expect(validTraceparent('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00')).toBe(true);
  });

  it('refuses version ff, all-zero ids, uppercase, wrong lengths, extra text and non-strings', () => {
    expect(validTraceparent('ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toBe(false);
    expect(validTraceparent(`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`)).toBe(false);
    expect(validTraceparent(`00-4bf92f3577b34da6a3ce929d0e0e4736-${'0'.repeat(16)}-01`)).toBe(false);
    expect(validTraceparent(PARENT.toUpperCase())).toBe(false);
    expect(validTraceparent('00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01')).toBe(false);
    expect(validTraceparent(`${PARENT}\n`)).toBe(false);
    expect(validTraceparent(`${PARENT}-extra`)).toBe(false);
    expect(validTraceparent(42)).toBe(false);
    expect(validTraceparent(undefined)).toBe(false);
  });
});

describe('traceMeta', () => {
  it('keeps every valid key', () => {
    expect(traceMeta({ traceparent: PARENT, tracestate: 'vendor=abc,other=1', baggage: 'user=alice' })).toEqual({
      traceparent: PARENT,
      tracestate: 'vendor=abc,other=1',
      baggage: 'user=alice',
    });
  });

  it('drops tracestate without a valid traceparent, but keeps baggage', () => {
    expect(traceMeta({ traceparent: 'nope', tracestate: 'vendor=abc', baggage: 'k=v' })).toEqual({ baggage: 'k=v' });
  });

  it('drops values that are too long or hold a newline or control byte', () => {
    expect(traceMeta({ traceparent: PARENT, tracestate: 'a'.repeat(513) })).toEqual({ traceparent: PARENT });
    expect(traceMeta({ traceparent: PARENT, tracestate: 'a'.repeat(512) }).tracestate).toHaveLength(512);
    expect(traceMeta({ baggage: 'b'.repeat(8193) })).toEqual({});
    expect(traceMeta({ baggage: 'b'.repeat(8192) }).baggage).toHaveLength(8192);
    expect(traceMeta({ traceparent: PARENT, tracestate: 'a=1\nx-forged: yes', baggage: 'k=v\r' })).toEqual({ traceparent: PARENT });
    expect(traceMeta({ baggage: 'k=\u0000' })).toEqual({});
  });

  it('takes the first valid value of each key, tracestate always with its own traceparent', () => {
    const other = '00-11111111111111111111111111111111-2222222222222222-01';
    expect(traceMeta({ traceparent: PARENT }, { traceparent: other, tracestate: 'from=meta', baggage: 'b=1' })).toEqual({ traceparent: PARENT, baggage: 'b=1' });
    expect(traceMeta({ traceparent: 'bad', tracestate: 'x=1' }, { traceparent: other, tracestate: 'from=meta' })).toEqual({ traceparent: other, tracestate: 'from=meta' });
    expect(traceMeta(null, undefined, 'text', 7)).toEqual({});
  });
});

describe('TraceContextInput', () => {
  it('drops values of the wrong type instead of failing the call', () => {
    expect(TraceContextInput.parse({ traceparent: 5, baggage: 'k=v', extra: true })).toEqual({ traceparent: undefined, tracestate: undefined, baggage: 'k=v' });
    expect(TraceContextInput.parse('not an object')).toBeUndefined();
  });
});

describe('invokeCarriesTrace', () => {
  it('is true only for gateway.invoke with a valid traceparent in trace_context or _meta', () => {
    expect(invokeCarriesTrace('gateway.invoke', { tool_id: 'a::b', trace_context: { traceparent: PARENT } })).toBe(true);
    expect(invokeCarriesTrace('gateway.invoke', { tool_id: 'a::b', _meta: { traceparent: PARENT } })).toBe(true);
    expect(invokeCarriesTrace('gateway.invoke', { tool_id: 'a::b', trace_context: { traceparent: 'bad', baggage: 'k=v' } })).toBe(false);
    expect(invokeCarriesTrace('gateway.describe', { tool_id: 'a::b', trace_context: { traceparent: PARENT } })).toBe(false);
    expect(invokeCarriesTrace('gateway.invoke', null)).toBe(false);
  });
});

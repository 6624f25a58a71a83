import { expect, it } from 'vitest';
import { acceptsJson } from '../../../src/main/http/accept';

it('takes JSON when the Accept header lists it, or a range that covers it, with a weight above zero', () => {
  for (const accept of ['application/json, text/event-stream', 'text/event-stream, application/json', 'Application/JSON', 'application/*', '*/*', 'text/event-stream;q=1, application/json;q=0.5']) {
    expect(acceptsJson(accept), accept).toBe(true);
  }
  for (const accept of [undefined, '', 'text/event-stream', 'application/json;q=0', 'application/jsonl', 'text/event-stream, */*;q=0']) {
    expect(acceptsJson(accept), String(accept)).toBe(false);
  }
  // The last verdict is remembered per header value, never for another value.
  expect(acceptsJson('text/event-stream')).toBe(false);
  expect(acceptsJson('application/json')).toBe(true);
  expect(acceptsJson('text/event-stream')).toBe(false);
});

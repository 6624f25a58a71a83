// Deterministic hostile JSON-RPC input for the fuzz tests: broken JSON, wrong types, huge and odd ids,
// batches, unknown methods, known methods with impossible params, prototype keys. Every case that is a
// request with a usable id gets a fresh id, so its answer can be matched; none of them can succeed.

export interface FuzzCase {
  /** The raw line or body. */
  text: string;
  /** The id the error answer must carry: the message's own id when it is a string or an integer, else null. */
  id: string | number | null;
  /** False only for stray responses: nobody owes an answer to an answer. */
  owed: boolean;
  kind: string;
}

/** mulberry32: small, seeded, good enough to vary the cases reproducibly. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UNKNOWN_METHODS = ['nope', 'tools/nope', '__proto__', 'constructor', 'toString', 'rpc.discover', 'tools/list/../../x', '', ' ', 'x'.repeat(5000), 'méthode/ünïcode', 'resources/\u0000read'];
const JUNK_VALUES: unknown[] = [null, true, 0, -1, 1.5, 'str', [], [1, 2], { a: 1 }, { __proto__: { polluted: true } }, '\u0000\u202e'];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export function fuzzCases(count: number, seed: number): FuzzCase[] {
  const random = rng(seed);
  const cases: FuzzCase[] = [];
  for (let n = 0; n < count; n += 1) {
    const id = `fz-${seed}-${n}`;
    const numericId = 9_007_199_254_000_000 + n; // large, still a safe integer, unique
    const variant = n % 14;
    const request = (method: string, params?: unknown, rid: string | number = id) =>
      JSON.stringify(params === undefined ? { jsonrpc: '2.0', id: rid, method } : { jsonrpc: '2.0', id: rid, method, params });
    switch (variant) {
      case 0: // broken JSON
        cases.push({ owed: true, kind: 'bad-json', id: null, text: pick(random, ['{', '{"jsonrpc":"2.0","id":1,', 'nul', '{"a":1}}', '\u0000\u0001', '{"jsonrpc":"2.0" "id":2}', "{'single':'quotes'}", '1e999999x']) });
        break;
      case 1: // deeply nested
        cases.push({ owed: true, kind: 'deep-json', id: null, text: `${'['.repeat(5000 + Math.floor(random() * 5000))}${']'.repeat(1)}` });
        break;
      case 2: // wrong jsonrpc version or missing
        cases.push({ owed: true, kind: 'wrong-version', id, text: JSON.stringify({ jsonrpc: pick(random, ['1.0', 2, null, '2.0 ']), id, method: 'tools/list' }) });
        break;
      case 3: // method of the wrong type
        cases.push({ owed: true, kind: 'method-type', id, text: JSON.stringify({ jsonrpc: '2.0', id, method: pick(random, JUNK_VALUES.filter((v) => typeof v !== 'string')) }) });
        break;
      case 4: // params of the wrong type
        cases.push({ owed: true, kind: 'params-type', id, text: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: pick(random, [[], 'x', 5, true]) }) });
        break;
      case 5: // ids of the wrong type
        cases.push({ owed: true, kind: 'id-type', id: null, text: JSON.stringify({ jsonrpc: '2.0', id: pick(random, [{}, [], true, 1.5, -0.25, { id: 1 }]), method: 'nope' }) });
        break;
      case 6: // huge string id, unknown method
        cases.push({ owed: true, kind: 'huge-string-id', id: `${id}-${'x'.repeat(20_000 + Math.floor(random() * 20_000))}`, text: '' });
        cases[cases.length - 1]!.text = request('nope/huge', undefined, cases[cases.length - 1]!.id!);
        break;
      case 7: // huge numeric id, unknown method
        cases.push({ owed: true, kind: 'huge-number-id', id: numericId, text: request(pick(random, UNKNOWN_METHODS), undefined, numericId) });
        break;
      case 8: // batch arrays
        cases.push({ owed: true, kind: 'batch', id: null, text: JSON.stringify(pick(random, [[], [{ jsonrpc: '2.0', id, method: 'tools/list' }], Array.from({ length: 50 }, (_, i) => ({ jsonrpc: '2.0', id: `${id}-${i}`, method: 'ping' })), [[[]]]])) });
        break;
      case 9: // unknown methods with odd params
        cases.push({ owed: true, kind: 'unknown-method', id, text: request(pick(random, UNKNOWN_METHODS), pick(random, [undefined, {}, { _meta: { progressToken: {} } }, { a: 'b'.repeat(1000) }])) });
        break;
      case 10: // tools/call with impossible params
        cases.push({ owed: true, kind: 'tools-call-bad-params', id, text: request('tools/call', pick(random, [{}, { name: 5 }, { name: null }, { name: ['gateway.health'] }, { name: 'gateway.health', arguments: 'not-an-object' }, { arguments: {} }])) });
        break;
      case 11: // extra top-level keys, prototype keys
        cases.push({ owed: true, kind: 'extra-keys', id, text: `{"jsonrpc":"2.0","id":"${id}","method":"tools/list","__proto__":{"polluted":1},"extra":${JSON.stringify(pick(random, JUNK_VALUES))}}` });
        break;
      case 12: // a result or error nobody asked for (a response, not a request: no answer owed)
        cases.push({ kind: 'stray-response', owed: false, id: null, text: JSON.stringify(pick(random, [{ jsonrpc: '2.0', id: `unasked-${n}`, result: {} }, { jsonrpc: '2.0', id: `unasked-${n}`, error: { code: 1, message: 'x' } }])) });
        break;
      default: // resources and prompts methods with broken params (the gateway serves neither yet)
        cases.push({ owed: true, kind: 'other-methods-bad-params', id, text: request(pick(random, ['resources/read', 'prompts/get', 'completion/complete', 'logging/setLevel', 'tasks/get']), pick(random, [{ uri: 5 }, { name: {} }, { level: 'loud' }, { taskId: [] }])) });
    }
  }
  return cases;
}

/** True when `message` is a well-formed JSON-RPC error answer for `id`. */
export function isErrorFor(message: unknown, id: string | number | null): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  const error = m.error as Record<string, unknown> | undefined;
  return (
    m.jsonrpc === '2.0' &&
    m.id === id &&
    !('result' in m) &&
    typeof error === 'object' &&
    error !== null &&
    Number.isInteger(error.code) &&
    typeof error.message === 'string'
  );
}

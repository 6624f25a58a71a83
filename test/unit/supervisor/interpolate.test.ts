import { describe, expect, it } from 'vitest';
import { interpolateValues } from '../../../src/main/common/interpolate';

const env: Record<string, string> = { TOKEN: 'secret-1', HOST: 'db.local', EMPTY: '' };
const lookup = (name: string) => env[name];

describe('interpolateValues', () => {
  it('replaces ${NAME} with the value, also inside longer text and several times', () => {
    const out = interpolateValues({ Authorization: 'Bearer ${TOKEN}', URL: 'pg://${HOST}:5432/${HOST}' }, lookup);
    expect(out).toEqual({ values: { Authorization: 'Bearer secret-1', URL: 'pg://db.local:5432/db.local' }, missing: [] });
  });

  it('uses the fallback of ${NAME:-fallback} only when the variable has no value', () => {
    const out = interpolateValues({ a: '${NOPE:-dev}', b: '${HOST:-ignored}', c: '${NOPE:-}', d: '${EMPTY:-used}' }, lookup);
    expect(out.values).toEqual({ a: 'dev', b: 'db.local', c: '', d: 'used' });
    expect(out.missing).toEqual([]);
  });

  it('keeps $NAME and malformed references literal', () => {
    const input = { a: '$TOKEN', b: '$$', c: '${1BAD}', d: '${TOKEN', e: 'cost: $5' };
    const out = interpolateValues(input, lookup);
    expect(out.values).toEqual(input);
    expect(out.missing).toEqual([]);
  });

  it('reports unresolved names once each, sorted, and leaves them empty', () => {
    const out = interpolateValues({ x: '${ZETA}-${ALPHA}', y: '${ZETA}', z: '${MIDDLE}' }, lookup);
    expect(out.values).toEqual({ x: '-', y: '', z: '' });
    expect(out.missing).toEqual(['ALPHA', 'MIDDLE', 'ZETA']);
  });

  it('treats an empty value without a fallback as missing', () => {
    expect(interpolateValues({ a: '${EMPTY}' }, lookup).missing).toEqual(['EMPTY']);
  });

  it('looks up only the names referenced', () => {
    const asked: string[] = [];
    interpolateValues({ a: 'plain', b: '${TOKEN} and ${HOST:-x}' }, (name) => {
      asked.push(name);
      return env[name];
    });
    expect(asked).toEqual(['TOKEN', 'HOST']);
  });

  it('does not interpolate values that come out of a lookup', () => {
    const out = interpolateValues({ a: '${OUTER}' }, (name) => (name === 'OUTER' ? '${TOKEN}' : env[name]));
    expect(out.values.a).toBe('${TOKEN}');
  });

  it('keeps the keys as given', () => {
    expect(Object.keys(interpolateValues({ '${TOKEN}': 'v', b: 'w' }, lookup).values)).toEqual(['${TOKEN}', 'b']);
  });
});

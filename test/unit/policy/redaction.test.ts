// The built-in redaction (contract §5): labels keep label and separator, shapes become [REDACTED].
import { describe, expect, it } from 'vitest';
import { createWorld } from './policy-world';

const policy = createWorld().load();
const redact = (text: string) => policy.redactText(text);

// Fake credentials, assembled so no scanner mistakes this file for a leak.
const GHP = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;
const GHO = `gho_${'Z9y8X7w6V5'.repeat(3)}uvwxyz`;
const PAT = `github_pat_${'11ABCDEFG0'.repeat(2)}_${'x'.repeat(40)}`;
const SK = `sk-proj-${'abc123XYZ_'.repeat(3)}`;
const SK_ANT = `sk-ant-api03-${'q'.repeat(30)}`;
const AKIA = `AKIA${'IOSFODNN7EXAMPLE'}`;
const ASIA = `ASIA${'ABCDEFGHIJKLMNOP'}`;
const SLACK = `xoxb-${'1234567890'}-${'0987654321'}-${'abcdefABCDEF'}`;
const JWT = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'}`;
const PEM = ['-----BEGIN RSA PRIVATE KEY-----', 'MIIEpAIBAAKCAQEA7', 'abcdEFGH+/==', '-----END RSA PRIVATE KEY-----'].join('\n');

describe('labelled secrets', () => {
  it('keeps the label and separator: api_key=abc123 → api_key= [REDACTED]', () => {
    expect(redact('api_key=abc123')).toBe('api_key= [REDACTED]');
  });

  it.each([
    ['api_key=abc123', 'api_key= [REDACTED]'],
    ['apikey: abc123', 'apikey: [REDACTED]'],
    ['X-Api-Key: abc123', 'X-Api-Key: [REDACTED]'],
    ['OPENAI_API_KEY=abc123', 'OPENAI_API_KEY= [REDACTED]'],
    ['secret=s3', 'secret= [REDACTED]'],
    ['client_secret = s3', 'client_secret = [REDACTED]'],
    ['SECRET_KEY=django', 'SECRET_KEY= [REDACTED]'],
    ['password: hunter2', 'password: [REDACTED]'],
    ['DB_PASSWORD=hunter2', 'DB_PASSWORD= [REDACTED]'],
    ['dbPassword=hunter2', 'dbPassword= [REDACTED]'],
    ['passwd=hunter2', 'passwd= [REDACTED]'],
    ['pwd=hunter2', 'pwd= [REDACTED]'],
    ['token=abc', 'token= [REDACTED]'],
    ['access_token: abc', 'access_token: [REDACTED]'],
    ['GITHUB_TOKEN=abc', 'GITHUB_TOKEN= [REDACTED]'],
    ['bearer: abc', 'bearer: [REDACTED]'],
    ['aws_secret=abc', 'aws_secret= [REDACTED]'],
    ['AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG', 'AWS_SECRET_ACCESS_KEY= [REDACTED]'],
    ['aws_access=abc', 'aws_access= [REDACTED]'],
    ['aws_access_key_id: abc', 'aws_access_key_id: [REDACTED]'],
    ['--password=hunter2', '--password= [REDACTED]'],
    ['Password := "x"', 'Password := "[REDACTED]"'],
  ])('%s', (input, expected) => {
    expect(redact(input)).toBe(expected);
  });

  it('keeps quotes so JSON stays JSON, also JSON inside a JSON string', () => {
    // A JSON text is redacted as the structure it holds and written back in its own layout.
    expect(redact('{"password":"hunter2","user":"bob"}')).toBe('{"password":"[REDACTED]","user":"bob"}');
    expect(JSON.parse(redact('{"api_key": "abc123", "n": 1}'))).toEqual({ api_key: '[REDACTED]', n: 1 });
    expect(redact('{\\"api_key\\":\\"abc\\"}')).toBe('{\\"api_key\\": \\"[REDACTED]\\"}');
    expect(redact("secret: 'two words'")).toBe("secret: '[REDACTED]'");
  });

  it('redacts an auth scheme with its credential as the value', () => {
    expect(redact('auth_token: Bearer abc12345678')).toBe('auth_token: [REDACTED]');
  });

  it('ends a bare value before closing punctuation', () => {
    expect(redact('DB_PASSWORD=s3cret; next')).toBe('DB_PASSWORD= [REDACTED]; next');
    expect(redact('{token:12345}')).toBe('{token: [REDACTED]}');
  });

  it('finds a labelled secret inside another value', () => {
    expect(redact('args=--password=hunter2')).toBe('args=--password= [REDACTED]');
  });

  it('matches whole keys only: statuscode and lookalikes are untouched', () => {
    for (const text of ['statuscode=200', 'tokenizer=gpt2', 'secretary=bob', 'passwordless=true', 'token_count=5', 'max_tokens: 100', 'apiKeyName=x']) {
      expect(redact(text)).toBe(text);
    }
  });

  it('leaves pagination cursors and values that cannot be secrets', () => {
    for (const text of ['next_page_token=abc123', 'nextPageToken: "abc"', 'progressToken=abc123', 'password: true', 'secret=null', 'token=${GITHUB_TOKEN}', 'password=[REDACTED]']) {
      expect(redact(text)).toBe(text);
    }
  });

  it('leaves OAuth error codes that end in _token alone (RFC 6750 invalid_token is an error, not a credential)', () => {
    for (const text of ['invalid_token: The access token expired', 'error="invalid_token", error_description="expired"', 'expired_token: sign in again', 'revoked_token: refresh refused']) {
      expect(redact(text)).toBe(text);
    }
    expect(redact('access_token: abc123def456')).toBe('access_token: [REDACTED]');
  });
});

describe('Bearer and Token credentials', () => {
  it('redacts the credential after the scheme word', () => {
    expect(redact('Authorization: Bearer abc123def456')).toBe('Authorization: Bearer [REDACTED]');
    expect(redact('authorization: bearer abcdefghijklmnopqrstuvwxyz')).toBe('authorization: bearer [REDACTED]');
    expect(redact('Authorization: Token 9f8e7d6c5b4a')).toBe('Authorization: Token [REDACTED]');
  });

  it('leaves prose alone', () => {
    for (const text of ['token expired at noon', 'the bearer of bad news', 'Token limit reached']) {
      expect(redact(text)).toBe(text);
    }
  });
});

describe('secret shapes', () => {
  it.each([
    ['sk- key', SK],
    ['sk-ant- key', SK_ANT],
    ['ghp_ token', GHP],
    ['gho_ token', GHO],
    ['github_pat_ token', PAT],
    ['JWT', JWT],
    ['AWS key id (AKIA)', AKIA],
    ['AWS temporary key id (ASIA)', ASIA],
    ['Slack token', SLACK],
  ])('replaces a bare %s with [REDACTED]', (_name, secret) => {
    expect(redact(`before ${secret} after`)).toBe('before [REDACTED] after');
    expect(redact(`"${secret}"`)).toBe('"[REDACTED]"');
  });

  it('replaces a whole PEM private key block, across lines and in an escaped JSON string', () => {
    expect(redact(`key:\n${PEM}\nafter`)).toBe('key:\n[REDACTED]\nafter');
    expect(redact(JSON.stringify({ pem: PEM }))).toBe('{"pem":"[REDACTED]"}');
    const ec = PEM.replace(/RSA /gu, 'EC ');
    expect(redact(ec)).toBe('[REDACTED]');
    expect(redact(PEM.replace(/RSA /gu, ''))).toBe('[REDACTED]');
  });

  it('cuts an unterminated private key to the end (a truncated block still hides its body)', () => {
    expect(redact('x\n-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg')).toBe('x\n[REDACTED]');
  });

  it('leaves public keys, certificates and near misses alone', () => {
    const text = [
      '-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----',
      'scikit-learn sk-short risk-assessment-framework-2024',
      'AKIA1234 AKIAIOSFODNN7EXAMPLEX',
      'ghp_short',
      'eyJhbGciOiJIUzI1NiJ9 alone',
    ].join('\n');
    expect(redact(text)).toBe(text);
  });

  it('is case-sensitive for shapes', () => {
    expect(redact('akiaiosfodnn7example')).toBe('akiaiosfodnn7example');
    expect(redact(`GHP_${'a'.repeat(36)}`)).toBe(`GHP_${'a'.repeat(36)}`);
  });
});

describe('redactText', () => {
  it('is idempotent', () => {
    const text = `api_key=abc123\n{"password":"x"}\nAuthorization: Bearer abc123def456\n${GHP}\n${PEM}`;
    const once = redact(text);
    expect(redact(once)).toBe(once);
  });

  it('leaves text without secrets exactly as it was', () => {
    const text = 'The build finished: 42 tests, status=ok, url=https://example.com/a?b=c';
    expect(redact(text)).toBe(text);
  });
});

describe('redactDeep', () => {
  it('redacts strings at any depth and returns a copy without touching the input', () => {
    const input = { a: { list: ['api_key=1', 7, null, true], note: `use ${GHP}` }, n: 3 };
    const output = policy.redactDeep(input);
    expect(output).toEqual({ a: { list: ['api_key= [REDACTED]', 7, null, true], note: 'use [REDACTED]' }, n: 3 });
    expect(input.a.list[0]).toBe('api_key=1');
    expect(output).not.toBe(input);
  });

  it('redacts string values under secret keys but keeps harmless values and non-strings', () => {
    const output = policy.redactDeep({ password: 'hunter2', api_key: 'abc', token: 512, secret: '', client_secret: 'null', nextPageToken: 'c1', statuscode: '200' });
    expect(output).toEqual({ password: '[REDACTED]', api_key: '[REDACTED]', token: 512, secret: '', client_secret: 'null', nextPageToken: 'c1', statuscode: '200' });
  });

  it('never touches image or audio data or resource blobs', () => {
    const content = [
      { type: 'text', text: `key ${SK}` },
      { type: 'image', mimeType: 'image/png', data: SK },
      { type: 'audio', mimeType: 'audio/wav', data: GHP },
      { type: 'resource', resource: { uri: 'file:///a.bin', mimeType: 'application/octet-stream', blob: AKIA } },
    ];
    expect(policy.redactDeep(content)).toEqual([
      { type: 'text', text: 'key [REDACTED]' },
      content[1],
      content[2],
      content[3],
    ]);
  });

  it('survives cycles and keeps class instances as they are', () => {
    const node: Record<string, unknown> = { text: 'password=x' };
    node.self = node;
    const date = new Date(0);
    const output = policy.redactDeep({ node, date }) as { node: Record<string, unknown>; date: Date };
    expect(output.node.text).toBe('password= [REDACTED]');
    expect(output.node.self).toBe(output.node);
    expect(output.date).toBe(date);
  });

  it('passes a plain string through redactText', () => {
    expect(policy.redactDeep('pwd=x')).toBe('pwd= [REDACTED]');
    expect(policy.redactDeep(5)).toBe(5);
  });
});

describe('values that only start like a placeholder', () => {
  it('are still redacted whole', () => {
    expect(policy.redactText('password=${A}tail')).toBe('password= [REDACTED]');
    expect(policy.redactText('password=[REDACTED]tail')).toBe('password= [REDACTED]');
  });
});

describe('long adversarial text', () => {
  // Each of these was quadratic in an earlier draft (the value was matched for every `a=`); linear now,
  // so they finish well inside the default test timeout.
  it('handles 400 kB of "a=a=a=..." and unterminated quotes without rescanning', () => {
    const chain = 'a='.repeat(200_000);
    expect(policy.redactText(chain)).toBe(chain);
    const quotes = '"k": "'.repeat(60_000);
    expect(policy.redactText(quotes)).toBe(quotes);
    expect(policy.redactText(`${'x '.repeat(100_000)}password=hunter2`)).toBe(`${'x '.repeat(100_000)}password= [REDACTED]`);
  });
});

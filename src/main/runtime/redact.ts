// Diagnostics never print secrets (python-runtime.md §12): known secret values, NAME=value pairs whose
// NAME looks secret, bearer tokens and URL userinfo are replaced before any message or data leaves. The
// runtime commands' contract has its own marker (`<redacted>`) and name rule; the known values are matched
// by the gateway pipeline's own secret-values stage (redaction/secret-values.ts), encodings included,
// without the gateway's floor: a one-shot diagnostic scrubs whatever its environment holds.
import { createSecretValues, type SecretValues } from '../redaction/secret-values';

const SECRET_NAME = /(TOKEN|SECRET|PASSW(OR)?D|KEY|AUTH|CREDENTIAL|COOKIE)/i;
const MIN_SECRET_LENGTH = 4;

export class Redactor {
  private readonly values: SecretValues;

  constructor(secretValues: Iterable<string> = []) {
    this.values = createSecretValues(secretValues, { marker: '<redacted>', noFloorMinLength: MIN_SECRET_LENGTH });
  }

  /** Values worth hiding from an environment: secret-looking names, and index URLs that carry credentials. */
  static fromEnv(env: NodeJS.ProcessEnv, extra: Iterable<string> = []): Redactor {
    const values: string[] = [...extra];
    for (const [name, value] of Object.entries(env)) {
      if (!value) continue;
      if (SECRET_NAME.test(name)) values.push(value);
      else if (/^(UV|PIP)_/.test(name)) {
        for (const match of value.matchAll(/\/\/([^/@\s]+)@/g)) if (match[1]) values.push(match[1]);
      }
    }
    return new Redactor(values);
  }

  text(input: string): string {
    let out = this.values.scrub(input);
    out = out.replace(/\b([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|\S+)/g, (whole, name: string) => (SECRET_NAME.test(name) ? `${name}=<redacted>` : whole));
    out = out.replace(/\b(Bearer)\s+[^\s"',;]+/gi, '$1 <redacted>');
    out = out.replace(/\b([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/@\s]*@/g, '$1<redacted>@');
    return out;
  }

  /** Deep copy of `data` with every string redacted; keys that look secret lose their value entirely. */
  data<T>(input: T): T {
    const walk = (value: unknown, key: string | null): unknown => {
      if (typeof value === 'string') return key !== null && SECRET_NAME.test(key) ? '<redacted>' : this.text(value);
      if (Array.isArray(value)) return value.map((item) => walk(item, null));
      if (value && typeof value === 'object') {
        return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, walk(v, k)]));
      }
      return value;
    };
    return walk(input, null) as T;
  }
}

/**
 * The first line of a child's stderr, cut to 240 characters, redacted (§7.1, §12). uv prints progress
 * ("Downloading …", "Resolved …") before its error, so its first `error:` line is the first line that
 * explains anything; without one, the first non-blank line is quoted.
 */
export function firstStderrLine(stderr: string, redactor: Redactor): string {
  const lines = stderr.split(/\r?\n/).map((l) => l.trim());
  const line = lines.find((l) => l.startsWith('error:')) ?? lines.find((l) => l !== '') ?? '';
  return redactor.text(line.trim()).slice(0, 240);
}

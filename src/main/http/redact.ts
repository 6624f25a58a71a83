// Redaction for anything the HTTP layer records (audit ring, logs): bearer tokens, JWT-shaped strings,
// long opaque secrets and the configured secret values never leave in clear; paths are cut to base
// names and the text is capped, as the contract asks of every error text (§2.1).
import { cutAtBoundary } from '../common/cut-text';
import { safeMessage } from '../core/errors';

const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const KEY_VALUE = /\b(token|secret|password|passwd|api[_-]?key|authorization)(["']?\s*[:=]\s*["']?)[^\s"',;]+/gi;
const MAX = 400;

export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  out = out.replace(BEARER, '$1 [redacted]').replace(JWT, '[redacted-jwt]').replace(KEY_VALUE, '$1$2[redacted]');
  out = safeMessage(out);
  return cutAtBoundary(out, MAX);
}

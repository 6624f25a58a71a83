// Errors are values with stable codes (see the gateway contract §2.1). A message names the server, file
// or field and the next step; it never carries a secret.
import { cutAtBoundary } from './cut-text';
export type GatewayErrorCode =
  | 'E101' | 'E102' | 'E103' | 'E201' | 'E202' | 'E203' | 'E204' | 'E205' | 'E206'
  | 'E301' | 'E302' | 'E303' | 'E304' | 'E306' | 'E307'
  | 'E401' | 'E402' | 'E403' | 'E404'
  | 'E501' | 'E502' | 'E503' | 'E504' | 'E505' | 'E506';

export class GatewayError extends Error {
  constructor(
    readonly code: GatewayErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly suggestion: string | null = null,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  toJSON(): Record<string, unknown> {
    return {
      code: this.code,
      message: this.message,
      details: this.details,
      suggestion: this.suggestion,
      retryable: this.retryable,
    };
  }
}

/**
 * A short, safe message from anything thrown: absolute paths cut to base names, capped at 400 chars. The
 * cap falls between tokens, never inside one, so a secret in the text is kept whole (and redacted on its
 * way out) or dropped whole — never left as a prefix redaction cannot recognise.
 */
export function safeMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const cut = raw.replace(/(?:\/[^\s/:'"]+)+\/([^\s/:'"]+)/g, '$1');
  return cutAtBoundary(cut, 400);
}

// What a redacted span is replaced with, everywhere (contract §5).
export const REDACTED = '[REDACTED]';

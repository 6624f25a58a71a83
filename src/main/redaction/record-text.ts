// Text the gateway records outside the core's pipeline — the HTTP listener's audit entries when it runs
// without a core, the stdio bridge's log lines — gets the same stages: the given secret values, then the
// built-in patterns; then absolute paths are cut to base names and the text is capped between tokens, as
// the contract asks of every error text (§2.1).
import { cutAtBoundary } from '../common/cut-text';
import { safeMessage } from '../common/errors';
import { patternSet } from './patterns';
import { createRedaction } from './pipeline';
import { createSecretValues } from './secret-values';

const BUILTINS = patternSet([], false);
const MAX = 400;

// The pipeline for records without values of their own (the common case, once per audited call) is made once.
const BUILTINS_ONLY = createRedaction({ patterns: () => BUILTINS });

export function redactRecordText(text: string, secretValues: readonly string[] = []): string {
  const redaction = secretValues.length ? createRedaction({ secrets: createSecretValues(secretValues), patterns: () => BUILTINS }) : BUILTINS_ONLY;
  return cutAtBoundary(safeMessage(redaction.text(text)), MAX);
}

// Comparing the direct run with the run through Gatehouse, scenario by scenario, against the committed
// expected-failures list. Shared by the scorecard and the test, so both judge the same way.

/** A scenario passed for real: no failing check, and not a hollow pass. */
export const passedForReal = (outcome) => outcome?.passed === true && !outcome.hollow;

/** The reason text the expected-failures file gives `scenario` on `side`, or undefined. */
export function expectedReason(expected, side, scenario) {
  const key = expected?.[side]?.[scenario];
  if (key === undefined) return undefined;
  return expected.reasons?.[key] ?? String(key);
}

/**
 * Every scenario of one side and revision: how it did directly and through Gatehouse, whether that is
 * allowed, and why. `problem` is set when the run contradicts the expected-failures file. Server
 * scenarios compare with the direct run (a scenario the fixture fails says nothing about Gatehouse);
 * client scenarios have no direct run, so each must pass through Gatehouse or be listed.
 */
export function judge({ scenarios, direct, gatehouse, expected, side }) {
  return scenarios.map((scenario) => {
    const d = direct[scenario];
    const g = gatehouse[scenario];
    const reason = expectedReason(expected, side, scenario);
    const applies = side === 'client' || passedForReal(d);
    let problem;
    if (applies && !passedForReal(g) && reason === undefined) {
      const why = g ? (g.hollow ? 'hollow pass (E301 Unknown tool)' : g.failed.join(' | ')) : 'no result';
      problem = `fails through Gatehouse${side === 'server' ? ' but passes directly' : ''}, and ${side}.${scenario} is not in expected-failures.yaml: ${why}`;
    } else if (applies && passedForReal(g) && reason !== undefined) {
      problem = `passes through Gatehouse now: remove ${side}.${scenario} from expected-failures.yaml`;
    }
    return { scenario, direct: d, gatehouse: g, reason, problem };
  });
}

export function cell(outcome) {
  if (outcome === undefined) return 'no result';
  if (!outcome.passed) return 'FAIL';
  return outcome.hollow ? 'hollow' : 'pass';
}

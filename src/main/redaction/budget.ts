// A time budget for one redaction pass. Custom patterns run on RE2 and the built-ins are written to stay
// linear, so this is the backstop, not the defence: if a pass still runs long, the strings it has not
// reached are withheld rather than sent unredacted, and the caller can say so once. The allowance grows
// with the text seen, so a large but ordinary answer is not cut.
import type { Budget } from './walk';

const BASE_MS = 1000;
const MS_PER_KILOCHAR = 2;

export function createBudget(now: () => number = () => performance.now()): Budget {
  const start = now();
  let allowance = BASE_MS;
  let exceeded = false;
  return {
    allow(length) {
      if (exceeded) return false;
      allowance += (length / 1000) * MS_PER_KILOCHAR;
      if (now() - start > allowance) exceeded = true;
      return !exceeded;
    },
    get exceeded() {
      return exceeded;
    },
  };
}

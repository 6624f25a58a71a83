// discovery-log.jsonl: unmet capability queries, redacted, so the operator can see what agents looked
// for and did not find. request_capability reports logged_for_discovery: true only when this write
// really happened (PMCP claimed a log it never wrote). Appending one line is the atomic unit here;
// the file is trimmed (atomically) past 1 MB so it cannot grow without bound.
import { appendFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../common/atomic-write';

const MAX_BYTES = 1024 * 1024;

export interface UnmetQuery {
  query: string;
  status: string;
  reason: string;
}

export function logUnmetQuery(path: string, entry: UnmetQuery, redact: (text: string) => string): boolean {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const line = JSON.stringify({ ts: new Date().toISOString(), query: redact(entry.query).slice(0, 500), status: entry.status, reason: redact(entry.reason) });
    appendFileSync(path, `${line}\n`, { mode: 0o600 });
    if (statSync(path).size > MAX_BYTES) {
      const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
      writeFileAtomic(path, `${lines.slice(Math.floor(lines.length / 2)).join('\n')}\n`);
    }
    return true;
  } catch {
    return false;
  }
}

// Server scenarios of one revision, twice: against the fixture directly, and through Gatehouse whose only
// server is that fixture. Same suite, same requirement set, same fixture process.
import { join } from 'node:path';
import { readOutcomes } from './results.mjs';
import { runSuite } from './processes.mjs';

export async function runServerSide({ revision, directUrl, gatewayUrl, outDir, log }) {
  const runs = {};
  for (const [target, url] of [['direct', directUrl], ['gatehouse', gatewayUrl]]) {
    const dir = join(outDir, `server-${revision}-${target}`);
    log(`server scenarios, ${revision}, ${target}: ${url}`);
    const { output } = await runSuite(['server', '--url', url, '--requirements', revision, '-o', dir]);
    runs[target] = readOutcomes(dir, 'server-');
    if (Object.keys(runs[target]).length === 0) throw new Error(`the suite wrote no results for ${target} (${revision}):\n${output.slice(-3000)}`);
  }
  return runs;
}

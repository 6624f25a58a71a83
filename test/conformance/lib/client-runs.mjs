// Client scenarios of one revision with Gatehouse as the client: the suite starts each scenario's server
// and runs client-harness.mjs against it, inside scripts/with-keychain.sh so every scenario has a fresh,
// private keyring for the OAuth tokens (the operator's own keychain is never touched). One scenario at a
// time: run all at once (the suite's --requirements mode runs them in parallel), the sign-ins on this
// shared 2-core machine hit timeouts and the results changed from run to run.
import { join } from 'node:path';
import { REPO } from './paths.mjs';
import { runSuite } from './processes.mjs';
import { readOutcomes } from './results.mjs';

export function harnessCommand() {
  return ['bash', join(REPO, 'scripts/with-keychain.sh'), process.execPath, join(REPO, 'test/conformance/client-harness.mjs')].join(' ');
}

export async function runClientSide({ revision, requirements, outDir, log }) {
  const dir = join(outDir, `client-${revision}-gatehouse`);
  const scenarios = [...requirements.client.scored, ...Object.keys(requirements.client.unscored)];
  log(`client scenarios, ${revision}, through Gatehouse: ${scenarios.length}, one at a time`);
  for (const scenario of scenarios) {
    await runSuite(['client', '--command', harnessCommand(), '--scenario', scenario, '--spec-version', revision, '-o', dir], { timeoutMs: 5 * 60_000 });
  }
  const gatehouse = readOutcomes(dir, '');
  if (Object.keys(gatehouse).length === 0) throw new Error(`the suite wrote no client results (${revision})`);
  return { direct: {}, gatehouse };
}

// Client scenarios of one revision with Gatehouse as the client: the suite starts each scenario's server
// and runs client-harness.mjs against it, inside scripts/with-keychain.sh so every scenario has a fresh,
// private keyring for the OAuth tokens (the operator's own keychain is never touched).
import { join } from 'node:path';
import { REPO } from './paths.mjs';
import { runSuite } from './processes.mjs';
import { readOutcomes } from './results.mjs';

export function harnessCommand() {
  return ['bash', join(REPO, 'scripts/with-keychain.sh'), process.execPath, join(REPO, 'test/conformance/client-harness.mjs')].join(' ');
}

export async function runClientSide({ revision, outDir, log }) {
  const dir = join(outDir, `client-${revision}-gatehouse`);
  log(`client scenarios, ${revision}, through Gatehouse`);
  const { output } = await runSuite(['client', '--command', harnessCommand(), '--requirements', revision, '-o', dir]);
  const gatehouse = readOutcomes(dir, '');
  if (Object.keys(gatehouse).length === 0) throw new Error(`the suite wrote no client results (${revision}):\n${output.slice(-3000)}`);
  return { direct: {}, gatehouse };
}

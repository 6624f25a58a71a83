// The panel's clients view: the same engine as `gatehouse setup` (src/main/clients) — which clients are
// installed and whether their config has a gatehouse entry, the exact diff a write or remove would make,
// and the write itself under the setup lock.
import type { ClientRow, ClientSetupInput, ClientSetupView } from '../../shared/clients';
import { defaultLauncher } from '../clients/launcher';
import { listClients } from '../clients/list';
import { platformOf, type PathContext } from '../clients/paths';
import { planSetup, type SetupPlan, type SetupRequest } from '../clients/plan';
import { planView } from '../clients/preview';
import { findClient } from '../clients/table';
import type { SetupProblem } from '../clients/target-file';
import { writeSetup } from '../clients/write-setup';
import { DEFAULT_PORT } from '../http/settings';

const ENTRY_NAME = 'gatehouse';

function view(plan: SetupPlan, written: boolean, problem: SetupProblem | null): ClientSetupView {
  const shown = planView(plan);
  return {
    ok: problem === null && shown.ok,
    client: shown.client,
    label: shown.label,
    action: shown.action,
    path: shown.path,
    exists: shown.exists,
    location: shown.location,
    changed: shown.changed,
    points_at: shown.points_at,
    diff: shown.diff,
    written,
    problem: problem ?? shown.problem,
  };
}

function refusal(input: ClientSetupInput, message: string): ClientSetupView {
  return {
    ok: false,
    client: input.client,
    label: input.client,
    action: input.action,
    path: '',
    exists: false,
    location: '',
    changed: false,
    points_at: null,
    diff: [],
    written: false,
    problem: { code: 'refused', message },
  };
}

export function createClientsApi(options: { env: NodeJS.ProcessEnv; homeDir: string }) {
  const ctx: PathContext = { platform: platformOf(process.platform), env: options.env, home: options.homeDir };
  const request = (input: ClientSetupInput): SetupRequest | string => {
    const client = findClient(input.client);
    if (!client) return `unknown client "${input.client}"`;
    if (input.action === 'remove') return { client, ctx, name: ENTRY_NAME, action: 'remove' };
    const launcher = defaultLauncher();
    if (!launcher)
      return 'cannot find bin/gatehouse.mjs next to this build, so there is no command for the client to run; use `gatehouse setup --command` in a terminal';
    const mode = input.mode ?? 'stdio';
    return { client, ctx, name: ENTRY_NAME, action: 'set', entry: { mode, launcher, url: `http://127.0.0.1:${DEFAULT_PORT}/mcp` } };
  };
  return {
    list: async (): Promise<ClientRow[]> => listClients(ctx, ENTRY_NAME),
    async preview(input: ClientSetupInput): Promise<ClientSetupView> {
      const setup = request(input);
      if (typeof setup === 'string') return refusal(input, setup);
      const plan = planSetup(setup);
      return view(plan, false, plan.problem);
    },
    async write(input: ClientSetupInput): Promise<ClientSetupView> {
      const setup = request(input);
      if (typeof setup === 'string') return refusal(input, setup);
      const { plan, outcome } = await writeSetup(setup);
      return view(plan, outcome.written, outcome.problem);
    },
  };
}

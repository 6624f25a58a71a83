// `gatehouse init`: a starter ~/.mcp.json and policy. On a terminal with no flags it asks; otherwise the
// flags say what to add (--everything, --server NAME=COMMAND..., --policy). Either way it shows what it
// would write first, and writes only with --write (or a "y" on the terminal).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { writeFileAtomic } from '../common/atomic-write';
import { gatehouseDirs } from '../common/dirs';
import { gatehouseRun } from '../common/gatehouse-command';
import { parseFlags } from './args';
import { EVERYTHING, parseServerFlag, planInit, type InitPlan, type StarterServer } from './init-plan';

const FLAGS = {
  everything: { type: 'boolean', default: false },
  server: { type: 'string', multiple: true },
  policy: { type: 'boolean', default: false },
  force: { type: 'boolean', default: false },
  write: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
} as const;

const out = (line = '') => process.stdout.write(`${line}\n`);

interface Choices {
  servers: StarterServer[];
  policy: boolean;
}

async function ask(): Promise<Choices> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const yes = async (question: string, fallback: boolean) => {
      const answer = (await rl.question(`${question} ${fallback ? '[Y/n]' : '[y/N]'} `)).trim();
      return answer === '' ? fallback : /^y(es)?$/i.test(answer);
    };
    const servers: StarterServer[] = [];
    if (await yes('Add the MCP reference server "everything" (npx -y @modelcontextprotocol/server-everything)?', true)) servers.push(EVERYTHING);
    for (;;) {
      const line = (await rl.question('Another server as NAME=COMMAND ARGS (empty line to finish): ')).trim();
      if (!line) break;
      try {
        servers.push(parseServerFlag(line));
      } catch (error) {
        out(error instanceof Error ? error.message : String(error));
      }
    }
    return { servers, policy: await yes('Write a starter policy?', true) };
  } finally {
    rl.close();
  }
}

function show(plan: InitPlan, json: boolean): void {
  if (json) {
    out(JSON.stringify(plan, null, 2));
    return;
  }
  if (plan.config) out(`${plan.config.path} (adds ${plan.config.added.join(', ')}):\n${plan.config.text}`);
  if (plan.policy) out(`${plan.policy.path}:\n${plan.policy.text}`);
  for (const note of plan.notes) out(`note: ${note}`);
  if (!plan.config && !plan.policy) out('Nothing to write.');
}

export async function init(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, FLAGS);
  const home = homedir();
  const interactive = argv.filter((a) => a !== '--write' && a !== '--force').length === 0 && process.stdin.isTTY === true && process.stdout.isTTY === true;
  const choices: Choices = interactive
    ? await ask()
    : { servers: [...(values.everything ? [EVERYTHING] : []), ...(values.server ?? []).map(parseServerFlag)], policy: values.policy };
  const configPath = join(home, '.mcp.json');
  const policyPath = join(gatehouseDirs(process.env, home).config, 'policy.yaml');
  const plan = planInit({
    configPath,
    configText: existsSync(configPath) ? readFileSync(configPath, 'utf8') : null,
    servers: choices.servers,
    force: values.force,
    policyPath: choices.policy ? policyPath : null,
    policyExists: existsSync(policyPath),
  });
  show(plan, values.json);
  if (!plan.config && !plan.policy) return 0;
  let apply = values.write;
  if (!apply && interactive) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    apply = /^y(es)?$/i.test((await rl.question('Write these files? [y/N] ')).trim());
    rl.close();
  }
  if (!apply) {
    if (!values.json) out(`Preview only; add --write to apply (e.g. ${gatehouseRun('init --everything --policy --write')}).`);
    return 0;
  }
  // ~/.mcp.json names commands to run, not secrets: 0644 like the file Claude Code writes, or the mode it
  // already has (never wider than the operator chose); the policy 0600.
  if (plan.config) writeFileAtomic(plan.config.path, plan.config.text, existsSync(plan.config.path) ? statSync(plan.config.path).mode & 0o777 : 0o644);
  if (plan.policy) writeFileAtomic(plan.policy.path, plan.policy.text, 0o600);
  for (const file of [plan.config?.path, plan.policy?.path]) if (file && !values.json) out(`wrote ${file}`);
  if (!values.json) out(`Next: ${gatehouseRun('serve --transport http')}, or ${gatehouseRun('service install')} to keep it running.`);
  return 0;
}

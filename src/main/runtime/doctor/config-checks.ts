// Config checks: problems in the `.mcp.json` sources, stdio servers whose command cannot be found,
// and Python script servers (`gatehouse.python`): their paths, headers, reserved variables, cache and
// loopback rules, checked the way a launch would check them, without starting anything.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ConfigIssue, ConfigSourceKind } from '../../../shared/domain';
import { readConfigBytes } from '../../config/read-source';
import { ConfigStore } from '../../config/store';
import { findExecutable } from '../find-executable';
import type { GatehouseDirs } from '../../common/dirs';
import { pythonLaunchSpec } from '../launch';
import { parsePep723 } from '../pep723';
import { PythonEntrySchema, pythonServerSpec, type PythonServerSpec } from '../python-entry';
import { failedFrom, finding, type Finding } from './findings';
import { describeVerdict, reviewProjectFiles } from '../../trust/project-files';

export interface ConfigCheckOptions {
  projectRoot: string | null;
  homeDir: string;
  configPath: string | null;
  env: NodeJS.ProcessEnv;
  dirs: GatehouseDirs;
  uvCommand: string | null;
}

export async function configChecks(options: ConfigCheckOptions): Promise<Finding[]> {
  const store = new ConfigStore({ projectRoot: options.projectRoot, homeDir: options.homeDir, configPath: options.configPath, stateDir: options.dirs.state });
  const { config } = store;
  const findings: Finding[] = [];
  const python = pythonServers(config.sources.filter((s) => s.exists && s.path && s.source !== 'default').map((s) => ({ source: s.source, path: s.path as string })), findings);

  for (const issue of config.issues) findings.push(configIssue(issue));
  if (!config.issues.length) findings.push(finding('runtime.config-invalid', 'passed', `${config.sources.filter((s) => s.exists).length} config source(s) parse cleanly; ${config.servers.size} server(s) defined`));

  if (options.projectRoot) findings.push(...projectTrust(options.dirs.state, options.projectRoot));

  let commandProblems = 0;
  for (const definition of config.servers.values()) {
    if (definition.transport !== 'stdio' || python.has(definition.name)) continue;
    const found = definition.command.includes('/') ? findExecutable(definition.command.split('/').pop() as string, dirname(definition.command)) : findExecutable(definition.command, options.env.PATH);
    if (!found) {
      commandProblems++;
      findings.push(finding('runtime.server-command-missing', 'failed', `server "${definition.name}": command "${definition.command}" was not found${definition.command.includes('/') ? '' : ' on PATH'} or is not executable`, { subject: `server:${definition.name}` }));
    }
  }
  if (!commandProblems) findings.push(finding('runtime.server-command-missing', 'passed', 'every stdio server command resolves to an executable'));

  for (const spec of python.values()) findings.push(...(await pythonServerChecks(spec, options)));
  return findings;
}

/** Project files waiting for approval: their servers are listed but never started. */
function projectTrust(stateDir: string, projectRoot: string): Finding[] {
  const files = reviewProjectFiles(stateDir, projectRoot);
  const waiting = files.filter((file) => file.state !== 'approved');
  if (!files.length) return [];
  if (!waiting.length) return [finding('runtime.project-untrusted', 'passed', `the project's ${files.map((f) => f.path).join(' and ')} ${files.length > 1 ? 'are' : 'is'} approved`)];
  return waiting.map((file) =>
    finding('runtime.project-untrusted', 'failed', `${file.sha256 === null || file.state === 'refused' ? `${file.path} is refused: it ${file.refusal ?? 'cannot be read'}` : describeVerdict(file.path, { state: file.state, sha256: file.sha256, approved_sha256: file.approved_sha256 })}; ${file.servers.length} server(s) in it are not started: ${file.servers.map((s) => s.name).join(', ') || '(none)'}`, {
      subject: `file:${file.path}`,
      data: { path: file.path, state: file.state, sha256: file.sha256 },
    }),
  );
}

function configIssue(issue: ConfigIssue): Finding {
  const server = /^mcpServers\.([^.]+)/.exec(issue.field ?? '')?.[1];
  const where = issue.line ? `${issue.path}:${issue.line}:${issue.column ?? 1}` : issue.path;
  return finding('runtime.config-invalid', 'failed', `${where}${issue.field ? ` (${issue.field})` : ''}: ${issue.message}`, { subject: server ? `server:${server}` : null });
}

/** Entries with a `gatehouse.python` object, first source wins (as the config merge does). */
function pythonServers(sources: { source: ConfigSourceKind; path: string }[], findings: Finding[]): Map<string, PythonServerSpec> {
  const specs = new Map<string, PythonServerSpec>();
  for (const { source, path } of sources) {
    // Read as config loading reads it (regular file, capped, no project links): never a hang on a FIFO.
    const read = readConfigBytes(source, path);
    if (!read.ok) continue; // the config store reports unreadable files
    let parsed: unknown;
    try {
      parsed = JSON.parse(read.bytes.toString('utf8'));
    } catch {
      continue; // the config store reports malformed files
    }
    const servers = (parsed as { mcpServers?: unknown }).mcpServers;
    if (typeof servers !== 'object' || servers === null) continue;
    for (const [name, entry] of Object.entries(servers as Record<string, unknown>)) {
      const gatehouse = (entry as { gatehouse?: { python?: unknown } } | null)?.gatehouse;
      if (specs.has(name) || gatehouse?.python === undefined) continue;
      const checked = PythonEntrySchema.safeParse(gatehouse.python);
      if (!checked.success) {
        const problem = checked.error.issues[0];
        findings.push(finding('runtime.config-invalid', 'failed', `${path} (mcpServers.${name}.gatehouse.python${problem?.path.length ? `.${problem.path.join('.')}` : ''}): ${problem?.message ?? 'invalid'}`, { subject: `server:${name}` }));
        continue;
      }
      const env = (entry as { env?: unknown }).env;
      const stringEnv = typeof env === 'object' && env !== null ? Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string')) : {};
      specs.set(name, pythonServerSpec(name, checked.data, stringEnv, dirname(path)));
    }
  }
  return specs;
}

async function pythonServerChecks(spec: PythonServerSpec, options: ConfigCheckOptions): Promise<Finding[]> {
  const subject = `server:${spec.name}`;
  const launch = await pythonLaunchSpec(spec, { gatewayEnv: options.env, childEnv: {}, dataDir: null, uvCommand: options.uvCommand, dirs: options.dirs });
  if (!launch.ok) return [failedFrom(launch.issue)];
  const script = launch.value.args[launch.value.args.indexOf('--script') + 1] as string;
  const parsed = parsePep723(readFileSync(script), { expectHeader: true });
  const out: Finding[] = [];
  const error = parsed.problems.find((p) => p.severity === 'error');
  const warning = parsed.problems.find((p) => p.severity === 'warn');
  const problem = error ?? warning;
  if (problem) {
    out.push(finding('runtime.pep723-invalid', 'failed', `server "${spec.name}": ${spec.script}: ${problem.message}`, { subject, severity: problem.severity === 'error' ? 'error' : 'warn', data: { line: problem.line, reason: problem.kind } }));
  } else {
    out.push(finding('runtime.pep723-invalid', 'passed', `server "${spec.name}": ${spec.script} has a valid PEP 723 header (${parsed.script?.dependencies.length ?? 0} dependencies)`, { subject }));
  }
  return out;
}

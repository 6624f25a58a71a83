// The composition root: config store + supervisor + gateway, exposed as one API that the Electron shell,
// the CLI and the tests all drive. Nothing here imports Electron.
import { randomBytes, randomUUID } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ServerActionResult } from '../../shared/domain';
import type { GatehouseApi } from '../../shared/ipc';
import { defaultConfigLine, formatIssue, selfReferenceLines } from '../config/load';
import { findProjectRoot } from '../config/project-root';
import { ConfigStore } from '../config/store';
import { ProjectScopes, type ProjectLayout } from '../config/project-scopes';
import { scopedDirectory, type ServerDirectory } from '../supervisor/server-directory';
import type { EffectiveConfig } from '../config/types';
import type { Server } from '@modelcontextprotocol/server';
import { createGatewayServer, META_TOOLS } from '../gateway/mcp-server';
import { listedInputSchema } from '../gateway/listed-schema';
import { PassthroughHub } from '../gateway/passthrough/hub';
import { loadGuidance } from '../gateway/guidance';
import { createDiscovery } from '../discovery';
import { discoveryTools } from '../gateway/tools/discovery';
import { originNames, serverOrigins } from '../discovery/origins';
import { discoveryDefinitions } from '../discovery/startup-definitions';
import { manifestCandidates } from '../gateway/tools/discovery/manifest-candidates';
import { loadPolicy } from '../policy';
import { createAuthConnectTool } from '../gateway/tools/auth-connect';
import { createConfigTools } from '../gateway/tools/startup-policy';
import { createSecretsPanelApi } from '../secrets/panel-api';
import { createRedaction } from '../redaction/pipeline';
import { redactRecordText } from '../redaction/record-text';
import { memoizedText } from '../redaction/text-memo';
import { patternSet } from '../redaction/patterns';
import { createOutputRedaction } from '../gateway/redacted-output';
import { redactedApi, redactedEvents } from './redacted-surfaces';
import { defaultSecretStore } from '../secrets/store';
import { RemoteOAuth } from '../oauth/remote-oauth';
import { createAuditRing } from '../logs/audit-ring';
import { doctorForPanel } from '../runtime/doctor/panel';
import { isTerminal } from '../supervisor/task-records';
import { auditCall } from './audit-call';
import { keychainResolver } from './keychain-resolver';
import type { ReloadResult } from '../gateway/meta-tool';
import { Supervisor } from '../supervisor/supervisor';
import { writeFileAtomic } from '../common/atomic-write';
import { gatehouseDirs } from '../common/dirs';
import { createTrustPanelApi, untrustedLines } from '../trust/panel-api';
import { secretsIndexPath } from '../secrets/paths';
import { watchSecretChanges } from './secret-changes';
import { GatewayError, safeMessage } from '../common/errors';
import { createEvents } from './events';
import { createCoreLogRing } from './log-ring';
import type { Gatehouse, GatehouseOptions } from './types';
import { createOperatorSession, PANEL_SESSION_ID } from './operator-session';
import { createPanelApi } from './panel-api';

function newRevision() {
  return { id: `rev-${Date.now()}-${randomBytes(3).toString('hex')}`, refreshedAt: new Date().toISOString() };
}

export function createGatehouse(options: GatehouseOptions = {}): Gatehouse {
  const env = options.env ?? process.env;
  // The one redaction pipeline: every secret value resolved or handed in, then the policy's patterns.
  // Every outgoing MCP message, every answer and push to the panel and every record written passes it.
  let overrunLogged = false;
  // The built-ins until the policy is read (its own load may log), then whatever the policy in force sets.
  let patternsInForce = patternSet([], false);
  const redaction = createRedaction({
    patterns: () => patternsInForce,
    onOverrun: () => {
      if (overrunLogged) return;
      overrunLogged = true;
      log('redaction: a pass ran out of its time budget; what it had not reached was withheld, not sent (custom redaction patterns in policy.yaml are the usual cause)');
    },
  });
  const writeLog = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const events = redactedEvents(createEvents(), redaction);
  // Fed after redaction, so neither the panel's list nor its pushes can carry a secret value.
  const logRing = createCoreLogRing();
  const log = (line: string) => {
    const redacted = redaction.text(line);
    writeLog(redacted);
    events.emit('logAppended', logRing.push(redacted));
  };
  const homeDir = options.homeDir ?? homedir();
  // $XDG_STATE_HOME/gatehouse and $XDG_CACHE_HOME/gatehouse, never relative to the working directory.
  const dirs = gatehouseDirs(env, homeDir);
  const stateDir = options.stateDir ?? dirs.state;
  const cacheDir = options.cacheDir ?? dirs.cache;
  const projectRoot = options.projectDir ?? findProjectRoot(options.cwd ?? process.cwd(), homeDir);
  const configPath = options.configPath ?? env.GATEHOUSE_CONFIG ?? env.PMCP_CONFIG ?? null;
  const locations = { projectRoot, homeDir, configPath, stateDir };
  const lineLimit = Number(env.GATEHOUSE_STDIO_LINE_LIMIT) || undefined;
  let revision = newRevision();
  let started = false;
  let secretWatch: { close(): void } | null = null;

  // Policy and guidance first: the redaction patterns, the servers allowed and the instructions follow them.
  // Guidance reloads on refresh (not on file watch): instructions are fixed per session anyway.
  const readGuidance = () => {
    const loaded = loadGuidance({ env, homeDir });
    for (const issue of loaded.issues) log(`guidance: ${issue.path}${issue.line ? `:${issue.line}` : ''}: ${issue.message}`);
    return loaded;
  };
  let guidance = readGuidance();
  const readPolicy = () => {
    const loaded = loadPolicy({ explicitPath: options.policyPath ?? null, env, homeDir, projectRoot });
    if (loaded.error) log(loaded.error.message);
    for (const warning of loaded.warnings) log(`policy: ${warning}`);
    patternsInForce = loaded.patterns;
    return loaded;
  };
  let policy = readPolicy();

  const secretStore = options.secretStore === undefined ? defaultSecretStore(env, homeDir) : options.secretStore;
  const secretsApi = createSecretsPanelApi({ store: secretStore ?? defaultSecretStore(env, homeDir), projectRoot, env, secretValues: redaction.secrets });
  const resolveVariables = keychainResolver({ env, projectRoot, store: secretStore, secretValues: redaction.secrets });
  // OAuth tokens of remote servers live in the same keychain; every token read or issued is redacted everywhere.
  const oauth = secretStore
    ? new RemoteOAuth({
        backend: secretStore.backend,
        onSecret: (value) => void redaction.secrets.add(value),
        // A pre-registered client's secret (gatehouse.oauth.client_secret) resolves like any ${NAME}.
        resolveSecret: async (name) => (await resolveVariables([name])).values.get(name) ?? null,
      })
    : null;
  // Provisioning checks credentials where the supervisor finds them: process env, then the keychain.
  const credentialAvailable = async (name: string) => (await resolveVariables([name])).missing.length === 0;
  const discovery = createDiscovery({ env, homeDir, projectRoot, stateDir, cacheDir, log, credentialAvailable });
  discovery.state.jobs.onFinished((job) => {
    if (job.status === 'complete' || job.status === 'failed' || job.status === 'timeout') {
      events.emit('provisioningFinished', { server: job.server, status: job.status, message: job.message });
    }
  });
  // autoStart may name a manifest, provisioned or registered server: known, so not reported as stale.
  const store = new ConfigStore(locations, () => originNames(serverOrigins(discovery.state)));
  // Projects of clients attached from elsewhere: read, watched and trusted like the gateway's own.
  const projects = new ProjectScopes({
    base: locations,
    onChange: () => {
      if (started) applyConfig(store.config).catch((error) => log(`config reload failed: ${safeMessage(error)}`));
    },
  });
  // Provisioned servers, and manifest or registered ones autoStart names, join the configured ones
  // (configured wins on a name clash). A denied server is never started and stays hidden (contract §5):
  // the supervisor never sees it.
  const allowedServers = (config: EffectiveConfig) =>
    new Map([...discoveryDefinitions(discovery.state, policy, config).map((d) => [d.name, d] as const), ...config.servers].filter(([name]) => policy.serverAllowed(name)));

  // Every connected MCP session, told when a downstream resource or prompt list changes; and whoever
  // else asked (the HTTP listener's subscriptions/listen streams).
  const sessions = new Set<Server>();
  const listChangedListeners = new Set<(kind: 'resources' | 'prompts') => void>();
  // Log lines, resource subscriptions and sampling/elicitation relays between servers and sessions.
  let passthrough: PassthroughHub | null = null;
  const supervisor = new Supervisor({
    gatewayEnv: env,
    cacheDir,
    onCatalogChanged: (kind) => {
      if (kind === 'tools') passthrough?.toolsMayHaveChanged(); // sessions listing downstream tools (exposure)
      for (const session of sessions) {
        const send = kind === 'resources' ? session.sendResourceListChanged() : kind === 'prompts' ? session.sendPromptListChanged() : null;
        send?.catch(() => sessions.delete(session)); // a session that cannot be told is gone
      }
      if (kind !== 'tools') for (const listener of listChangedListeners) listener(kind);
    },
    onConnected: (server, client) => passthrough?.connected(server, client),
    resolveVariables,
    oauth,
    redact: (text) => redaction.text(text),
    scrubRecord: (value) => redaction.value(value, { patterns: false }),
    // GATEHOUSE_CATALOG_INDEX=off: no background listing of lazy servers (their tools appear once used).
    indexCatalog: env.GATEHOUSE_CATALOG_INDEX !== 'off',
    stateDir,
    lineLimit,
    restartPolicy: options.restartPolicy,
    requestCeilingMs: options.requestCeilingMs,
    log,
    onSnapshot: (snapshot) => events.emit('healthChanged', snapshot),
  });

  passthrough = new PassthroughHub({ pending: supervisor.pending, policy: () => policy, clientOf: (name) => supervisor.get(name)?.client ?? null, log });

  // Approvals come from the operator's surfaces only (panel, CLI); the meta-tools cannot reach these.
  const trust = createTrustPanelApi({ stateDir, projectRoot, redact: (text) => redaction.text(text), reload: () => applyConfig(store.reload()), config: () => store.config });

  // The gateway's own servers by name, and the attached projects' beside them (config/project-scopes.ts).
  let ownNames = new Map<string, string>();
  let layout: ProjectLayout = { definitions: new Map(), visible: new Map() };
  // One view per project, shared by its sessions (the search index is kept per view).
  const directories = new Map<string | null, ServerDirectory>();
  const directoryFor = (scope: string | null): ServerDirectory => {
    let directory = directories.get(scope);
    if (!directory) {
      directory = scopedDirectory(supervisor, () => (scope ? layout.visible.get(scope) ?? ownNames : ownNames));
      directories.set(scope, directory);
    }
    return directory;
  };
  const applyConfig = async (config: EffectiveConfig): Promise<ReloadResult> => {
    revision = newRevision();
    for (const issue of config.issues) log(formatIssue(issue));
    for (const line of [...untrustedLines(config), ...selfReferenceLines(config)]) log(line);
    events.emit('configIssuesChanged', config.issues);
    events.emit('projectTrustChanged', trust.report());
    const own = allowedServers(config);
    ownNames = new Map([...own.keys()].map((name) => [name, name]));
    layout = projects.layout(own, (name) => policy.serverAllowed(name));
    for (const scope of directories.keys()) if (scope !== null && !layout.visible.has(scope)) directories.delete(scope);
    const result = await supervisor.apply(new Map([...own, ...layout.definitions]));
    passthrough?.toolsMayHaveChanged(); // servers or policy changed: so may the tools sessions see listed
    return { revisionId: revision.id, ...result };
  };


  const startServer = async (name: string): Promise<ServerActionResult> => {
    const handle = supervisor.get(name);
    if (!handle) return { ok: false, row: null, message: `Server '${name}' is not known to Gatehouse.` };
    try {
      // The operator's start is a manual attempt: it may try even while the crash-loop breaker is open.
      await handle.ensureConnected({ manual: true });
      return { ok: true, row: handle.row(), message: `${name} is online` };
    } catch (error) {
      return { ok: false, row: handle.row(), message: safeMessage(error) };
    }
  };

  // The panel's own MCP session: its search, invoke and cancels take the meta-tools' path exactly.
  const operator = createOperatorSession(() => gatehouse.createMcpServer('in-process', { sessionId: PANEL_SESSION_ID, operator: true }));
  const panel = createPanelApi({
    supervisor,
    operator,
    audit: () => audit,
    events,
    locations,
    knownNames: () => originNames(serverOrigins(discovery.state)),
    env,
    homeDir,
    projectRoot,
    attachedProjects: () => projects.list(),
    secretStore: secretStore ?? defaultSecretStore(env, homeDir),
    secretValues: redaction.secrets,
    jobs: discovery.state.jobs,
    reloadConfig: () => applyConfig(store.reload()),
    startServer,
    oauth,
  });
  const api: GatehouseApi = redactedApi(redaction, {
    ...panel.channels,
    listHealth: async () => supervisor.snapshot(),
    listConfigIssues: async () => store.config.issues,
    startServer: async ({ name }) => startServer(name),
    listSecrets: (input) => secretsApi.listSecrets(input),
    setSecret: (input) => secretsApi.setSecret(input),
    deleteSecret: (input) => secretsApi.deleteSecret(input),
    listProjectTrust: async () => trust.report(),
    approveProjectFile: (input) => trust.approve(input),
    revokeProjectFile: (input) => trust.revoke(input),
    listLogs: async (input) => ({ lines: logRing.list(input) }),
    runDoctor: (input) =>
      doctorForPanel(input, { env, defaultRoot: projectRoot ?? homeDir, homeDir, projectRoot, configPath, loginShellPath: null }),
  });
  // Every audited call redacts the same method, tool and server names: remembered while the secrets and patterns stay.
  const auditText = memoizedText((text) => redactRecordText(redaction.text(text)), () => [redaction.secrets.size, patternsInForce]);
  const audit = createAuditRing(undefined, { persistIn: stateDir, redact: auditText, onRecord: () => panel.activityChanged() });
  const configTools = createConfigTools({
    locations,
    readouts: () => store.config.sources,
    knownServerNames: () => originNames(serverOrigins(discovery.state)),
    serverOrigins: () => serverOrigins(discovery.state),
  });
  const tools = [
    ...META_TOOLS,
    ...configTools,
    ...discoveryTools(discovery.state),
    ...(secretStore ? [createAuthConnectTool(secretStore, { projectRoot, secretValues: redaction.secrets, discovery: discovery.state, oauth, openUrl: options.openUrl, log })] : []),
  ];
  const gatehouse: Gatehouse = {
    api,
    events,
    audit,
    addSecretValue: (value) => void redaction.secrets.add(value),
    listedInputSchema(projectRoot, clientName, name) {
      // As a stateless request of that project sees its tools (never the operator's view).
      return listedInputSchema(tools, { policy: () => policy, supervisor: directoryFor(projects.scopeOf(projectRoot)) }, clientName, name);
    },
    onListChanged(listener) {
      listChangedListeners.add(listener);
      return () => void listChangedListeners.delete(listener);
    },
    hasPendingWork: (sessionId) =>
      supervisor.pending.list({ operator: false, sessionId }).length > 0 ||
      supervisor.tasks.list({ operator: false, sessionId }).some((record) => !isTerminal(record.task.status)),
    endSession: (sessionId) => supervisor.pending.cancelSession(sessionId),
    async start() {
      if (started) return;
      const fatal = store.fatalCustomIssues;
      if (fatal.length) {
        throw new GatewayError('E101', fatal.map(formatIssue).join('\n'), { path: fatal[0]?.path ?? null });
      }
      // An invalid policy fails closed: `serve` refuses to start rather than run with rules it cannot read.
      if (policy.error) {
        throw new GatewayError('E102', policy.error.message, { path: policy.error.issues[0]?.path ?? null }, policy.error.next_step);
      }
      started = true;
      supervisor.reapOrphans();
      const demo = defaultConfigLine(store.config, locations);
      if (demo) log(demo);
      await applyConfig(store.config);
      store.watch((config) => {
        applyConfig(config).catch((error) => log(`config reload failed: ${safeMessage(error)}`));
      });
      secretWatch = watchSecretChanges(secretsIndexPath(env, homeDir), (changes) => {
        supervisor.recycleUsing(changes).catch((error) => log(`restarting servers after a credential change failed: ${safeMessage(error)}`));
      }, log);
    },
    async stop() {
      passthrough?.close();
      await panel.stop();
      store.close();
      projects.close();
      secretWatch?.close();
      secretWatch = null;
      started = false;
      const running = await supervisor.stopAll();
      // Remembered so the panel can offer to bring the same servers back next time.
      writeFileAtomic(join(stateDir, 'last-running.json'), `${JSON.stringify({ stopped_at: new Date().toISOString(), servers: running })}\n`);
    },
    createMcpServer(transport = 'in-process', session, serving) {
      const ownSession = session ?? { sessionId: randomUUID(), operator: false };
      const output = createOutputRedaction(redaction);
      // A client from another project sees that project's servers and the user's; the operator sees all.
      const scope = projects.scopeOf(ownSession.projectRoot);
      if (scope) projects.acquire(scope);
      const directory = ownSession.operator ? supervisor : directoryFor(scope);
      const server = createGatewayServer(tools, {
        supervisor: directory,
        sessionCount: () => sessions.size,
        attachedProjects: () => projects.list(),
        rateLimitRpm: serving?.rateLimitRpm,
        redact: (value, redactOptions) => redaction.value(value, redactOptions),
        skipPatternsFor: (id) => output.skipPatternsFor(id),
        transport,
        session: ownSession,
        revision: () => revision,
        configIssues: () => store.config.issues,
        // The operator (panel, CLI) sees every session's events; a client session its own and gateway-level ones.
        auditEvents: () => (ownSession.operator ? audit.getAuditEvents() : audit.getAuditEvents(ownSession.sessionId)),
        recordCall: transport === 'http' ? undefined : (name, args, result, startedAt, requestMeta) => audit.record(auditCall(name, args, result, startedAt, ownSession, requestMeta)),
        guidance: () => guidance,
        policy: () => policy,
        manifestCandidates(query, limit) {
          return manifestCandidates(discovery.state, this, query, limit);
        },
        discovery: discovery.state,
        reload: (source) => {
          guidance = readGuidance();
          policy = readPolicy();
          if (source !== 'custom') projects.reload();
          return applyConfig(store.reload(source === 'custom' ? ['custom'] : source === 'claude_config' ? ['project', 'user'] : undefined));
        },
      }, passthrough ?? undefined);
      // Whoever connects this server (stdio, an HTTP session, a stateless request, a test's in-memory
      // pair), its outgoing messages pass the redaction pipeline.
      const connect = server.connect.bind(server);
      server.connect = (transport) => connect(output.wrap(transport));
      sessions.add(server);
      panel.sessions.track(ownSession.sessionId, server, ownSession.operator ? null : (scope ?? projectRoot));
      // A new client may bring a project with it: the activity view lists the projects in use.
      panel.activityChanged();
      const previous = server.onclose;
      let released = false;
      server.onclose = () => {
        sessions.delete(server);
        if (scope && !released) projects.release(scope);
        released = true;
        previous?.();
      };
      return server;
    },
  };
  return gatehouse;
}

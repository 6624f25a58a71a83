// The control panel's channels beyond the first few (server controls, startup policy, activity, catalog,
// clients, secret import), assembled from their own small modules so the composition root only wires
// them in. Each answer still passes the core's redaction (redactedApi) on its way out.
import type { ServerActionResult } from '../../shared/domain';
import type { GatehouseApi } from '../../shared/ipc';
import type { ConfigLocations } from '../config/load';
import type { JobRegistry } from '../discovery/jobs';
import type { AuditRing } from '../logs/audit-ring';
import type { RemoteOAuth } from '../oauth/remote-oauth';
import type { SecretValues } from '../redaction/secret-values';
import type { SecretStore } from '../secrets/store';
import type { Supervisor } from '../supervisor/supervisor';
import { createActivityApi, SessionClients } from './api-activity';
import { createCatalogApi } from './api-catalog';
import { createConfinementApi } from './api-confinement';
import { createClientsApi } from './api-clients';
import { createOAuthApi } from './api-oauth';
import { createProvisioningApi } from './api-provisioning';
import { createSecretImportApi } from './api-secret-import';
import { createServersApi } from './api-servers';
import { createStartupPolicyApi } from './api-startup-policy';
import type { GatehouseEvents } from './events';
import type { OperatorSession } from './operator-session';

export type PanelChannels = Pick<
  GatehouseApi,
  | 'stopServer'
  | 'restartServer'
  | 'serverStderr'
  | 'authConnect'
  | 'oauthState'
  | 'oauthSignIn'
  | 'oauthCancelSignIn'
  | 'oauthSignOut'
  | 'getStartupPolicy'
  | 'previewStartupPolicy'
  | 'applyStartupPolicy'
  | 'getConfinementProfile'
  | 'previewConfinementProfile'
  | 'applyConfinementProfile'
  | 'listActivity'
  | 'cancelCall'
  | 'cancelTask'
  | 'taskResult'
  | 'searchCatalog'
  | 'describeTool'
  | 'invokeTool'
  | 'tokenMeter'
  | 'listClients'
  | 'previewClientSetup'
  | 'writeClientSetup'
  | 'previewSecretImport'
  | 'applySecretImport'
  | 'listProvisioning'
  | 'provisionServer'
>;

export interface PanelApiDeps {
  supervisor: Supervisor;
  operator: OperatorSession;
  /** Read late: the audit ring is built after the API object. */
  audit: () => AuditRing;
  events: GatehouseEvents;
  locations: ConfigLocations;
  knownNames: () => readonly string[];
  env: NodeJS.ProcessEnv;
  homeDir: string;
  projectRoot: string | null;
  /** Projects attached by client sessions (each sees its own project's servers), with session counts. */
  attachedProjects: () => { root: string; sessions: number }[];
  secretStore: SecretStore;
  secretValues: SecretValues;
  /** gateway.provision's install jobs, for the provisioning view. */
  jobs: JobRegistry;
  /** Reads the config files again and applies them now (after the panel wrote one). */
  reloadConfig: () => Promise<unknown>;
  /** The operator's start of a server (a manual attempt). */
  startServer: (name: string) => Promise<ServerActionResult>;
  /** Remote servers' OAuth sign-ins; null without a keychain. */
  oauth: RemoteOAuth | null;
}

export interface PanelApi {
  channels: PanelChannels;
  /** Which client each MCP session is; the composition root tells it of every session it creates. */
  sessions: SessionClients;
  /**
   * Something the activity view shows changed (a call began or ended, an audit event was recorded); a
   * gateway.provision call by any client is among them, so the provisioning view follows it too.
   */
  activityChanged(): void;
  stop(): Promise<void>;
}

export function createPanelApi(deps: PanelApiDeps): PanelApi {
  const sessions = new SessionClients();
  const servers = createServersApi(deps.supervisor, deps.operator);
  const signIns = createOAuthApi({ supervisor: deps.supervisor, operator: deps.operator, oauth: deps.oauth, emit: (state) => deps.events.emit('oauthChanged', state) });
  const policy = createStartupPolicyApi({
    locations: deps.locations,
    rows: () => deps.supervisor.snapshot().rows,
    knownNames: deps.knownNames,
    operator: deps.operator,
  });
  const confinement = createConfinementApi({
    definition: (name) => deps.supervisor.get(name)?.definition,
    row: (name) => deps.supervisor.get(name)?.row(),
    reload: deps.reloadConfig,
    start: deps.startServer,
  });
  const activity = createActivityApi({
    supervisor: deps.supervisor,
    audit: deps.audit,
    clients: sessions,
    operator: deps.operator,
    projects: deps.attachedProjects,
    emit: (snapshot) => deps.events.emit('activityChanged', snapshot),
  });
  const catalog = createCatalogApi(deps.supervisor, deps.operator);
  const clients = createClientsApi({ env: deps.env, homeDir: deps.homeDir });
  const secretImport = createSecretImportApi({ store: deps.secretStore, projectRoot: deps.projectRoot, secretValues: deps.secretValues });
  const provisioning = createProvisioningApi({ jobs: deps.jobs, operator: deps.operator, emit: (snapshot) => deps.events.emit('provisioningChanged', snapshot) });
  // Pending calls begin and end with a health snapshot (pending_count): the activity view follows it.
  const offHealth = deps.events.on('healthChanged', () => activity.changed());
  return {
    sessions,
    activityChanged: () => {
      activity.changed();
      provisioning.changed();
    },
    async stop() {
      offHealth();
      activity.stop();
      provisioning.stop();
      await deps.operator.close();
    },
    channels: {
      stopServer: (input) => servers.control('stop', input),
      restartServer: (input) => servers.control('restart', input),
      serverStderr: (input) => servers.stderr(input),
      authConnect: (input) => servers.authConnect(input),
      oauthState: (input) => signIns.state(input),
      oauthSignIn: (input) => signIns.signIn(input),
      oauthCancelSignIn: (input) => signIns.cancel(input),
      oauthSignOut: (input) => signIns.signOut(input),
      getStartupPolicy: () => policy.view(),
      previewStartupPolicy: (input) => policy.preview(input),
      applyStartupPolicy: (input) => policy.apply(input),
      getConfinementProfile: (input) => confinement.get(input),
      previewConfinementProfile: (input) => confinement.preview(input),
      applyConfinementProfile: (input) => confinement.apply(input),
      listActivity: () => activity.list(),
      cancelCall: (input) => activity.cancelCall(input),
      cancelTask: (input) => activity.cancelTask(input),
      taskResult: (input) => activity.taskResult(input),
      searchCatalog: (input) => catalog.search(input),
      describeTool: (input) => catalog.describe(input),
      invokeTool: (input) => catalog.invoke(input),
      tokenMeter: () => catalog.tokenMeter(),
      listClients: () => clients.list(),
      previewClientSetup: (input) => clients.preview(input),
      writeClientSetup: (input) => clients.write(input),
      previewSecretImport: (input) => secretImport.preview(input),
      applySecretImport: (input) => secretImport.apply(input),
      listProvisioning: () => provisioning.list(),
      provisionServer: (input) => provisioning.provision(input),
    },
  };
}

// The one IPC contract. Every channel maps to an input and an output schema; every pushed event to a
// payload schema. The core's GatehouseApi has exactly one method per channel, the Electron main process
// registers handlers mechanically from `channels`, and the preload exposes exactly this map.
import * as z from 'zod';
import { ConfigIssue, type HealthRow, HealthSnapshot, ServerActionResult, ServerName } from './domain';
import { ListLogsInput, LogLine, LogListing } from './logs';
import { DoctorRequestSchema, DoctorResponseSchema } from './runtime';
import { SecretListing, SecretRefInput, SecretWriteInput, SecretWriteResult, TenantId } from './secrets';
import { ApproveProjectFileInput, ProjectTrustReport, TrustActionResult } from './trust';
import { ActivitySnapshot, CancelCallInput, CancelOutcome, CancelTaskInput } from './activity';
import { CatalogSearchInput, CatalogSearchResult, InvokeInput, InvokeOutcome, TokenMeter, ToolDetail } from './catalog';
import { ClientRow, ClientSetupInput, ClientSetupView } from './clients';
import { SecretImportApply, SecretImportInput, SecretImportPreview, SecretImportResult } from './secret-import';
import { AuthConnectInput, AuthConnectResult, ServerControlInput, ServerControlResult, ServerStderr, ServerStderrInput } from './server-control';
import { OAuthServerInput, OAuthSignInState } from './oauth-sign-in';
import { ProvisioningSnapshot, ProvisionInput, ProvisionOutcome } from './provisioning';
import { ConfinementEditApplied, ConfinementEditApply, ConfinementEditChange, ConfinementEditPreview, ConfinementProfileState } from './confinement-edit';
import { StartupPolicyApplied, StartupPolicyApply, StartupPolicyChange, StartupPolicyPreview, StartupPolicyView } from './startup-policy';

const NoInput = z.object({}).strict();

/** A channel: what the renderer sends and what main answers, both validated on the way. */
const channel = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({ input, output });
/** A channel that takes nothing and reads state (lists, views, meters). */
const read = <O extends z.ZodType>(output: O) => channel(NoInput, output);

const ServerRef = z.object({ name: ServerName }).strict();

const ProvisioningFinished = z.object({
  server: z.string(),
  status: z.enum(['complete', 'failed', 'timeout']),
  /** The job's own closing message (already redacted), e.g. "Server 'x' is ready with 3 tool(s)…". */
  message: z.string(),
});

export const channels = {
  listHealth: read(HealthSnapshot),
  listConfigIssues: read(z.array(ConfigIssue)),
  startServer: channel(ServerRef, ServerActionResult),
  /** Refused while the server has pending calls or active tasks, unless `force` (which cancels them). */
  stopServer: channel(ServerControlInput, ServerControlResult),
  /** Stop, reset the crash-loop breaker, start again; the same refuse-unless-force rule as stop. */
  restartServer: channel(ServerControlInput, ServerControlResult),
  /** The server's last stderr lines (already redacted), for the row detail. */
  serverStderr: channel(ServerStderrInput, ServerStderr),
  /** Write-only: stores a credential the server references and retries it (gateway.auth_connect's path). */
  authConnect: channel(AuthConnectInput, AuthConnectResult),
  /** A remote server's OAuth sign-in state (never a token). */
  oauthState: channel(OAuthServerInput, OAuthSignInState),
  /** Starts an OAuth sign-in (gateway.auth_connect's path); main opens the browser, oauthChanged follows it. */
  oauthSignIn: channel(OAuthServerInput, OAuthSignInState),
  oauthCancelSignIn: channel(OAuthServerInput, OAuthSignInState),
  /** Revokes the tokens where the authorization server allows it and deletes them from the keychain. */
  oauthSignOut: channel(OAuthServerInput, OAuthSignInState),
  getStartupPolicy: read(StartupPolicyView),
  /** The exact file change gateway.set_startup_policy would make; nothing is written. */
  previewStartupPolicy: channel(StartupPolicyChange, StartupPolicyPreview),
  applyStartupPolicy: channel(StartupPolicyApply, StartupPolicyApplied),
  /** A stdio server's confinement profile as its entry states it (defaults filled in), and whether it can be edited here. */
  getConfinementProfile: channel(ServerRef, ConfinementProfileState),
  /** The exact change to the entry's "gatehouse" settings in its config file; nothing is written. */
  previewConfinementProfile: channel(ConfinementEditChange, ConfinementEditPreview),
  /** Writes what the preview showed (refused if the file changed since) and starts the server again if it ran. */
  applyConfinementProfile: channel(ConfinementEditApply, ConfinementEditApplied),
  listActivity: read(ActivitySnapshot),
  /** gateway.cancel's rule: a call still making progress is cancelled only with force. */
  cancelCall: channel(CancelCallInput, CancelOutcome),
  cancelTask: channel(CancelTaskInput, CancelOutcome),
  /** A finished task's result, shaped like a try-invoke's. */
  taskResult: channel(CancelTaskInput, InvokeOutcome),
  searchCatalog: channel(CatalogSearchInput, CatalogSearchResult),
  /** gateway.describe with the input schema; starts a lazy server. */
  describeTool: channel(z.object({ tool_id: z.string().min(1) }).strict(), ToolDetail),
  /** gateway.invoke: validated, policy applied, audited, redacted. */
  invokeTool: channel(InvokeInput, InvokeOutcome),
  tokenMeter: read(TokenMeter),
  listClients: read(z.array(ClientRow)),
  previewClientSetup: channel(ClientSetupInput, ClientSetupView),
  writeClientSetup: channel(ClientSetupInput, ClientSetupView),
  /** Names and actions only: main reads the file, the values never come back. */
  previewSecretImport: channel(SecretImportInput, SecretImportPreview),
  applySecretImport: channel(SecretImportApply, SecretImportResult),
  /** Names, scopes, presence and last-changed times; never a value. */
  listSecrets: channel(z.object({ tenant: TenantId.nullish() }).strict(), SecretListing),
  /** Write-only: the value goes main-ward once and never comes back. */
  setSecret: channel(SecretWriteInput, SecretWriteResult),
  deleteSecret: channel(SecretRefInput, SecretWriteResult),
  /** Read-only diagnosis; the same document `gatehouse doctor --json` prints. */
  runDoctor: channel(DoctorRequestSchema, DoctorResponseSchema),
  /** The project files that need approval, their state and what each would launch. */
  listProjectTrust: read(ProjectTrustReport),
  /** Approves the exact bytes the operator reviewed (by digest); refused if the file changed since. */
  approveProjectFile: channel(ApproveProjectFileInput, TrustActionResult),
  revokeProjectFile: channel(ApproveProjectFileInput.pick({ path: true }).strict(), TrustActionResult),
  /** The gateway's recent log lines, oldest first; already redacted by the core. */
  listLogs: channel(ListLogsInput, LogListing),
  /** Every kept install job of gateway.provision, newest first; outputs and messages redacted. */
  listProvisioning: read(ProvisioningSnapshot),
  /** gateway.provision through the operator session: exact-version approval and credential checks hold. */
  provisionServer: channel(ProvisionInput, ProvisionOutcome),
} as const;

export const events = {
  healthChanged: HealthSnapshot,
  configIssuesChanged: z.array(ConfigIssue),
  projectTrustChanged: ProjectTrustReport,
  /** One new (already redacted) log line. */
  logAppended: LogLine,
  activityChanged: ActivitySnapshot,
  /** An install job of gateway.provision ended (the desktop app tells the operator). */
  provisioningFinished: ProvisioningFinished,
  /** The install jobs changed; pushed (coalesced) while any job is unfinished. */
  provisioningChanged: ProvisioningSnapshot,
  /** A remote server's OAuth sign-in started, came back from the browser, failed, was cancelled or signed out. */
  oauthChanged: OAuthSignInState,
} as const;

export type ChannelName = keyof typeof channels;
export type EventName = keyof typeof events;
export type ChannelInput<C extends ChannelName> = z.infer<(typeof channels)[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.infer<(typeof channels)[C]['output']>;
export type EventPayload<E extends EventName> = z.infer<(typeof events)[E]>;

/** One method per channel. Implemented by the core; mirrored by the preload bridge. */
export type GatehouseApi = { [C in ChannelName]: (input: ChannelInput<C>) => Promise<ChannelOutput<C>> };

export type Unsubscribe = () => void;
export type EventSubscribers = { [E in EventName]: (listener: (payload: EventPayload<E>) => void) => Unsubscribe };

/** What the renderer sees as `window.gatehouse`. */
export type GatehouseBridge = GatehouseApi & { on: EventSubscribers };

/** The IPC channel string for a channel or event name; one prefix so main can reject anything else. */
export const ipcChannel = (name: ChannelName): string => `gatehouse:invoke:${name}`;
export const ipcEvent = (name: EventName): string => `gatehouse:event:${name}`;

export const channelNames = Object.keys(channels) as ChannelName[];
export const eventNames = Object.keys(events) as EventName[];

export type { HealthRow };

// What one connected server offers — tools, resources and resource templates, prompts — read in full at
// connect and re-read when the server announces a change. A failed tools/list makes the server degraded
// (the previous list stays usable); resources and prompts are optional extras, so their failures only
// mark them unreadable. Templates ride with resources: resources/list_changed re-reads both.
// A 2026-07-28 server announces changes only on a subscriptions/listen stream, so one is held open to it.
import type { Client, McpSubscription, Prompt, Resource, ResourceTemplateType, SubscriptionFilter, Tool } from '@modelcontextprotocol/client';
import { safeMessage } from '../common/errors';
import { listAllPrompts, listAllResources, listAllResourceTemplates, listAllTools } from './list-all';

export type CatalogKind = 'tools' | 'resources' | 'prompts';

const LIST_CHANGED_DEBOUNCE_MS = 250;
/** A listen stream the server dropped is opened again after this long (while the connection lasts). */
const RELISTEN_MS = 1000;
/** Refused this many times in a row, the server is taken not to serve listen streams: no more tries. */
const MAX_LISTEN_FAILURES = 3;

/** The list changes a 2026-07-28 server can announce (its listChanged bits); null: none. */
function listChangedFilter(client: Client): SubscriptionFilter | null {
  const capabilities = client.getServerCapabilities();
  const filter: SubscriptionFilter = {
    ...(capabilities?.tools?.listChanged && { toolsListChanged: true }),
    ...(capabilities?.prompts?.listChanged && { promptsListChanged: true }),
    ...(capabilities?.resources?.listChanged && { resourcesListChanged: true }),
  };
  return Object.keys(filter).length ? filter : null;
}

export class ServerCatalog {
  tools: Tool[] = [];
  resources: Resource[] = [];
  resourceTemplates: ResourceTemplateType[] = [];
  /** Set when the last resources/templates/list failed: templates are then asked for live, per read. */
  templatesUnreadable = false;
  prompts: Prompt[] = [];
  /** Set when the last tools/list failed; the message for the row. */
  toolsError: string | null = null;
  readonly unreadable = new Set<CatalogKind>();
  private timers = new Map<CatalogKind, NodeJS.Timeout>();
  private listening: McpSubscription | null = null;
  private relisten: NodeJS.Timeout | null = null;
  private cleared = false;
  private listenFailures = 0;

  constructor(private readonly timeoutMs: number) {}

  /** Reads everything once, right after the handshake. */
  async load(client: Client): Promise<void> {
    await Promise.all((['tools', 'resources', 'prompts'] as const).map((kind) => this.read(client, kind)));
  }

  /** Re-reads a kind after the server's list_changed, coalescing bursts, then reports the kind changed. */
  watch(client: Client, isCurrent: () => boolean, onChange: (kind: CatalogKind) => void): void {
    const schedule = (kind: CatalogKind) => {
      clearTimeout(this.timers.get(kind));
      const timer = setTimeout(() => {
        this.timers.delete(kind);
        void this.read(client, kind).then(() => isCurrent() && onChange(kind));
      }, LIST_CHANGED_DEBOUNCE_MS);
      timer.unref();
      this.timers.set(kind, timer);
    };
    client.setNotificationHandler('notifications/tools/list_changed', () => schedule('tools'));
    client.setNotificationHandler('notifications/resources/list_changed', () => schedule('resources'));
    client.setNotificationHandler('notifications/prompts/list_changed', () => schedule('prompts'));
    if (client.getProtocolEra() === 'modern') this.listen(client, isCurrent);
  }

  /** Holds a subscriptions/listen stream open; its notifications reach the handlers above (the SDK routes them). */
  private listen(client: Client, isCurrent: () => boolean): void {
    const filter = listChangedFilter(client);
    if (!filter || this.cleared) return;
    client.listen(filter).then(
      (subscription) => {
        if (this.cleared || !isCurrent()) return void subscription.close();
        this.listening = subscription;
        this.listenFailures = 0;
        void subscription.closed.then((how) => {
          if (how === 'remote') this.listenAgain(client, isCurrent);
        });
      },
      () => {
        if (++this.listenFailures < MAX_LISTEN_FAILURES) this.listenAgain(client, isCurrent);
      },
    );
  }

  private listenAgain(client: Client, isCurrent: () => boolean): void {
    if (this.cleared || !isCurrent()) return;
    this.relisten = setTimeout(() => this.listen(client, isCurrent), RELISTEN_MS);
    this.relisten.unref();
  }

  clear(): void {
    this.cleared = true;
    if (this.relisten) clearTimeout(this.relisten);
    void this.listening?.close();
    this.listening = null;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.tools = [];
    this.resources = [];
    this.resourceTemplates = [];
    this.templatesUnreadable = false;
    this.prompts = [];
    this.toolsError = null;
    this.unreadable.clear();
  }

  private async read(client: Client, kind: CatalogKind): Promise<void> {
    try {
      if (kind === 'tools') this.tools = await listAllTools(client, this.timeoutMs);
      else if (kind === 'resources') [this.resources] = await Promise.all([listAllResources(client, this.timeoutMs), this.readTemplates(client)]);
      else this.prompts = await listAllPrompts(client, this.timeoutMs);
      this.unreadable.delete(kind);
      if (kind === 'tools') this.toolsError = null;
    } catch (error) {
      this.unreadable.add(kind);
      if (kind === 'tools') this.toolsError = `tools/list failed: ${safeMessage(error)}`;
    }
  }

  /** Many servers list resources but answer templates/list with -32601: that only means "none". */
  private async readTemplates(client: Client): Promise<void> {
    try {
      this.resourceTemplates = await listAllResourceTemplates(client, this.timeoutMs);
      this.templatesUnreadable = false;
    } catch {
      this.templatesUnreadable = true;
    }
  }
}

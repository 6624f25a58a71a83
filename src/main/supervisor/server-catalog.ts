// What one connected server offers — tools, resources and resource templates, prompts — read in full at
// connect and re-read when the server announces a change. A failed tools/list makes the server degraded
// (the previous list stays usable); resources and prompts are optional extras, so their failures only
// mark them unreadable. Templates ride with resources: resources/list_changed re-reads both.
import type { Client, Prompt, Resource, ResourceTemplateType, Tool } from '@modelcontextprotocol/client';
import { safeMessage } from '../common/errors';
import { listAllPrompts, listAllResources, listAllResourceTemplates, listAllTools } from './list-all';

export type CatalogKind = 'tools' | 'resources' | 'prompts';

const LIST_CHANGED_DEBOUNCE_MS = 250;

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
  }

  clear(): void {
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

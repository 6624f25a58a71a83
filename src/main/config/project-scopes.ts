// Projects of attached clients on a shared gateway (issue 12): a stdio client launched in project B that
// attaches to a gateway started in project A sees the user's servers plus B's own trusted servers, not
// A's; two clients in two projects each see their own. Each extra project is read (and watched) with the
// same trust rules as the gateway's own: its .mcp.json counts only once approved for that checkout.
//
// Its servers join the one supervisor under a key: the config name when nobody else uses it, else
// `name@<project folder>` — so the common case (different names) shows plain names everywhere, and a name
// two projects both define still gets two processes. A session resolves the names it knows (its
// project's, then the user's) to those keys.
import { realpathSync } from 'node:fs';
import { basename } from 'node:path';
import { mergeSources, type ConfigLocations } from './load';
import { ConfigStore } from './store';
import type { ServerDefinition } from './types';

/** How long a project's servers outlive its last session (a client restarting reattaches to them). */
export const PROJECT_LINGER_MS = 60_000;

interface Scope {
  root: string;
  store: ConfigStore;
  sessions: number;
  linger: NodeJS.Timeout | null;
}

export interface ProjectLayout {
  /** Every extra project's servers, keyed as the supervisor knows them. */
  definitions: Map<string, ServerDefinition>;
  /** Per project root: the names its sessions use → supervisor keys. */
  visible: Map<string, Map<string, string>>;
}

export interface ProjectScopeOptions {
  /** The gateway's own locations; an extra project swaps in its root. */
  base: ConfigLocations;
  /** Something about the extra projects changed (one joined, left, or its file changed): re-apply. */
  onChange(): void;
  linger?: number;
}

/** The canonical form of a project root a client names; null when it does not exist. */
export function canonicalRoot(root: string): string | null {
  try {
    return realpathSync(root);
  } catch {
    return null;
  }
}

export class ProjectScopes {
  private readonly scopes = new Map<string, Scope>();
  private readonly primary: string | null;
  /** Keys once given stay with their server while free, so a project joining never renames another's. */
  private readonly assigned = new Map<string, string>();

  constructor(private readonly options: ProjectScopeOptions) {
    this.primary = options.base.projectRoot ? canonicalRoot(options.base.projectRoot) : null;
  }

  /** The project a session of this root belongs to: null for the gateway's own (or none). */
  scopeOf(root: string | null | undefined): string | null {
    if (!root) return null;
    const canonical = canonicalRoot(root);
    return canonical === null || canonical === this.primary ? null : canonical;
  }

  /** A session of this project began; its config is read (and watched) on the first. */
  acquire(root: string): void {
    const existing = this.scopes.get(root);
    if (existing) {
      existing.sessions += 1;
      if (existing.linger) clearTimeout(existing.linger);
      existing.linger = null;
      return;
    }
    const store = new ConfigStore({ ...this.options.base, projectRoot: root });
    store.watch(() => this.options.onChange());
    this.scopes.set(root, { root, store, sessions: 1, linger: null });
    this.options.onChange();
  }

  /** A session of this project ended; after the last, its servers stop once the linger passes. */
  release(root: string): void {
    const scope = this.scopes.get(root);
    if (!scope) return;
    scope.sessions = Math.max(0, scope.sessions - 1);
    if (scope.sessions > 0 || scope.linger) return;
    scope.linger = setTimeout(() => {
      scope.store.close();
      this.scopes.delete(root);
      this.options.onChange();
    }, this.options.linger ?? PROJECT_LINGER_MS);
    scope.linger.unref();
  }

  /** Re-reads every extra project's config (gateway.refresh). */
  reload(): void {
    for (const scope of this.scopes.values()) scope.store.reload(['project']);
  }

  /**
   * Lays the extra projects' servers out beside the gateway's own (`primary`, already keyed by name):
   * their keys, and for each project which names its sessions see.
   */
  layout(primary: ReadonlyMap<string, ServerDefinition>, allowed: (name: string) => boolean): ProjectLayout {
    const definitions = new Map<string, ServerDefinition>();
    const visible = new Map<string, Map<string, string>>();
    const taken = new Set(primary.keys());
    // Everything but the gateway's own project's servers: those belong to its sessions only.
    const shared = [...primary].filter(([, definition]) => definition.source !== 'project');
    // In the order the projects joined: the earlier keeps its plain names.
    for (const scope of this.scopes.values()) {
      const readout = scope.store.config.sources.find((source) => source.source === 'project');
      const own = readout ? mergeSources([readout]).servers : new Map<string, ServerDefinition>();
      const names = new Map<string, string>();
      for (const [name, definition] of own) {
        if (!allowed(name)) continue;
        const id = `${scope.root}\0${name}`;
        const earlier = this.assigned.get(id);
        const key = earlier !== undefined && !taken.has(earlier) ? earlier : keyFor(name, scope.root, taken);
        this.assigned.set(id, key);
        taken.add(key);
        names.set(name, key);
        definitions.set(key, { ...definition, name: key });
      }
      // The user's servers too, unless this project defines the same name (project over user, as ever).
      for (const [name] of shared) if (!names.has(name)) names.set(name, name);
      visible.set(scope.root, names);
    }
    return { definitions, visible };
  }

  /** The projects attached now, with how many sessions each has, for status and the panel. */
  list(): { root: string; sessions: number }[] {
    return [...this.scopes.values()].map(({ root, sessions }) => ({ root, sessions }));
  }

  close(): void {
    for (const scope of this.scopes.values()) {
      scope.store.close();
      if (scope.linger) clearTimeout(scope.linger);
    }
    this.scopes.clear();
  }
}

/** The config name while free; else `name@folder`, then `name@folder-2`, … */
function keyFor(name: string, root: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const base = `${name}@${basename(root) || 'project'}`;
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
  return key;
}

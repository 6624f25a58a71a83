// The tool lists of servers seen before, kept under the cache dir so catalog_search can show tools of
// servers that are not running (lazy ones, indexed in the background, and offline ones). Written on every
// connect and list change. Each list remembers the definition it was read under, so an edited entry is
// indexed again; what is written is scrubbed of known secret values first (a child's tool description is
// as hostile as anything else it prints).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/client';
import { writeFileAtomic } from '../common/atomic-write';

interface CacheEntry {
  updated_at: string;
  /** The server definition's identity when the list was read (absent in older caches). */
  identity?: string;
  tools: Tool[];
}

interface CacheFile {
  version: 1;
  servers: Record<string, CacheEntry>;
}

const SAVE_DELAY_MS = 500;

/** Only what a card and describe need: schemas and metadata, never a tool's result. */
function trim(tool: Tool): Tool {
  const { name, title, description, inputSchema, outputSchema, annotations, execution, icons } = tool;
  return { name, title, description, inputSchema, outputSchema, annotations, execution, icons } as Tool;
}

export class DescriptionsCache {
  private readonly path: string;
  private data: CacheFile = { version: 1, servers: {} };
  private timer: NodeJS.Timeout | null = null;

  constructor(
    cacheDir: string,
    private readonly scrub: <T>(value: T) => T = (value) => value,
  ) {
    this.path = join(cacheDir, 'descriptions.json');
    try {
      const parsed = JSON.parse(readFileSync(this.path, 'utf8')) as CacheFile;
      if (parsed?.version === 1 && parsed.servers && typeof parsed.servers === 'object') this.data = parsed;
    } catch {
      // no cache yet, or a damaged one: start empty, it is rebuilt on the next connects
    }
  }

  get(server: string): Tool[] | undefined {
    return Object.hasOwn(this.data.servers, server) ? this.data.servers[server]?.tools : undefined;
  }

  /** True when the cached list was read under this very definition. */
  fresh(server: string, identity: string): boolean {
    return Object.hasOwn(this.data.servers, server) && this.data.servers[server]?.identity === identity;
  }

  set(server: string, tools: readonly Tool[], identity?: string): void {
    this.data.servers[server] = { updated_at: new Date().toISOString(), ...(identity && { identity }), tools: this.scrub(tools.map(trim)) };
    // Coalesced: a burst of list changes costs one write.
    this.timer ??= setTimeout(() => this.flush(), SAVE_DELAY_MS);
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      writeFileAtomic(this.path, `${JSON.stringify(this.data)}\n`);
    } catch {
      // a read-only cache dir costs only the offline cards, never a running server
    }
  }
}

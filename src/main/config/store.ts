// Holds the effective config and reloads it when a source file changes. A source that turns malformed
// keeps serving its last good entries: an operator's typo must not stop the servers already in use.
import { mkdirSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { mergeSources, readAllSources, recheckTrust, sourcePaths, type ConfigLocations } from './load';
import type { EffectiveConfig, SourceReadout } from './types';
import type { ConfigSourceKind } from '../../shared/domain';

const RELOAD_DEBOUNCE_MS = 150;

export class ConfigStore {
  private lastGood = new Map<string, SourceReadout>();
  private watchers: FSWatcher[] = [];
  private timer: NodeJS.Timeout | null = null;
  private current: EffectiveConfig;

  /** `knownNames`: servers defined outside the config files (manifest, provisioned) that autoStart may name. */
  constructor(private readonly locations: ConfigLocations, private readonly knownNames: () => Iterable<string> = () => []) {
    this.current = this.read();
  }

  get config(): EffectiveConfig {
    return this.current;
  }

  /** Fatal problems with an explicit --config, which stop start-up instead of being skipped. */
  get fatalCustomIssues() {
    return this.current.sources.filter((s) => s.source === 'custom' && s.fatal).flatMap((s) => s.issues);
  }

  /** Re-reads every source, or only those of the given kinds (the others keep what was read before). */
  reload(only?: readonly ConfigSourceKind[]): EffectiveConfig {
    this.current = this.read(only);
    return this.current;
  }

  /** Watches the folders of every source (files may not exist yet) and calls back after a reload. */
  watch(onChange: (config: EffectiveConfig) => void): void {
    const targets = new Map<string, Set<string>>();
    // trust.json too: an approval from `gatehouse trust approve` takes effect in a running gateway.
    const trustFile = join(this.locations.stateDir, 'trust.json');
    mkdirSync(this.locations.stateDir, { recursive: true, mode: 0o700 });
    for (const path of [...sourcePaths(this.locations).map((s) => s.path), trustFile]) {
      const dir = dirname(path);
      const names = targets.get(dir) ?? new Set<string>();
      names.add(basename(path));
      targets.set(dir, names);
    }
    for (const [dir, names] of targets) {
      try {
        const watcher = watch(dir, { persistent: false }, (_event, file) => {
          if (file && !names.has(file.toString())) return;
          this.schedule(onChange);
        });
        // A folder deleted under us is not worth crashing for; the next start-up re-reads everything.
        watcher.on('error', () => watcher.close());
        this.watchers.push(watcher);
      } catch {
        // The folder does not exist (e.g. no ~/.claude): nothing there to watch.
      }
    }
  }

  close(): void {
    for (const watcher of this.watchers) watcher.close();
    this.watchers = [];
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(onChange: (config: EffectiveConfig) => void): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      onChange(this.reload());
    }, RELOAD_DEBOUNCE_MS);
  }

  private read(only?: readonly ConfigSourceKind[]): EffectiveConfig {
    const before = new Map((this.current?.sources ?? []).map((r) => [`${r.source}:${r.path}`, r]));
    const readouts = readAllSources(this.locations).map((readout) => {
      const kept = only && !only.includes(readout.source) ? before.get(`${readout.source}:${readout.path}`) : undefined;
      if (kept) return kept;
      const key = `${readout.source}:${readout.path}`;
      if (!readout.fatal) {
        this.lastGood.set(key, readout);
        return readout;
      }
      const previous = this.lastGood.get(key);
      // Keep the new issues (so the operator sees them) but the previous entries (so nothing stops) —
      // unless their approval was withdrawn since.
      return previous ? recheckTrust({ ...previous, issues: readout.issues, fatal: true }, this.locations.stateDir) : readout;
    });
    return mergeSources(readouts, () => new Set(this.knownNames()));
  }
}

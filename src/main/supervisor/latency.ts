// Call latency per server: a bounded window of recent durations, enough for stable p50/p99 figures
// without keeping every call forever.
export interface LatencySummary {
  count: number;
  p50_ms: number | null;
  p99_ms: number | null;
}

export class LatencyWindow {
  private samples: number[] = [];
  private next = 0;
  private total = 0;
  // Health rows are built on every state change, many times per call under load: the sorted summary is
  // kept until the next sample instead of sorting up to 1,024 numbers each time.
  private summarised: LatencySummary | null = null;

  constructor(private readonly size = 1024) {}

  record(ms: number): void {
    this.total++;
    if (this.samples.length < this.size) this.samples.push(ms);
    else this.samples[this.next] = ms;
    this.next = (this.next + 1) % this.size;
    this.summarised = null;
  }

  summary(): LatencySummary {
    this.summarised ??= this.summarise();
    return this.summarised;
  }

  private summarise(): LatencySummary {
    if (!this.samples.length) return { count: this.total, p50_ms: null, p99_ms: null };
    const sorted = [...this.samples].sort((a, b) => a - b);
    // The index is always inside the non-empty list; `?? 0` only satisfies the type.
    const at = (p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 100) / 100;
    return { count: this.total, p50_ms: at(0.5), p99_ms: at(0.99) };
  }
}

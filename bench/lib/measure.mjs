// Small measuring helpers the bench cases share: percentiles and medians, timed call blocks, and what
// /proc says about a process (its CPU time in nanoseconds over all its threads, its resident memory).
import { readdirSync, readFileSync } from 'node:fs';

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function median(values) {
  const present = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (!present.length) return null;
  const mid = Math.floor(present.length / 2);
  return present.length % 2 ? present[mid] : (present[mid - 1] + present[mid]) / 2;
}

/**
 * CPU time a process has used, in nanoseconds, summed over its threads (/proc/<pid>/task/<tid>/schedstat,
 * the scheduler's own nanosecond count), or null where /proc is missing. Threads that already ended are
 * not counted, which is fine for differences over a block: Node's and Python's worker threads live on.
 */
export function cpuNs(pid) {
  if (!pid) return null;
  try {
    let total = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // the thread ended between the listing and the read
      }
    }
    return total;
  } catch {
    return null;
  }
}

/** Resident memory of one process (not its children), in MiB, or null. */
export function rssMiB(pid) {
  if (!pid) return null;
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** `count` sequential calls: latency percentiles in ms and the process's CPU per call in ms (when a pid is given). */
export async function timeBlock(call, count, pid) {
  const samples = [];
  const cpuBefore = cpuNs(pid);
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await call(i);
    samples.push(performance.now() - t0);
  }
  const cpuAfter = cpuNs(pid);
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    cpuMsPerCall: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / 1e6 / count,
  };
}

/** `rounds` rounds of `width` calls at once: the median wall time of a round, in ms. */
export async function timeConcurrent(call, width, rounds) {
  const walls = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    await Promise.all(Array.from({ length: width }, (_, i) => call(i)));
    walls.push(performance.now() - t0);
  }
  return median(walls);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

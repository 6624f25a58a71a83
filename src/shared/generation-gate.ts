// Snapshots can arrive out of order (an initial pull racing a push); a consumer keeps only newer ones.
// One gate for every reader of the health stream: the tray (main) and the panel's store (renderer).
export interface GenerationGate {
  /** True when this generation is newer than every one accepted before; the caller then applies it. */
  accept(generation: number): boolean;
  readonly last: number | null;
}

export function createGenerationGate(): GenerationGate {
  let last: number | null = null;
  return {
    accept(generation) {
      if (last !== null && generation <= last) return false;
      last = generation;
      return true;
    },
    get last() {
      return last;
    },
  };
}

/**
 * A small seeded uniform generator on [0, 1) (mulberry32): the same 32-bit seed gives the same
 * sequence on every machine. Used wherever the tool draws seeded choices (probe samples and range
 * offsets, edit slots of versioned content, the memory backend's simulated latency). The rooms that
 * must stay apart from the rest (analysis, the reference servers) keep their own copy.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Seeded randomness for the sample-corpus generator: the same seed always
 * gives the same corpus, byte for byte (no Math.random, no clock).
 */

/** A 32-bit seed from any string (FNV-1a). */
export function seedFrom(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Random {
  private state: number;

  constructor(seed: number | string) {
    this.state = (typeof seed === "string" ? seedFrom(seed) : seed) >>> 0;
  }

  /** A child stream: independent of how many numbers the parent has drawn since. */
  fork(label: string | number): Random {
    return new Random(seedFrom(`${this.state}:${label}`));
  }

  /** Uniform in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Pick with a bias towards the front of the list (Zipf-like; skew > 1 favours the head). */
  pickSkewed<T>(items: readonly T[], skew = 2): T {
    return items[Math.floor(this.next() ** skew * items.length)]!;
  }

  /** Draw from `[value, weight]` pairs. */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T {
    const total = pairs.reduce((sum, [, w]) => sum + w, 0);
    let u = this.next() * total;
    for (const [value, weight] of pairs) {
      u -= weight;
      if (u < 0) return value;
    }
    return pairs[pairs.length - 1]![0];
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given median and 90th percentile, clamped to [min, max]. */
  lengthAround(median: number, p90: number, min: number, max: number): number {
    const sigma = Math.log(p90 / median) / 1.2816;
    const value = Math.round(median * Math.exp(sigma * this.normal()));
    return Math.min(max, Math.max(min, value));
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }

  /**
   * Exactly `round(share × n)` of each value (largest remainder), in random
   * order: distributions hold at any corpus size, not just on average.
   */
  quota<T>(n: number, shares: readonly (readonly [T, number])[]): T[] {
    const total = shares.reduce((sum, [, w]) => sum + w, 0);
    const exact = shares.map(([value, w]) => ({ value, exact: (w / total) * n }));
    const counts = exact.map((e) => Math.floor(e.exact));
    let left = n - counts.reduce((a, b) => a + b, 0);
    const byRemainder = exact
      .map((e, i) => ({ i, rem: e.exact - Math.floor(e.exact) }))
      .sort((a, b) => b.rem - a.rem || a.i - b.i);
    for (const { i } of byRemainder) {
      if (left-- <= 0) break;
      counts[i]! += 1;
    }
    const out: T[] = [];
    exact.forEach((e, i) => {
      for (let k = 0; k < counts[i]!; k++) out.push(e.value);
    });
    return this.shuffle(out);
  }
}

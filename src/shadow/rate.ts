/** A sampling rate, 0..1 (internal: not re-exported by the index). */
export function checkRate(name: string, rate: number): number {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new RangeError(`${name} must be between 0 and 1, got ${rate}`);
  }
  return rate;
}

/**
 * A folder with no markdown to read is an input error, not an empty result:
 * `audit`, `report`, `cost` and `shadow` pointed at the wrong folder must
 * fail (a CI job would otherwise pass on "no findings").
 */
import { EmptyCorpusError } from "../errors/index.js";

/** Throw EmptyCorpusError when a folder yielded nothing to read or serve. */
export function requireDocuments(dir: string, count: number, what?: string): void {
  if (count === 0) throw new EmptyCorpusError(dir, what);
}

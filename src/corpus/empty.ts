/**
 * A folder with no markdown to read is an input error, not an empty result:
 * `audit`, `report`, `cost` and `shadow` pointed at the wrong folder must
 * fail (a CI job would otherwise pass on "no findings").
 */
export class EmptyCorpusError extends Error {
  // A literal, not `new.target.name`: class names do not survive minification.
  override readonly name = "EmptyCorpusError";
  readonly dir: string;

  constructor(dir: string, what = "no markdown documents (*.md)") {
    super(
      `'${dir}' holds ${what}; pass the folder that holds your markdown (node_modules, .git, dist and build are skipped)`,
    );
    this.dir = dir;
  }
}

/** Throw EmptyCorpusError when a folder yielded nothing to read or serve. */
export function requireDocuments(dir: string, count: number, what?: string): void {
  if (count === 0) throw new EmptyCorpusError(dir, what);
}

import { OddkitError } from "./oddkit-error.js";

/**
 * A folder with no markdown to read is an input error, not an empty result:
 * `audit`, `report`, `cost` and `shadow` pointed at the wrong folder must
 * fail (a CI job would otherwise pass on "no findings").
 */
export class EmptyCorpusError extends OddkitError {
  override readonly name = "EmptyCorpusError";
  readonly dir: string;

  constructor(dir: string, what = "no markdown documents (*.md)") {
    super(
      `'${dir}' holds ${what}; pass the folder that holds your markdown (node_modules, .git, dist and build are skipped)`,
    );
    this.dir = dir;
  }
}

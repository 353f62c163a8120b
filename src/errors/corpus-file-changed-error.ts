import { OddkitError } from "./oddkit-error.js";

/** A file of an on-disk corpus changed (or vanished, or became a link) after the corpus was loaded. */
export class CorpusFileChangedError extends OddkitError {
  override readonly name = "CorpusFileChangedError";
  constructor(
    readonly path: string,
    detail: string,
  ) {
    super(
      `corpus file ${path} ${detail} since the corpus was loaded; restart the server (or reload the corpus) to serve the current files`,
    );
  }
}

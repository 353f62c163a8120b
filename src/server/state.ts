/** What every action reads: the loaded corpus and its search index. */
import type { Corpus } from "../corpus/types.js";
import type { SearchIndex } from "./search-index.js";

export interface ServedCorpus {
  readonly corpus: Corpus;
  readonly index: SearchIndex;
}

/** What an action answers before it is wrapped in the outer envelope. */
export interface ActionOutcome {
  readonly result: Record<string, unknown>;
  readonly assistantText: string;
  readonly isError: boolean;
}

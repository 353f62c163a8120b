/**
 * The action table of the contract: many/one, default disclosure, permitted
 * flags, whether filters apply, and the action-native fields each entry
 * carries outside the disclosure axis. Everything else reads from here.
 */
import type { Action, Flag } from "./enums.js";
// Only zod-free modules at run time: the CLI's --help reads this table (src/cli/registry.ts).
import { FLAGS } from "./names.js";

export interface ActionSpec {
  /** Many results (`data[]`, `total`, `limit`, `offset`) or one (`data`). */
  readonly many: boolean;
  /** Declared default of `disclosure` (also the JSON Schema `default`). */
  readonly defaultDisclosure: readonly Flag[];
  readonly permittedFlags: readonly Flag[];
  /** Structural filters are accepted (query-shaped actions only). */
  readonly filters: boolean;
  /**
   * The `input` wire parameter, if the action takes one: its friendly
   * client-side name, what it holds (said in its description and in every
   * refusal), and whether it is query text (also bounded in terms).
   */
  readonly input: {
    readonly name: "query" | "uri" | "task";
    readonly what: string;
    readonly terms: boolean;
  } | null;
  /** `sort_by` is accepted (catalog's orderings). */
  readonly sortable: boolean;
  /**
   * How long a client may reuse an answer before revalidating it (ms); the
   * reasons are in src/client/cache/policy.ts, which reads this column.
   */
  readonly cacheTtlMs: number;
  /** What the action's MCP tool does (its `description` in tools/list). */
  readonly description: string;
  /** The CLI verb's one-line `--help` summary. */
  readonly summary: string;
}

/** Listings and documents change on a scale of days; interactive queries expect a fresh edit to show. */
const LISTING_TTL_MS = 5 * 60_000;
const INTERACTIVE_TTL_MS = 60_000;

/** Query-shaped actions permit every flag but `body` (full bodies come from get/resolve only). */
const LISTING_FLAGS = ["blockquote", "metadata", "summary"] as const satisfies readonly Flag[];
const ALL_FLAGS = FLAGS;

export const ACTION_SPECS = {
  search: {
    many: true,
    defaultDisclosure: [],
    permittedFlags: LISTING_FLAGS,
    filters: true,
    input: { name: "query", what: "the search query", terms: true },
    sortable: false,
    cacheTtlMs: INTERACTIVE_TTL_MS,
    description:
      "Search the knowledge base (BM25). Returns ranked entries with score and a query-matched snippet; structural filters apply before pagination.",
    summary: "Ranked search (score and snippet on every hit)",
  },
  catalog: {
    many: true,
    defaultDisclosure: [],
    permittedFlags: LISTING_FLAGS,
    filters: true,
    input: null,
    sortable: true,
    cacheTtlMs: LISTING_TTL_MS,
    description: "List documents sorted by path or date, with structural filters and pagination.",
    summary: "List documents in path or date order",
  },
  preflight: {
    many: true,
    defaultDisclosure: [],
    permittedFlags: LISTING_FLAGS,
    filters: true,
    input: { name: "task", what: "the task about to be done", terms: true },
    sortable: false,
    cacheTtlMs: INTERACTIVE_TTL_MS,
    description:
      "Before doing a task: the documents to read first, the constraints, the definition of done, and further relevant documents, each with its role.",
    summary: "The documents to read before a task (start here, constraints, definition of done)",
  },
  get: {
    many: false,
    defaultDisclosure: ["body"],
    permittedFlags: ALL_FLAGS,
    filters: false,
    input: { name: "uri", what: "the document URI (klappy://…) or repository path", terms: false },
    sortable: false,
    cacheTtlMs: LISTING_TTL_MS,
    description: "Fetch one document by URI (klappy://…, another declared URI, or a repository path).",
    summary: "One document by URI (default disclosure: body)",
  },
  resolve: {
    many: false,
    defaultDisclosure: ["body"],
    permittedFlags: ALL_FLAGS,
    filters: false,
    input: { name: "uri", what: "the document URI to resolve through superseded_by", terms: false },
    sortable: false,
    cacheTtlMs: LISTING_TTL_MS,
    description:
      "Resolve a URI to its current document, walking superseded_by; the steps walked come back as supersession_chain.",
    summary: "One document by URI, following superseded_by to the current one",
  },
} as const satisfies Record<Action, ActionSpec>;

export type ActionSpecs = typeof ACTION_SPECS;
/** The actions that answer a page of entries (`data` is a list, with `total`): search, catalog, preflight. */
export type ManyAction = { [A in Action]: ActionSpecs[A]["many"] extends true ? A : never }[Action];
/** The actions that answer one document (`data` is one entry): get, resolve. */
export type OneAction = Exclude<Action, ManyAction>;
/** The disclosure flags action `A` accepts; any other flag is refused with `DISCLOSURE_FLAG_NOT_PERMITTED`. */
export type PermittedFlag<A extends Action> = ActionSpecs[A]["permittedFlags"][number];
/** The flags action `A` applies when the request names none (what its result type carries by default). */
export type DefaultDisclosure<A extends Action> = ActionSpecs[A]["defaultDisclosure"][number];

export const MANY_ACTIONS = (Object.keys(ACTION_SPECS) as Action[]).filter(
  (a) => ACTION_SPECS[a].many,
) as ManyAction[];

export function isManyAction(action: Action): action is ManyAction {
  return ACTION_SPECS[action].many;
}

/** Fields that must never appear in any retrieval envelope (check 4). */
export const FORBIDDEN_ROLLUP_FIELDS = [
  "categories",
  "start_here",
  "baseline",
  "baseline_total",
  "canon",
  "overlay_count",
  "baseline_count",
] as const;

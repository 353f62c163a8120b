/**
 * The shape of the reference knowledge base (docs/corpus.md, "The sample corpus"),
 * as tables the planner draws from. Shares are exact quotas per group; a
 * `null` value means the field is absent. Presence rates are conditional on a
 * document having frontmatter at all.
 */

export type Folder = "canon" | "docs" | "odd" | "writings" | "other";

export const FOLDER_SHARES: readonly (readonly [Folder, number])[] = [
  ["canon", 0.28],
  ["docs", 0.22],
  ["odd", 0.23],
  ["writings", 0.24],
  ["other", 0.03],
];

type Shares<T> = readonly (readonly [T, number])[];

export interface GroupProfile {
  /** Directory under the corpus root, with a trailing slash ("" for the root). */
  readonly dir: string;
  readonly share: number;
  /** Frontmatter `kind:` the group's documents declare (overrides and the invalid `odd`). */
  readonly declaredKind?: string;
  /**
   * Share of the group's documents with frontmatter that declare `declaredKind` (1 when absent).
   * Handoffs override only in part, so that a catalog of journals under odd/handoffs/ has entries.
   */
  readonly declaredKindShare?: number;
  readonly noFrontmatter: number;
  readonly audience: Shares<string | null>;
  readonly exposure: Shares<string | null>;
  readonly tier: Shares<number | null>;
}

const CANON_AUDIENCE: Shares<string | null> = [
  ["canon", 0.99],
  [null, 0.01],
];
const CANON_EXPOSURE: Shares<string | null> = [
  ["nav", 0.96],
  ["hidden", 0.03],
  [null, 0.01],
];
const CANON_TIER: Shares<number | null> = [
  [1, 0.44],
  [2, 0.44],
  [3, 0.1],
  [null, 0.02],
];
const DOCS_AUDIENCE: Shares<string | null> = [
  ["docs", 0.87],
  ["kitchen", 0.04],
  ["operators", 0.04],
  ["canon", 0.015],
  ["public", 0.015],
  [null, 0.02],
];
const DOCS_EXPOSURE: Shares<string | null> = [
  ["nav", 0.76],
  ["internal", 0.15],
  ["private", 0.03],
  [null, 0.06],
];
const DOCS_TIER: Shares<number | null> = [
  [2, 0.56],
  [3, 0.28],
  [1, 0.11],
  [null, 0.05],
];
const ODD_EXPOSURE: Shares<string | null> = [
  ["nav", 0.9],
  ["hidden", 0.055],
  ["internal", 0.045],
];
const ODD_TIER: Shares<number | null> = [
  [3, 0.32],
  [2, 0.45],
  [1, 0.17],
  [4, 0.03],
  [null, 0.03],
];
// Promoted and journal audiences together give odd/ its measured mix (odd 40%, docs 26%, canon 19%, backlog 4%).
const PROMOTED_AUDIENCE: Shares<string | null> = [
  ["canon", 0.5],
  ["odd", 0.25],
  ["docs", 0.25],
];
const JOURNAL_AUDIENCE: Shares<string | null> = [
  ["docs", 0.48],
  ["odd", 0.28],
  ["canon", 0.03],
  ["backlog", 0.12],
  ["public", 0.04],
  ["agents", 0.02],
  [null, 0.03],
];
const ESSAY_AUDIENCE: Shares<string | null> = [["public", 1]];
const ESSAY_EXPOSURE: Shares<string | null> = [
  ["public", 0.8],
  ["nav", 0.12],
  ["draft", 0.08],
];
const ESSAY_TIER: Shares<number | null> = [
  [1, 0.49],
  [2, 0.32],
  [3, 0.17],
  [null, 0.02],
];
const OTHER_AUDIENCE: Shares<string | null> = [
  ["agents", 0.15],
  ["public", 0.25],
  ["docs", 0.2],
  ["operators", 0.1],
  [null, 0.3],
];
const OTHER_EXPOSURE: Shares<string | null> = [
  ["nav", 0.4],
  ["public", 0.2],
  ["internal", 0.1],
  [null, 0.3],
];
const OTHER_TIER: Shares<number | null> = [
  [2, 0.4],
  [3, 0.3],
  [null, 0.3],
];
/** Handoffs and ledger entries: mostly audience odd, exposure nav, tier 3. */
const MOSTLY_ODD: Pick<GroupProfile, "audience" | "exposure" | "tier"> = {
  audience: [
    ["odd", 0.9],
    ["docs", 0.1],
  ],
  exposure: [
    ["nav", 0.9],
    ["hidden", 0.1],
  ],
  tier: [
    [3, 0.7],
    [2, 0.3],
  ],
};

const canon = (dir: string, share: number): GroupProfile => ({
  dir,
  share,
  noFrontmatter: 0.025,
  audience: CANON_AUDIENCE,
  exposure: CANON_EXPOSURE,
  tier: CANON_TIER,
});
const docs = (dir: string, share: number): GroupProfile => ({
  dir,
  share,
  noFrontmatter: 0.035,
  audience: DOCS_AUDIENCE,
  exposure: DOCS_EXPOSURE,
  tier: DOCS_TIER,
});
const promoted = (dir: string, share: number, declaredKind: string): GroupProfile => ({
  dir,
  share,
  declaredKind,
  noFrontmatter: 0,
  audience: PROMOTED_AUDIENCE,
  exposure: ODD_EXPOSURE,
  tier: ODD_TIER,
});
const journal = (dir: string, share: number): GroupProfile => ({
  dir,
  share,
  // 9% of all journals lack frontmatter, and only these two groups ever do.
  noFrontmatter: 0.23,
  audience: JOURNAL_AUDIENCE,
  exposure: ODD_EXPOSURE,
  tier: ODD_TIER,
});
const essay = (dir: string, share: number): GroupProfile => ({
  dir,
  share,
  noFrontmatter: 0.01,
  audience: ESSAY_AUDIENCE,
  exposure: ESSAY_EXPOSURE,
  tier: ESSAY_TIER,
});
const other = (dir: string, share: number): GroupProfile => ({
  dir,
  share,
  noFrontmatter: 0.2,
  audience: OTHER_AUDIENCE,
  exposure: OTHER_EXPOSURE,
  tier: OTHER_TIER,
});

export const GROUPS: Readonly<Record<Folder, readonly GroupProfile[]>> = {
  canon: [
    canon("canon/principles/", 0.34),
    canon("canon/constraints/", 0.18),
    canon("canon/definitions/", 0.12),
    canon("canon/methods/", 0.15),
    canon("canon/values/", 0.14),
    // Apocrypha live under canon/ in the reference repository; only their audience says so.
    { ...canon("canon/apocrypha/", 0.07), audience: [["apocrypha", 1]] },
  ],
  docs: [
    docs("docs/guides/", 0.35),
    docs("docs/reference/", 0.3),
    docs("docs/howto/", 0.2),
    docs("docs/operations/", 0.15),
  ],
  odd: [
    // Overrides (challenge, gate, contract and a third of handoffs) are 40% of odd/, 9% of the corpus.
    promoted("odd/challenge/", 0.14, "canon"),
    promoted("odd/gate/", 0.12, "canon"),
    promoted("odd/contract/", 0.1, "canon"),
    { ...promoted("odd/handoffs/", 0.12, "docs"), declaredKindShare: 1 / 3, ...MOSTLY_ODD },
    { ...promoted("odd/ledger/", 0.13, "odd"), ...MOSTLY_ODD },
    journal("odd/journal/", 0.25),
    journal("odd/sessions/", 0.14),
  ],
  writings: [essay("writings/", 0.75), essay("writings/series/", 0.25)],
  other: [
    other("public/", 0.35),
    other("skills/", 0.25),
    other("scripts/", 0.12),
    other("interfaces/", 0.1),
    other("infra/", 0.06),
    other("projects/", 0.06),
    other(".cursor/rules/", 0.06),
  ],
};

export const FOLDER_INDEX: Readonly<Record<Folder, 0 | 1 | 2 | 3 | 4>> = {
  canon: 0,
  docs: 1,
  odd: 2,
  writings: 3,
  other: 4,
};

/** Presence of optional frontmatter fields by folder [canon, docs, odd, writings, other]. */
export const PRESENCE: Readonly<Record<string, readonly [number, number, number, number, number]>> = {
  title: [0.98, 0.98, 0.98, 0.99, 0.9],
  stability: [0.97, 0.96, 0.95, 0.96, 0.7],
  tags: [0.96, 0.95, 0.94, 0.97, 0.7],
  voice: [0.95, 0.94, 0.93, 0.96, 0.6],
  date: [0.5, 0.5, 0.8, 0.78, 0.3],
  epoch: [0.55, 0.5, 0.8, 0.7, 0.2],
  derives_from: [0.75, 0.55, 0.6, 0.45, 0.2],
  complements: [0.45, 0.4, 0.35, 0.4, 0.1],
  status: [0.35, 0.35, 0.4, 0.15, 0.2],
  governs: [0.65, 0.2, 0.15, 0, 0.05],
  target_repo: [0.3, 0.35, 0.5, 0, 0.2],
  type: [0.25, 0.3, 0.3, 0.15, 0.2],
  description: [0.1, 0.12, 0.05, 0.75, 0.2],
  hook: [0, 0.01, 0.01, 0.9, 0],
  slug: [0, 0, 0.01, 0.9, 0],
  subtitle: [0.01, 0.01, 0.01, 0.84, 0],
  author: [0.01, 0.02, 0.02, 0.84, 0.05],
  og_title: [0, 0, 0, 0.67, 0],
  og_description: [0, 0.01, 0, 0.83, 0],
  og_type: [0, 0, 0, 0.46, 0],
  og_image: [0, 0, 0, 0.25, 0],
  twitter_card: [0, 0, 0, 0.46, 0],
  twitter_title: [0, 0, 0, 0.46, 0],
  twitter_description: [0, 0, 0, 0.62, 0],
  twitter_image: [0, 0, 0, 0.25, 0],
  relevance: [0.25, 0.15, 0.12, 0.05, 0],
  execution_posture: [0.2, 0.15, 0.2, 0, 0.1],
  related: [0.12, 0.12, 0.12, 0.12, 0.1],
  provenance: [0.08, 0.08, 0.1, 0.06, 0.05],
};

/** `start_here: true` by folder (writings carry most of them). */
export const START_HERE: readonly [number, number, number, number, number] = [0.03, 0.06, 0, 0.24, 0];

/** Essays' `public:` flag. */
export const ESSAY_PUBLIC: Shares<boolean | null> = [
  [true, 0.85],
  [false, 0.07],
  [null, 0.08],
];

/** Of documents with frontmatter: `uri` absent, or in another scheme. */
export const URI_ABSENT = 0.021;
export const URI_OTHER_SCHEME = 0.0105;
/** Of documents with frontmatter: a `supersedes:` list (besides the supersession cases). */
export const SUPERSEDES = 0.015;
/** Of documents with frontmatter: a title with escaped double quotes. */
export const ESCAPED_QUOTE_TITLE = 0.02;
/** Of documents with frontmatter: how `tags:` is written. */
export const TAG_STYLES: Shares<"inline" | "block" | "unindented"> = [
  ["inline", 0.7],
  ["block", 0.285],
  ["unindented", 0.015],
];

/** Text tiers by folder. */
export const BLOCKQUOTE: readonly [number, number, number, number, number] = [0.84, 0.8, 0.75, 0.8, 0.3];
export const SUMMARY: readonly [number, number, number, number, number] = [0.43, 0.33, 0.42, 0.81, 0.1];
/** Body length (characters): [median, p90] by folder. */
export const BODY: readonly (readonly [number, number])[] = [
  [4300, 13500],
  [4300, 13500],
  [4300, 13000],
  [12500, 24000],
  [2500, 8000],
];

/** Chance of each long-tail key, by folder (essays carry the most keys). */
export const LONG_TAIL_RATE: readonly [number, number, number, number, number] = [
  0.012, 0.012, 0.012, 0.1, 0.02,
];

/** Rarer keys (each on 0.5–3% of documents): the long tail of a real knowledge base. */
export const LONG_TAIL_KEYS = [
  "intent",
  "authority_band",
  "version",
  "last_reviewed",
  "owner",
  "reviewers",
  "aliases",
  "series",
  "series_order",
  "reading_time",
  "license",
  "canonical_url",
  "category",
  "priority",
  "effort",
  "session_id",
  "participants",
  "outcome",
  "decision",
  "sources",
  "prerequisites",
  "difficulty",
  "language",
  "keywords",
  "updated",
  "created",
  "location",
  "mood",
  "word_count",
  "thread",
  "scope",
  "applies_to",
  "enforcement",
  "severity",
  "lifecycle",
  "review_cycle",
  "cover_image",
  "image_alt",
  "cta",
  "layout",
  "weight",
  "draft_notes",
  "model",
  "confidence",
  "audience_note",
] as const;

/** The contract's 11 verification checks ("what complies means"), numbered as in the spec. */
export const CHECKS = [
  {
    id: 1,
    title: "Entries carry only uri, title, action-native fields and the fields of the requested flags",
  },
  { id: 2, title: "Filters are honoured; the only embedded default is include = canon, docs, essays" },
  { id: 3, title: "total is post-filter, pre-pagination" },
  { id: 4, title: "No category rollups, taxonomy enumerations or curated lists" },
  { id: 5, title: "No body on search, catalog or preflight, whatever flags were passed" },
  { id: 6, title: "A flag the action does not allow → DISCLOSURE_FLAG_NOT_PERMITTED" },
  { id: 7, title: "A limit above the active cap → LIMIT_EXCEEDS_FLAG_CAP" },
  {
    id: 8,
    title:
      "Unfiltered query-shaped responses hold no journals or apocrypha; journals only with an explicit include",
  },
  { id: 9, title: "Kind follows the two-tier rule; frontmatter kind: wins over path" },
  {
    id: 10,
    title: "score and snippet on search, total and ordering on listings, are present at disclosure: []",
  },
  {
    id: 11,
    title: "Aggregate token cost over a representative workload drops by at least an order of magnitude",
  },
] as const;

export type CheckId = (typeof CHECKS)[number]["id"];

/** Minimum legacy/new token ratio for check 11. */
export const REQUIRED_TOKEN_REDUCTION = 10;

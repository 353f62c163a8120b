/**
 * Sites as the tools report them: the engine's site records, each open one
 * with what it waits on (site-need.ts) and what lifts it, and the contract
 * rule that made it legacy. The rules are the contract's, as docs/rules.md
 * states them, said once per need so an agent can act on a marker without
 * reading the docs first.
 */
import { LEGACY_CATALOG_MAX_LIMIT, LEGACY_SEARCH_MAX_HITS } from "oddkit-sdk/internal";
import { z } from "zod";
import { decisionFor } from "../migrate/decided-reads.js";
import { DECISION_NAMES, DECISIONS, type DecisionName } from "../migrate/decisions.js";
import type { SiteRecord } from "../migrate/engine.js";
import { type SiteNeed, siteNeed } from "../migrate/site-need.js";

export const SITE_STATUSES = ["rewritten", "flagged", "reviewed", "unmigrated", "contract"] as const;
const OPEN = new Set(["flagged", "reviewed", "unmigrated"]);
export const NEEDS = [...DECISION_NAMES, "mechanical", "review"] as const;

export const siteSchema = z.object({
  file: z.string().describe("the file, relative to the app's root (or the server's root)"),
  line: z
    .number()
    .int()
    .describe(
      "1-based line of the site: in the given text for migrate_check, migrate_plan's `sites` and explain_site; in migrate_file's `sites`, as `migrate` reports it (the rewritten text before its markers)",
    ),
  kind: z.enum(["call", "read", "escape"]),
  what: z.string().describe("the call or the field read, e.g. 'oddkit_get call', 'result.content'"),
  action: z.string().nullable().describe("the oddkit action of its call (search, catalog, get, …)"),
  status: z.enum(SITE_STATUSES),
  reason: z.string().describe("why it is legacy; for an open site, what its marker asks"),
});

export const openSiteSchema = siteSchema.extend({
  need: z.enum(NEEDS).describe("what it waits on: a decision, a hand move (mechanical) or a review"),
  liftedBy: z
    .record(z.string(), z.string())
    .nullable()
    .describe("the `decisions` input that lifts it in this version's rewrite, or null: move it by hand"),
});

export type OpenSite = z.infer<typeof openSiteSchema>;

export function isOpen(site: SiteRecord): boolean {
  return OPEN.has(site.status);
}

/** An open site with what it waits on and what lifts it. */
export function openSite(site: SiteRecord): OpenSite {
  const need = siteNeed(site);
  const ruled = decisionFor(site.action, site.what);
  return {
    ...site,
    need,
    liftedBy: ruled ? { [ruled.decision]: ruled.value } : null,
  };
}

const CONTRACT_RULES: Readonly<Record<DecisionName | "mechanical" | "review", string>> = {
  paths:
    "Entries are addressed by `uri`; no answer carries a repository `path` (docs/rules.md, Actions and Disclosure flags). Code that builds hrefs or slugs from a path needs a path derived from the URI.",
  listings: `Every listing is paginated with \`limit\`/\`offset\` under the flags' caps and reports \`total\`; the legacy cuts (the fat catalog's first ${LEGACY_CATALOG_MAX_LIMIT}, search's ${LEGACY_SEARCH_MAX_HITS} hits, legacy page sizes) are not the contract's (docs/rules.md, Page sizes).`,
  order:
    "A catalog lists in path or date order by code unit; 0.28.x sorted paths in locale order, so code that relied on the order sees documents move (docs/rules.md, Actions).",
  content:
    "`get` discloses `body` (the markdown without its frontmatter); the frontmatter comes through the `metadata` flag. Legacy `content` was the whole file (docs/rules.md, Disclosure flags).",
  hash: "`content_hash` is the contract's opaque revision identity: a stored legacy hash never equals it (docs/rules.md, Disclosure flags).",
  errors:
    "Refusals are answers with `status` and `error_code` (NOT_FOUND, INVALID_PARAMS, …), raised by the typed client as error classes; the legacy `error` strings are gone (docs/rules.md, Errors).",
  rollups:
    "No answer holds category rollups or curated lists (`start_here`, `categories`): `start_here` is a filter, categories are computed from a metadata listing (docs/rules.md, What an answer never holds).",
  frontmatter:
    "`metadata` is the frontmatter as YAML reads it; 0.28.x's reader read lists, maps and multi-line text otherwise (docs/rules.md, Disclosure flags).",
  mechanical:
    "The site has an exact contract counterpart (one tool per action, the contract's parameters and answer fields; docs/rules.md, Actions): no decision is needed, but this version does not rewrite it in this shape, so it moves by hand (docs/codemods.md lists the counterparts).",
  review:
    "The legacy reply is handed to code the analysis cannot follow (returned, stored, passed on): a human checks which contract fields that code reads (docs/codemods.md, Markers for a human).",
};

/** The contract rule behind a need, and the decision it names (with its values), if any. */
export function ruleFor(need: SiteNeed): {
  readonly rule: string;
  readonly decision: {
    readonly name: DecisionName;
    readonly about: string;
    readonly recommended: string;
    readonly values: readonly { readonly value: string; readonly effect: string }[];
  } | null;
} {
  const rule = CONTRACT_RULES[need];
  if (need === "mechanical" || need === "review") return { rule, decision: null };
  const d = DECISIONS[need];
  return {
    rule,
    decision: { name: d.name, about: d.about, recommended: d.recommended, values: d.values },
  };
}

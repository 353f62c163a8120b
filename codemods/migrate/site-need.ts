/**
 * What a legacy site waits on: a migration decision (decisions.ts), a
 * mechanical rewrite this version does not make for its shape, or a human's
 * review (a reply handed to code the analysis cannot see). Markers, the
 * summary and `--plan` say it the same way, from here.
 */
import { decisionFor } from "./decided-reads.js";
import { DECISIONS, type DecisionChoices, type DecisionName } from "./decisions.js";

export type SiteNeed = DecisionName | "mechanical" | "review";

export interface NeedSite {
  readonly kind: "call" | "read" | "escape";
  readonly what: string;
  readonly action: string | null;
  readonly reason: string;
}

const LISTING_CUTS = [
  /at most 5 hits/,
  /legacy page size/,
  /limit cut the list/,
  /sort_by: "date" listed only/,
];

/** The decision a legacy site waits on, read from what it is and why it is legacy. */
export function siteNeed(site: NeedSite): SiteNeed {
  const { what, reason } = site;
  if (site.kind === "escape") return "review";
  const ruled = decisionFor(site.action, what);
  if (ruled) return ruled.decision;
  if (/(^|\.)path$/.test(what) || /carry no path/.test(reason)) return "paths";
  if (/content_hash$/.test(what)) return "hash";
  if (/(^|\.)content$/.test(what)) return "content";
  if (LISTING_CUTS.some((cut) => cut.test(reason))) return "listings";
  if (/(^|\.)error$/.test(what) || (/(^|\.)status$/.test(what) && site.action !== "catalog")) return "errors";
  if (site.action === "catalog" && /(^|\.)(start_here|categories)$/.test(what)) return "rollups";
  if (/(^|\.)articles$/.test(what)) return "order";
  // A catalog page read (its pagination, its entries' metadata under the metadata cap of 100) is
  // one page of the listing the `listings` decision makes complete.
  if (site.action === "catalog" && /^(result\.pagination|pagination\.|entry\.metadata$)/.test(what))
    return "listings";
  return "mechanical";
}

/**
 * Legacy reads the contract has nothing for and no decision lifts: the marker says so, rather than
 * pointing at a counterpart that does not exist.
 */
const NO_COUNTERPART: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /^result\.(overlay_hits|baseline_hits)$/,
    "grouped results (result_grouping other than merged) have no contract counterpart and no decision lifts them: the contract serves one merged ranking; rewrite the code for one list",
  ],
  [
    /^result\.(section|available_sections|requested_section)$/,
    "get's sections have no contract counterpart and no decision lifts them: get the body (data.body) and cut the section in code",
  ],
];

/** What would lift a read of the legacy envelope, as its marker says it. */
export function liftHint(action: string | null, what: string): string {
  const ruled = decisionFor(action, what);
  if (ruled)
    return `lifted by \`--decide ${ruled.decision}=${ruled.value}\` (the call migrates once each of its reads is lifted; \`migrate --plan\` shows what that changes)`;
  const none = NO_COUNTERPART.find(([pattern]) => pattern.test(what));
  if (none) return none[1];
  const need = siteNeed({ kind: "read", what, action, reason: "" });
  if (need === "mechanical" || need === "review")
    return "its contract counterpart is not rewritten in this shape yet: move it by hand (docs/codemods.md lists the counterparts)";
  return `it waits on the \`${need}\` decision (recommended: ${DECISIONS[need].recommended}; \`migrate --plan\` shows its effect), which this version does not apply to this shape yet: move it by hand`;
}

/** The part of `liftHint` naming the decision that lifts a read. */
const LIFTED_BY = /lifted by `--decide ([a-z]+)=([a-z-]+)` \([^)]*\)/;

/**
 * A marker's reason whose `liftHint` names a decision the run has taken, told instead what blocks
 * the read: the file's fallback (the rewrite's type errors, say), else another read of the same call
 * that nothing lifts (listed beside it under the call's marker). Any other reason is kept.
 */
export function takenHint(reason: string, choices: DecisionChoices, fallback: string | undefined): string {
  const match = LIFTED_BY.exec(reason);
  if (!match || (choices as Record<string, string>)[match[1] as string] !== match[2]) return reason;
  const blocker = fallback
    ? `the call stays on the legacy envelope because ${fallback.replace(/: only markers were added$|: kept on the legacy envelope$/, "")}`
    : "the call stays on the legacy envelope for another of its reads, which nothing lifts (listed with it)";
  return reason.replace(LIFTED_BY, `\`--decide ${match[1]}=${match[2]}\` is taken and lifts it; ${blocker}`);
}

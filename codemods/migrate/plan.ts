/**
 * `migrate --plan`: which migration decisions a repository's code needs, and
 * what each would change on the user's own knowledge base, before anything is
 * written. Detection is `--check`'s; the effects are read from the knowledge
 * base twice, as the legacy server shows it (paths, the fat catalog's cut,
 * 0.28.x's order and rollups) and as the contract shows it.
 */
import { isDeepStrictEqual } from "node:util";
import { createOddkitClient, OddkitError } from "oddkit-sdk";
import { FLAG_CAPS, KINDS, pathForKlappyUri } from "oddkit-sdk/contract";
import { LEGACY_CATALOG_MAX_LIMIT } from "oddkit-sdk/internal";
import { createReferenceServer } from "oddkit-sdk/server";
import { createLegacyCompat } from "oddkit-sdk/shim";
import { countTokens } from "oddkit-sdk/tokens";
import { DECISION_NAMES, DECISIONS, type DecisionChoices, type DecisionName } from "./decisions.js";
import type { SiteRecord } from "./engine.js";
import { migrate } from "./run.js";
import { type SiteNeed, siteNeed } from "./site-need.js";

/** A document named in an effect. */
export interface PlanDocument {
  readonly uri: string;
  readonly title: string;
  /** Its repository path as the legacy server gives it. */
  readonly path?: string;
  /** Its path derived from the URI, where that is what the migrated code uses. */
  readonly derivedPath?: string | null;
}

/** What one decision changes on this knowledge base. */
export interface DecisionEffect {
  readonly summary: string;
  readonly documents: readonly PlanDocument[];
}

export interface DecisionPlan {
  readonly decision: DecisionName;
  readonly recommended: string;
  /** The value chosen (`--decide`, oddkit-migrate.json), or null: its sites stay flagged. */
  readonly chosen: string | null;
  readonly sites: readonly { readonly file: string; readonly line: number; readonly what: string }[];
  readonly effect: DecisionEffect;
}

export interface MigrationPlan {
  readonly schemaVersion: 1;
  readonly knowledgeBase: { readonly source: string; readonly documents: number };
  readonly decisions: readonly DecisionPlan[];
  /** Legacy sites whose contract counterpart is exact: rewritten without a decision. */
  readonly mechanical: number;
  /** Sites no decision can lift (a reply handed to code the analysis cannot see). */
  readonly review: readonly { readonly file: string; readonly line: number; readonly what: string }[];
}

/** The knowledge base `--plan` reads: an oddkit server at `url`, or a folder served by the embedded servers. */
export interface PlanSource {
  readonly url?: string;
  /** A folder of markdown (default: the bundled sample corpus). */
  readonly corpus?: string;
}

export interface PlanOptions extends PlanSource {
  readonly paths: readonly string[];
  readonly cwd: string;
  readonly decisions?: DecisionChoices;
}

/** `--plan` cannot read the knowledge base as both servers show it. */
export class MigratePlanError extends OddkitError {
  override readonly name = "MigratePlanError";
}

type Caller = (
  name: string,
  args: Record<string, unknown>,
) => Promise<{ envelope: unknown; isError: boolean }>;
type Article = { path: string; uri: string; title: string; metadata?: Record<string, unknown> };
type Entry = { uri: string; title: string; metadata?: Record<string, unknown> };

function resultOf(answer: { envelope: unknown; isError: boolean }, what: string): Record<string, unknown> {
  const result = (answer.envelope as { result?: unknown } | null)?.result;
  if (answer.isError || typeof result !== "object" || result === null || "error_code" in result)
    throw new MigratePlanError(`--plan: ${what} failed: ${JSON.stringify(answer.envelope).slice(0, 300)}`);
  return result as Record<string, unknown>;
}

/** The two readings of the knowledge base the effects compare. */
export interface KnowledgeBaseFacts {
  readonly source: string;
  /** The legacy fat catalog's first page (`sort_by: "path"` at its largest limit), as a legacy consumer sees it. */
  readonly legacyFirstPage: readonly Article[];
  /** Every article of the legacy index, in legacy order (all pages). */
  readonly legacyAll: readonly Article[];
  readonly legacyStartHere: readonly string[];
  readonly legacyCategories: number;
  /** Every entry the contract lists (all five kinds, metadata disclosed), in the contract's order. */
  readonly contractAll: readonly Entry[];
  readonly contractStartHere: readonly Entry[];
  /** Tokens of the metadata listing (every page) that computing categories costs. */
  readonly metadataListingTokens: number;
}

async function legacyCatalogPages(
  legacy: Caller,
): Promise<{ pages: Article[][]; startHere: string[]; categories: number }> {
  const pages: Article[][] = [];
  let startHere: string[] = [];
  let categories = 0;
  const limit = LEGACY_CATALOG_MAX_LIMIT;
  for (let offset = 0; ; offset += limit) {
    const result = resultOf(
      await legacy("oddkit_catalog", { sort_by: "path", limit, offset }),
      "the legacy catalog",
    );
    pages.push((result.articles ?? []) as Article[]);
    startHere = (result.start_here ?? []) as string[];
    categories = Array.isArray(result.categories) ? result.categories.length : 0;
    const pagination = result.pagination as { has_more?: boolean } | undefined;
    if (!pagination?.has_more) return { pages, startHere, categories };
  }
}

async function contractListing(
  contract: Caller,
  filters: Record<string, unknown>,
): Promise<{ entries: Entry[]; tokens: number }> {
  const entries: Entry[] = [];
  let tokens = 0;
  const limit = FLAG_CAPS.metadata;
  for (let offset = 0; ; offset += limit) {
    const answer = await contract("oddkit_catalog", {
      include: [...KINDS],
      disclosure: ["metadata"],
      sort_by: "path",
      limit,
      offset,
      ...filters,
    });
    const result = resultOf(answer, "the contract catalog");
    tokens += await countTokens(JSON.stringify(answer.envelope));
    entries.push(...((result.data ?? []) as Entry[]));
    if (offset + limit >= Number(result.total ?? 0)) return { entries, tokens };
  }
}

/** Both readings, from callers of a legacy view and a contract view of the same knowledge base. */
export async function readKnowledgeBase(
  source: string,
  legacy: Caller,
  contract: Caller,
): Promise<KnowledgeBaseFacts> {
  const legacyCatalog = await legacyCatalogPages(legacy);
  const all = await contractListing(contract, {});
  const startHere = await contractListing(contract, { start_here: true });
  return {
    source,
    legacyFirstPage: legacyCatalog.pages[0] ?? [],
    legacyAll: legacyCatalog.pages.flat(),
    legacyStartHere: legacyCatalog.startHere,
    legacyCategories: legacyCatalog.categories,
    contractAll: all.entries,
    contractStartHere: startHere.entries,
    metadataListingTokens: all.tokens,
  };
}

const callerOfServer =
  (server: {
    callTool(
      name: string,
      args: Record<string, unknown>,
    ): Promise<{ content: { text?: string }[]; isError?: boolean }>;
  }): Caller =>
  async (name, args) => {
    const answer = await server.callTool(name, args);
    return {
      envelope: JSON.parse(answer.content[0]?.text ?? "null") as unknown,
      isError: answer.isError === true,
    };
  };

/**
 * The knowledge base as both servers show it. A folder (or the bundled sample) is served
 * twice in memory: by a legacy-mode server (what the code talks to today) and a contract
 * server. A live server is read through the backward shim for the legacy view, which is
 * exact only while the server still answers the legacy envelope (the deprecation window).
 */
export async function knowledgeBaseFacts(source: PlanSource): Promise<KnowledgeBaseFacts> {
  if (source.url) {
    const client = createOddkitClient({
      url: source.url,
      consumer: "oddkit-sdk-migrate-plan",
      countTokens: false,
    });
    try {
      const compat = createLegacyCompat(client, { legacyPolicy: "silent" });
      const era = await compat.era();
      if (era === "pre-contract")
        throw new MigratePlanError(
          `--plan: ${source.url} speaks only the legacy API (pre-contract): run --plan with --corpus on the knowledge base's folder instead`,
        );
      const legacy: Caller = async (name, args) => ({
        envelope: await compat.call(name, args),
        isError: false,
      });
      const contract: Caller = (name, args) => client.callTool(name, args);
      return await readKnowledgeBase(`${source.url} (${era})`, legacy, contract);
    } finally {
      await client.close();
    }
  }
  const corpus = source.corpus ? { corpus: source.corpus } : {};
  const [legacyServer, contractServer] = await Promise.all([
    createReferenceServer({ ...corpus, mode: "legacy" }),
    createReferenceServer(corpus),
  ]);
  try {
    return await readKnowledgeBase(
      source.corpus ?? "the bundled sample corpus",
      callerOfServer(legacyServer),
      callerOfServer(contractServer),
    );
  } finally {
    await Promise.all([legacyServer.close(), contractServer.close()]);
  }
}

const docOf = (a: Article): PlanDocument => ({ uri: a.uri, title: a.title, path: a.path });

/** Legacy order: 0.28.x sorts paths in locale order. */
const localeOrder = (a: string, b: string) => a.localeCompare(b, "en-US");

/**
 * Documents out of place in `order` against `legacy` (both over their common URIs): those
 * outside a longest run kept in legacy order, i.e. the fewest a reader sees move.
 */
function moved(legacy: readonly string[], order: readonly string[]): Set<string> {
  const rank = new Map(legacy.map((uri, i) => [uri, i]));
  const seq = order.filter((uri) => rank.has(uri));
  // Patience sorting: tails[k] = index in seq of the smallest tail of a kept run of length k + 1.
  const tails: number[] = [];
  const previous = new Array<number>(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    const r = rank.get(seq[i]!)!;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rank.get(seq[tails[mid]!]!)! < r) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const kept = new Set<string>();
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i]!) kept.add(seq[i]!);
  return new Set(seq.filter((uri) => !kept.has(uri)));
}

/** What each decision changes on this knowledge base. */
export function decisionEffects(facts: KnowledgeBaseFacts): Record<DecisionName, DecisionEffect> {
  const renamed = facts.legacyAll.filter((a) => pathForKlappyUri(a.uri) !== a.path);
  const underived = renamed.filter((a) => pathForKlappyUri(a.uri) === null).length;
  const shown = new Set(facts.legacyFirstPage.map((a) => a.uri));
  const unlisted = facts.contractAll.filter((e) => !shown.has(e.uri));
  const legacyOrder = facts.legacyAll.map((a) => a.uri);
  const contractOrder = facts.contractAll.map((e) => e.uri);
  // Documents with no klappy:// URI keep their place by URI (no path derives from it).
  const derived = (uri: string) => pathForKlappyUri(uri) ?? uri;
  const resorted = [...contractOrder].sort((a, b) => localeOrder(derived(a), derived(b)));
  const movedContract = moved(legacyOrder, contractOrder);
  const movedResorted = moved(legacyOrder, resorted);
  const byUri = new Map(facts.legacyAll.map((a) => [a.uri, a]));
  const withFrontmatter = facts.legacyAll.filter((a) => Object.keys(a.metadata ?? {}).length > 0);
  const contractMetadata = new Map(facts.contractAll.map((e) => [e.uri, e.metadata ?? {}]));
  const readOtherwise = facts.legacyAll.filter(
    (a) => contractMetadata.has(a.uri) && !isDeepStrictEqual(a.metadata ?? {}, contractMetadata.get(a.uri)),
  );
  const named = (uris: Iterable<string>) =>
    [...uris].flatMap((uri) => {
      const a = byUri.get(uri);
      return a ? [docOf(a)] : [];
    });
  return {
    paths: {
      summary: `${renamed.length} of ${facts.legacyAll.length} documents get another URL: their URI does not name their path${underived > 0 ? ` (${underived} of them have no klappy:// URI: no path derives from it, so paths=uri needs the knowledge base's own URI rule for them)` : ""}`,
      documents: renamed.map((a) => ({ ...docOf(a), derivedPath: pathForKlappyUri(a.uri) })),
    },
    listings: {
      summary: `${unlisted.length} documents the legacy fat catalog's first page (${facts.legacyFirstPage.length} articles) never showed appear in a complete listing (${facts.contractAll.length})`,
      documents: unlisted.map((e) => ({
        uri: e.uri,
        title: e.title,
        ...(byUri.get(e.uri) ? { path: byUri.get(e.uri)!.path } : {}),
      })),
    },
    order: {
      summary: `${movedContract.size} documents change position in the contract's order; ${movedResorted.size} after a re-sort on the derived path`,
      documents: named(movedContract),
    },
    content: {
      summary: `${withFrontmatter.length} of ${facts.legacyAll.length} documents carry frontmatter: under body their content no longer starts with it; under markdown it is re-serialised`,
      documents: [],
    },
    hash: {
      summary: `every stored legacy content_hash differs once (${facts.legacyAll.length} documents)`,
      documents: [],
    },
    errors: {
      summary: "no effect on documents: the error strings become typed errors and error results",
      documents: [],
    },
    rollups: {
      summary: `legacy start_here [${facts.legacyStartHere.join(", ")}] becomes the start_here filter's ${facts.contractStartHere.length} documents; ${facts.legacyCategories} categories computed from a metadata listing of ${facts.metadataListingTokens} tokens`,
      documents: facts.contractStartHere.map((e) => ({ uri: e.uri, title: e.title })),
    },
    frontmatter: {
      summary: `${readOtherwise.length} of ${facts.legacyAll.length} documents' frontmatter reads otherwise: 0.28.x's reader and YAML disagree on it`,
      documents: readOtherwise.map(docOf),
    },
  };
}

const OPEN = new Set(["flagged", "reviewed", "unmigrated"]);

/** The plan: detection over `paths`, the decisions its open sites wait on, and their effects on the knowledge base. */
export async function planMigration(options: PlanOptions): Promise<MigrationPlan> {
  const check = await migrate({ paths: options.paths, cwd: options.cwd, check: true });
  const open = check.summary.legacySites.filter((s) => OPEN.has(s.status));
  const byNeed = new Map<SiteNeed, typeof open>();
  for (const site of open) {
    const need = siteNeed(site);
    byNeed.set(need, [...(byNeed.get(need) ?? []), site]);
  }
  const facts = await knowledgeBaseFacts(options);
  const effects = decisionEffects(facts);
  const at = (s: SiteRecord) => ({ file: s.file, line: s.line, what: s.what });
  return {
    schemaVersion: 1,
    knowledgeBase: { source: facts.source, documents: facts.contractAll.length },
    decisions: DECISION_NAMES.filter((name) => byNeed.has(name)).map((name) => ({
      decision: name,
      recommended: DECISIONS[name].recommended,
      chosen: options.decisions?.[name] ?? null,
      sites: byNeed.get(name)!.map(at),
      effect: effects[name],
    })),
    mechanical: byNeed.get("mechanical")?.length ?? 0,
    review: (byNeed.get("review") ?? []).map(at),
  };
}

/** The plan as a person reads it. */
export function planText(plan: MigrationPlan): string {
  const lines = [
    `migrate --plan on ${plan.knowledgeBase.source} (${plan.knowledgeBase.documents} documents listed)`,
    "",
  ];
  if (plan.decisions.length === 0)
    lines.push("no decision needed: every open site is mechanical or needs review");
  for (const d of plan.decisions) {
    const choice = d.chosen
      ? `decided: ${d.decision}=${d.chosen}`
      : `undecided (recommended: --decide ${d.decision}=${d.recommended})`;
    lines.push(`${d.decision}: ${d.sites.length} site(s), ${choice}`);
    lines.push(`  ${DECISIONS[d.decision].about}`);
    lines.push(`  on this knowledge base: ${d.effect.summary}`);
    for (const doc of d.effect.documents.slice(0, 20))
      lines.push(
        `    ${doc.title} — ${doc.uri}${doc.path ? ` (${doc.path}${doc.derivedPath !== undefined ? ` → ${doc.derivedPath}` : ""})` : ""}`,
      );
    if (d.effect.documents.length > 20)
      lines.push(`    … and ${d.effect.documents.length - 20} more (--json lists all)`);
    for (const s of d.sites.slice(0, 10)) lines.push(`  at ${s.file}:${s.line} ${s.what}`);
    if (d.sites.length > 10) lines.push(`  … and ${d.sites.length - 10} more sites`);
    lines.push("");
  }
  lines.push(`${plan.mechanical} site(s) have an exact contract counterpart (no decision needed)`);
  if (plan.review.length > 0) {
    lines.push(`${plan.review.length} site(s) need a human's review (no decision lifts them):`);
    for (const s of plan.review) lines.push(`  at ${s.file}:${s.line} ${s.what}`);
  }
  return `${lines.join("\n")}\n`;
}

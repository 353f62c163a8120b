/**
 * Plan a sample corpus: which documents exist, where, and which frontmatter
 * fields each carries. Every share is an exact quota per group, so the
 * figures hold at 566 documents as at 100,000. Text is generated later, one
 * document at a time, from each plan's own seed.
 */

import {
  BLOCKQUOTE,
  BODY,
  ESCAPED_QUOTE_TITLE,
  ESSAY_PUBLIC,
  FOLDER_INDEX,
  FOLDER_SHARES,
  type Folder,
  GROUPS,
  type GroupProfile,
  LONG_TAIL_KEYS,
  LONG_TAIL_RATE,
  PRESENCE,
  START_HERE,
  SUMMARY,
  SUPERSEDES,
  TAG_STYLES,
  URI_ABSENT,
  URI_OTHER_SCHEME,
} from "./profiles.js";
import { capitalize, phrase, sentences } from "./prose.js";
import { Random } from "./random.js";
import { ADJECTIVES, baseVerb, NAMES, NOUNS, plural, TOPICS, VERBS } from "./words.js";
import type { FieldValue, YamlStyle } from "./yaml-text.js";

export interface PlannedDoc {
  readonly index: number;
  readonly folder: Folder;
  readonly group: GroupProfile;
  path: string;
  title: string;
  /** Ordered frontmatter fields; null for a document without frontmatter. */
  fields: [string, FieldValue][] | null;
  yamlStyle: YamlStyle;
  inlineTags: boolean;
  hasH1: boolean;
  blockquoteChars: number | null;
  summaryChars: number | null;
  bodyChars: number;
}

const FIELD_ORDER = [
  "title",
  "subtitle",
  "uri",
  "slug",
  "kind",
  "audience",
  "exposure",
  "tier",
  "voice",
  "stability",
  "status",
  "type",
  "epoch",
  "date",
  "author",
  "public",
  "start_here",
  "start_here_order",
  "start_here_label",
  "tags",
  "description",
  "hook",
  "derives_from",
  "complements",
  "related",
  "governs",
  "supersedes",
  "superseded_by",
  "target_repo",
  "execution_posture",
  "relevance",
  "provenance",
  "og_title",
  "og_description",
  "og_type",
  "og_image",
  "twitter_card",
  "twitter_title",
  "twitter_description",
  "twitter_image",
  "changelog",
] as const;

/** A document the corpus must contain, whatever its size: supersession cases, preflight anchors, broken YAML. */
interface Special {
  readonly dir: string;
  readonly file: string;
  readonly title: string;
  readonly fields?: Readonly<Record<string, FieldValue>>;
  readonly yamlStyle?: YamlStyle;
}

const CHANGELOG: readonly string[] = Array.from({ length: 90 }, (_, i) => {
  const day = new Date(Date.UTC(2025, 0, 1) + i * 3 * 86400000).toISOString().slice(0, 10);
  return `${day} revision ${i + 1} trims the catalog payload and records why in the ledger`;
});

export const SPECIALS: readonly Special[] = [
  { dir: "canon/definitions/", file: "definition-of-done.md", title: "Definition of Done" },
  { dir: "canon/constraints/", file: "core-governance-baseline.md", title: "Core Governance Baseline" },
  {
    dir: "docs/guides/",
    file: "QUICKSTART.md",
    title: "Quickstart: Serving a Knowledge Base in Ten Minutes",
  },
  { dir: "docs/reference/", file: "README.md", title: "Reference Shelf README" },
  { dir: "writings/", file: "getting-started-with-oddkit.md", title: "Getting Started with oddkit" },
  {
    dir: "canon/principles/",
    file: "disclosure-v1.md",
    title: "Disclosure, First Draft",
    fields: { status: "superseded", superseded_by: "klappy://canon/principles/disclosure-v2" },
  },
  {
    dir: "canon/principles/",
    file: "disclosure-v2.md",
    title: "Disclosure, Second Draft",
    fields: {
      status: "superseded",
      supersedes: ["klappy://canon/principles/disclosure-v1"],
      superseded_by: "canon/principles/disclosure-v3.md",
    },
  },
  {
    dir: "canon/principles/",
    file: "disclosure-v3.md",
    title: "Disclosure Is Opt-In",
    fields: { status: "active", supersedes: ["klappy://canon/principles/disclosure-v2"] },
  },
  {
    dir: "docs/guides/",
    file: "catalog-usage-2025.md",
    title: "Using the Catalog (2025 Edition)",
    fields: { status: "superseded", superseded_by: "writings/the-lean-catalog" },
  },
  {
    dir: "writings/",
    file: "the-lean-catalog.md",
    title: "The Lean Catalog",
    // The heaviest frontmatter of the reference corpus runs to ~12,000 characters of JSON.
    fields: { supersedes: ["docs/guides/catalog-usage-2025"], changelog: CHANGELOG },
  },
  {
    dir: "odd/ledger/",
    file: "E0006-cycle-a.md",
    title: "Ledger E0006: The Cycle, Part A",
    fields: { status: "superseded", superseded_by: "klappy://odd/ledger/E0006-cycle-b" },
  },
  {
    dir: "odd/ledger/",
    file: "E0006-cycle-b.md",
    title: "Ledger E0006: The Cycle, Part B",
    fields: { status: "superseded", superseded_by: "odd/ledger/E0006-cycle-a.md" },
  },
  {
    dir: "docs/reference/",
    file: "legacy-envelope.md",
    title: "The Legacy Envelope",
    fields: { status: "superseded", superseded_by: "klappy://docs/reference/envelope-v2" },
  },
  {
    dir: "odd/journal/",
    file: "2026-02-11-unclosed-quote.md",
    title: "Journal: The Quote That Never Closed",
    yamlStyle: "broken-quote",
  },
  {
    dir: "odd/journal/",
    file: "2026-02-12-tags-after-keys.md",
    title: "Journal: Tags Written After the Other Keys",
    yamlStyle: "broken-tags-after-keys",
  },
];

/** The longest blockquote of the reference corpus is 1,648 characters; sentences overshoot a target by one. */
const BLOCKQUOTE_MAX_TARGET = 1500;

export interface PlanOptions {
  readonly docs: number;
  readonly seed: string;
}

export function planCorpus(options: PlanOptions): PlannedDoc[] {
  const root = new Random(`plan:${options.seed}`);
  const n = options.docs;
  const folders = root.quota(n, FOLDER_SHARES);
  const byGroup = new Map<GroupProfile, number[]>();
  const folderMembers = new Map<Folder, number[]>();
  folders.forEach((folder, i) => {
    const list = folderMembers.get(folder) ?? [];
    list.push(i);
    folderMembers.set(folder, list);
  });
  for (const [folder, members] of folderMembers) {
    const groups = root.quota(
      members.length,
      GROUPS[folder].map((g) => [g, g.share] as const),
    );
    members.forEach((docIndex, k) => {
      const group = groups[k]!;
      const list = byGroup.get(group) ?? [];
      list.push(docIndex);
      byGroup.set(group, list);
    });
  }

  // Rare traits are drawn over the whole corpus: per-group quotas would round them away.
  const global = {
    uri: root.quota(n, [
      ["absent", URI_ABSENT],
      ["other", URI_OTHER_SCHEME],
      ["klappy", 1 - URI_ABSENT - URI_OTHER_SCHEME],
    ]),
    supersedes: root.quota(n, [
      [true, SUPERSEDES],
      [false, 1 - SUPERSEDES],
    ]),
    escapedQuote: root.quota(n, [
      [true, ESCAPED_QUOTE_TITLE],
      [false, 1 - ESCAPED_QUOTE_TITLE],
    ]),
    tagStyle: root.quota(n, TAG_STYLES),
  };

  const docs: PlannedDoc[] = new Array(n);
  const usedPaths = new Set<string>();
  const specialsByDir = new Map<string, Special[]>();
  for (const special of SPECIALS) {
    const list = specialsByDir.get(special.dir) ?? [];
    list.push(special);
    specialsByDir.set(special.dir, list);
  }
  // Reserve the special paths first so that generated slugs never take them.
  for (const special of SPECIALS) usedPaths.add(special.dir + special.file);

  for (const [group, members] of byGroup) {
    members.sort((a, b) => a - b);
    const r = root.fork(group.dir);
    const specials = specialsByDir.get(group.dir) ?? [];
    const noFm = r.quota(members.length, [
      [true, group.noFrontmatter],
      [false, 1 - group.noFrontmatter],
    ]);
    // Specials need frontmatter: take the slots of the first documents that have it.
    const specialAt = new Map<number, Special>();
    let next = 0;
    for (let k = 0; k < members.length && next < specials.length; k++) {
      if (!noFm[k]) specialAt.set(k, specials[next++]!);
    }
    const fm = members.filter((_, k) => !noFm[k]);
    const fmDraws = drawFieldQuotas(r, group, fm.length);
    let f = 0;
    members.forEach((docIndex, k) => {
      const dr = root.fork(`doc:${docIndex}`);
      const special = specialAt.get(k);
      let draw: Map<string, unknown> | null = null;
      if (!noFm[k]) {
        draw = fmDraws(f++);
        for (const [trait, column] of Object.entries(global)) draw.set(trait, column[docIndex]);
      }
      const doc = planDocument(dr, docIndex, group, draw, special, usedPaths);
      docs[docIndex] = doc;
    });
  }
  linkDocuments(root.fork("links"), docs);
  return docs;
}

type Draw = (k: number) => Map<string, unknown>;

/** Exact quotas for the structural and optional fields of a group's documents with frontmatter. */
function drawFieldQuotas(r: Random, group: GroupProfile, n: number): Draw {
  const folder = folderOf(group);
  const fi = FOLDER_INDEX[folder];
  const columns = new Map<string, unknown[]>();
  columns.set("audience", r.quota(n, group.audience));
  columns.set("exposure", r.quota(n, group.exposure));
  columns.set("tier", r.quota(n, group.tier));
  for (const [field, rates] of Object.entries(PRESENCE)) {
    const p = rates[fi];
    columns.set(
      field,
      r.quota(n, [
        [true, p],
        [false, 1 - p],
      ]),
    );
  }
  columns.set(
    "start_here",
    r.quota(n, [
      [true, START_HERE[fi]],
      [false, 1 - START_HERE[fi]],
    ]),
  );
  columns.set("public", folder === "writings" ? r.quota(n, ESSAY_PUBLIC) : new Array(n).fill(null));
  columns.set(
    "blockquote",
    r.quota(n, [
      [true, BLOCKQUOTE[fi]],
      [false, 1 - BLOCKQUOTE[fi]],
    ]),
  );
  columns.set(
    "summary",
    r.quota(n, [
      [true, SUMMARY[fi]],
      [false, 1 - SUMMARY[fi]],
    ]),
  );
  // Drawn last so that the other columns of every group keep their draws.
  if (group.declaredKind && group.declaredKindShare !== undefined) {
    columns.set(
      "declaresKind",
      r.quota(n, [
        [true, group.declaredKindShare],
        [false, 1 - group.declaredKindShare],
      ]),
    );
  }
  return (k) => {
    const out = new Map<string, unknown>();
    for (const [field, values] of columns) out.set(field, values[k]);
    return out;
  };
}

export function folderOf(group: GroupProfile): Folder {
  for (const [folder, groups] of Object.entries(GROUPS) as [Folder, readonly GroupProfile[]][]) {
    if (groups.includes(group)) return folder;
  }
  throw new Error(`group ${group.dir} belongs to no folder`);
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");
}

function isoDay(r: Random): string {
  // 2024-01-01 .. 2026-11-20, whole days.
  const start = Date.UTC(2024, 0, 1);
  const days = r.int(0, 1054);
  return new Date(start + days * 86400000).toISOString().slice(0, 10);
}

function epochFor(day: string): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const months = (y - 2024) * 12 + (m - 1);
  return `E${String(1 + Math.floor(months / 4)).padStart(4, "0")}`;
}

function titleFor(r: Random, group: GroupProfile, day: string): string {
  const a = () => capitalize(r.pick(ADJECTIVES));
  const nn = () => capitalize(r.pick(NOUNS));
  const t = () => capitalize(r.pick(TOPICS));
  const base = r.weighted<() => string>([
    [() => `The ${a()} ${nn()}`, 2],
    [() => `${t()} and the ${a()} ${nn()}`, 2],
    [
      () =>
        `Why ${capitalize(plural(r.pick(NOUNS)))} ${baseVerb(r.pick(VERBS))} ${capitalize(plural(r.pick(NOUNS)))}`,
      1,
    ],
    [() => `${t()}: ${capitalize(phrase(r))}`, 2],
    [() => `On ${r.pick(TOPICS)}`, 1],
    [() => `${nn()} Before ${nn()}`, 1],
  ])();
  switch (group.dir) {
    case "odd/journal/":
    case "odd/sessions/":
      return `Session ${day}: ${capitalize(phrase(r))}`;
    case "odd/ledger/":
      return `Ledger ${epochFor(day)}: ${capitalize(phrase(r))}`;
    case "odd/handoffs/":
      return `Handoff: ${capitalize(phrase(r))}`;
    case "odd/challenge/":
      return `Challenge: ${base}${r.chance(0.4) ? ` (${phrase(r)})` : ""}`;
    case "odd/gate/":
      return `Gate: ${base}${r.chance(0.4) ? ` (${phrase(r)})` : ""}`;
    case "canon/constraints/":
      return `Constraint: ${base}${r.chance(0.4) ? `, ${phrase(r)}` : ""}`;
    case "canon/definitions/":
      return `Definition: ${nn()}${r.chance(0.6) ? ` and ${capitalize(phrase(r))}` : ""}`;
    case "docs/howto/":
      return `How to ${baseVerb(r.pick(VERBS))} the ${r.pick(NOUNS)}`;
    default:
      return r.chance(0.5) ? `${base}: ${capitalize(phrase(r))}` : base;
  }
}

function fileFor(group: GroupProfile, title: string, day: string): string {
  const slug = slugify(
    title.replace(/^(Session \d{4}-\d{2}-\d{2}|Ledger E\d+|Handoff|Challenge|Gate):\s*/, ""),
  );
  if (group.dir === "odd/journal/" || group.dir === "odd/sessions/") return `${day}-${slug}.md`;
  if (group.dir === "odd/ledger/") return `${epochFor(day)}-${slug}.md`;
  return `${slug}.md`;
}

/**
 * Per base path, the suffix a previous probe stopped at: suffixes below it
 * were all taken then and paths are never released, so probing resumes there
 * with the same result as from 2, without the quadratic rescans that made
 * planning 100,000 documents take hours (titles repeat a lot at that size).
 */
const probedUpTo = new WeakMap<Set<string>, Map<string, number>>();

function uniquePath(dir: string, file: string, used: Set<string>): string {
  let path = dir + file;
  if (!used.has(path)) {
    used.add(path);
    return path;
  }
  const memo = probedUpTo.get(used) ?? new Map<string, number>();
  probedUpTo.set(used, memo);
  const base = dir + file;
  let i = memo.get(base) ?? 2;
  for (; ; i++) {
    path = `${dir}${file.replace(/\.md$/, "")}-${i}.md`;
    if (!used.has(path)) break;
  }
  memo.set(base, i + 1);
  used.add(path);
  return path;
}

function planDocument(
  r: Random,
  index: number,
  group: GroupProfile,
  draw: Map<string, unknown> | null,
  special: Special | undefined,
  used: Set<string>,
): PlannedDoc {
  const folder = folderOf(group);
  const fi = FOLDER_INDEX[folder];
  const day = isoDay(r);
  let title = special?.title ?? titleFor(r, group, day);
  const path = special ? special.dir + special.file : uniquePath(group.dir, fileFor(group, title, day), used);
  const [bodyMedian, bodyP90] = BODY[fi]!;
  const doc: PlannedDoc = {
    index,
    folder,
    group,
    path,
    title,
    fields: null,
    yamlStyle: special?.yamlStyle ?? "plain",
    inlineTags: true,
    hasH1: draw !== null || folder !== "other" || r.chance(0.5),
    blockquoteChars: null,
    summaryChars: null,
    bodyChars: r.lengthAround(bodyMedian, bodyP90, 600, 90000),
  };
  if (draw === null) {
    // No frontmatter: the text tiers follow the folder's rates directly.
    if (doc.hasH1 && r.chance(BLOCKQUOTE[fi]))
      doc.blockquoteChars = r.lengthAround(388, 762, 60, BLOCKQUOTE_MAX_TARGET);
    if (r.chance(SUMMARY[fi])) doc.summaryChars = r.lengthAround(1000, 1842, 200, 4000);
    return doc;
  }
  if (draw.get("blockquote") === true)
    doc.blockquoteChars = r.lengthAround(388, 762, 60, BLOCKQUOTE_MAX_TARGET);
  if (draw.get("summary") === true) doc.summaryChars = r.lengthAround(1000, 1842, 200, 4000);
  if (draw.get("escapedQuote") === true && !special) {
    title = `The "${r.pick(ADJECTIVES)}" ${r.pick(NOUNS)}: ${phrase(r)}`;
    doc.title = title;
  }
  const tagStyle = draw.get("tagStyle");
  doc.inlineTags = tagStyle === "inline";
  if (tagStyle === "unindented" && doc.yamlStyle === "plain") doc.yamlStyle = "tags-unindented";

  const has = (field: string) => draw.get(field) === true;
  const f = new Map<string, FieldValue>();
  const slug = path.slice(path.lastIndexOf("/") + 1).replace(/\.md$/, "");
  if (has("title") || special) f.set("title", title);
  if (has("subtitle")) f.set("subtitle", capitalize(phrase(r)));
  const uriMode = special ? "klappy" : draw.get("uri");
  const bare = path.replace(/\.md$/, "");
  if (uriMode === "klappy") f.set("uri", `klappy://${bare}`);
  if (uriMode === "other") f.set("uri", `${r.pick(["oddkit://", "odd://"])}${bare}`);
  if (has("slug")) f.set("slug", slug.toLowerCase());
  if (group.declaredKind && draw.get("declaresKind") !== false) f.set("kind", group.declaredKind);
  for (const key of ["audience", "exposure", "tier"] as const) {
    const value = draw.get(key);
    if (value !== null && value !== undefined) f.set(key, value as string | number);
  }
  if (has("voice"))
    f.set("voice", r.pick(["neutral", "first-person", "instructional", "reflective", "klappy"]));
  if (has("stability")) f.set("stability", r.pick(["stable", "stable", "evolving", "draft", "experimental"]));
  if (has("status"))
    f.set("status", r.pick(["active", "accepted", "proposed", "open", "closed", "archived"]));
  if (has("type")) f.set("type", typeFor(r, group));
  if (has("epoch")) f.set("epoch", epochFor(day));
  if (has("date")) {
    f.set(
      "date",
      r.weighted<FieldValue>([
        [{ raw: day }, 80],
        [{ raw: `"${day}"` }, 15],
        [
          {
            raw: `${day}T${String(r.int(6, 22)).padStart(2, "0")}:${String(r.int(0, 59)).padStart(2, "0")}:00Z`,
          },
          5,
        ],
      ]),
    );
  }
  if (has("author")) f.set("author", r.chance(0.8) ? "Klappy" : r.pick(NAMES));
  const isPublic = draw.get("public");
  if (typeof isPublic === "boolean") f.set("public", isPublic);
  if (has("start_here")) {
    f.set("start_here", true);
    f.set("start_here_order", r.int(1, 12));
    f.set("start_here_label", capitalize(phrase(r)));
  }
  if (has("tags") || doc.yamlStyle === "broken-tags-after-keys") f.set("tags", tagsFor(r));
  const essay = folder === "writings";
  if (has("description")) f.set("description", sentences(r, essay ? r.int(150, 320) : r.int(110, 220)));
  if (has("hook")) f.set("hook", sentences(r, r.int(90, 200)));
  if (has("target_repo"))
    f.set(
      "target_repo",
      r.pick(["klappy/oddkit", "klappy/klappy.dev", "klappy/oddkit-sdk", "klappy/aquifer"]),
    );
  if (has("execution_posture")) f.set("execution_posture", r.pick(["advisory", "enforced", "experimental"]));
  if (has("relevance"))
    f.set("relevance", r.chance(0.5) ? r.pick(["high", "medium", "low"]) : sentences(r, 80));
  if (has("provenance")) f.set("provenance", `Distilled from session ${isoDay(r)} with ${r.pick(NAMES)}`);
  if (has("og_title")) f.set("og_title", title);
  if (has("og_description")) f.set("og_description", sentences(r, r.int(150, 300)));
  if (has("og_type")) f.set("og_type", "article");
  if (has("og_image")) f.set("og_image", `https://klappy.dev/og/${slug.toLowerCase()}.png`);
  if (has("twitter_card")) f.set("twitter_card", "summary_large_image");
  if (has("twitter_title")) f.set("twitter_title", title);
  if (has("twitter_description")) f.set("twitter_description", sentences(r, r.int(130, 260)));
  if (has("twitter_image")) f.set("twitter_image", `https://klappy.dev/og/${slug.toLowerCase()}.png`);
  // Link fields are filled once every path is known (see linkDocuments); mark them here.
  for (const key of ["derives_from", "complements", "related", "governs", "supersedes"]) {
    if (has(key)) f.set(key, []);
  }
  for (const [key, value] of Object.entries(special?.fields ?? {})) f.set(key, value);

  const ordered: [string, FieldValue][] = [];
  for (const key of FIELD_ORDER) {
    const value = f.get(key);
    if (value !== undefined) ordered.push([key, value]);
  }
  for (const key of LONG_TAIL_KEYS) {
    if (r.chance(LONG_TAIL_RATE[fi])) ordered.push([key, longTailValue(r, key)]);
  }
  doc.fields = ordered;
  return doc;
}

function typeFor(r: Random, group: GroupProfile): string {
  if (group.dir.startsWith("canon/")) return r.pick(["principle", "constraint", "definition", "method"]);
  if (group.dir.startsWith("docs/")) return r.pick(["guide", "reference", "howto", "runbook"]);
  if (group.dir.startsWith("odd/")) return r.pick(["journal", "handoff", "ledger", "decision"]);
  if (group.dir.startsWith("writings/")) return "essay";
  return r.pick(["page", "skill", "script"]);
}

const COMMON_TAGS = [...TOPICS.map((t) => t.replace(/ /g, "-")), ...NOUNS];

function tagsFor(r: Random): string[] {
  const count = r.lengthAround(7, 10, 1, 16);
  const tags = new Set<string>();
  for (let guard = 0; tags.size < count && guard < 100; guard++) {
    tags.add(
      r.chance(0.7) ? r.pickSkewed(COMMON_TAGS, 1.8) : `${r.pick(ADJECTIVES)}-${r.pickSkewed(NOUNS, 1.2)}`,
    );
  }
  return [...tags];
}

function longTailValue(r: Random, key: string): FieldValue {
  switch (key) {
    case "version":
      return `${r.int(0, 3)}.${r.int(0, 12)}.${r.int(0, 9)}`;
    case "series_order":
    case "reading_time":
    case "word_count":
    case "weight":
    case "priority":
      return r.int(1, key === "word_count" ? 9000 : 20);
    case "reviewers":
    case "participants":
    case "aliases":
    case "keywords":
      return [r.pick(NAMES), r.pick(NAMES)].filter((v, i, a) => a.indexOf(v) === i);
    case "last_reviewed":
    case "updated":
    case "created":
      return { raw: isoDay(r) };
    default:
      return capitalize(phrase(r));
  }
}

/** Fill the link fields with URIs and paths of other planned documents. */
function linkDocuments(r: Random, docs: PlannedDoc[]): void {
  const canonUris = docs
    .filter((d) => d.folder === "canon")
    .map((d) => `klappy://${d.path.replace(/\.md$/, "")}`);
  const allUris = docs.map((d) => `klappy://${d.path.replace(/\.md$/, "")}`);
  const allPaths = docs.map((d) => d.path);
  const pickSome = (pool: readonly string[], min: number, max: number) => {
    const out = new Set<string>();
    const want = r.int(min, max);
    for (let guard = 0; out.size < want && guard < 20 && pool.length > 0; guard++)
      out.add(r.pickSkewed(pool, 1.5));
    return [...out];
  };
  for (const doc of docs) {
    if (!doc.fields) continue;
    for (const entry of doc.fields) {
      const [key, value] = entry;
      if (!Array.isArray(value) || value.length > 0) continue;
      if (key === "derives_from") entry[1] = pickSome(canonUris.length > 0 ? canonUris : allUris, 1, 3);
      if (key === "complements") entry[1] = pickSome(allUris, 1, 3);
      if (key === "related") entry[1] = pickSome(allPaths, 1, 3);
      if (key === "supersedes") entry[1] = [`${doc.path.replace(/\.md$/, "")}-draft`];
      if (key === "governs") {
        entry[1] = pickSome(
          [
            "odd/handoffs/**",
            "odd/ledger/**",
            "docs/**",
            "writings/**",
            "canon/constraints/**",
            ...canonUris,
          ],
          1,
          3,
        );
      }
    }
  }
}

/**
 * The migration decisions: each legacy behaviour the contract deliberately
 * changed (repository paths, cut listings, path order, raw content, the legacy
 * hash, error strings, rollups) is a choice a repository makes once, named here
 * with its values, the recommended one and its exact effect. Declared as data:
 * the CLI's `--decide`, the `oddkit-migrate.json` file, `--plan`'s report and
 * docs/codemods.md's table all read this one table.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { OddkitError } from "oddkit-sdk";

/** One value of a decision: what the migrated code does, said once. */
export interface DecisionValue {
  readonly value: string;
  /** The behaviour change, as a user reads it before choosing. */
  readonly effect: string;
}

export interface Decision {
  readonly name: DecisionName;
  /** What legacy behaviour the decision is about. */
  readonly about: string;
  readonly values: readonly DecisionValue[];
  readonly recommended: string;
  /** What `--plan` shows of it on the user's own knowledge base. */
  readonly plan: string;
}

export const DECISION_NAMES = [
  "paths",
  "listings",
  "order",
  "content",
  "hash",
  "errors",
  "rollups",
  "frontmatter",
] as const;
export type DecisionName = (typeof DECISION_NAMES)[number];

export const DECISIONS: Readonly<Record<DecisionName, Decision>> = {
  paths: {
    name: "paths",
    about: "code that reads an entry's repository `path` (hrefs, sitemap URLs, source links, slugs)",
    values: [
      {
        value: "uri",
        effect:
          "the path is derived from the URI (`pathForKlappyUri`); a document whose declared uri does not name its file gets another URL",
      },
    ],
    recommended: "uri",
    plan: "the documents whose URL would change: their URI does not name their path (by title, URI, old and new path)",
  },
  listings: {
    name: "listings",
    about:
      "legacy cut listings: the fat catalog's 500 cap before a client filter, legacy page sizes, the 5-hit search",
    values: [
      {
        value: "complete",
        effect: "the listing is complete (helpers / paged calls): documents the cut never showed appear",
      },
      {
        value: "explicit-limit",
        effect: "the legacy size becomes an explicit limit: the same cut, said in the call",
      },
    ],
    recommended: "complete",
    plan: "the documents the legacy fat catalog's first page never showed that a complete listing lists",
  },
  order: {
    name: "order",
    about: "code that relies on the legacy listing order (0.28.x sorted paths in locale order)",
    values: [
      {
        value: "resort",
        effect:
          "a client-side re-sort on the derived path keeps the legacy order (exact where `paths` is exact)",
      },
      { value: "contract", effect: "the contract's order is accepted (code-unit path order)" },
    ],
    recommended: "resort",
    plan: "the documents whose position changes in the contract's order, and after a re-sort on the derived path",
  },
  content: {
    name: "content",
    about: "get's raw `content` (the file with its frontmatter)",
    values: [
      { value: "body", effect: "`content` becomes `data.body` (frontmatter on request through `metadata`)" },
      {
        value: "markdown",
        effect:
          "`content` is reassembled as `---` YAML `---` + body: not byte-identical (YAML re-serialised)",
      },
    ],
    recommended: "body",
    plan: "how many documents carry frontmatter (their content differs from the body)",
  },
  hash: {
    name: "hash",
    about: "legacy `content_hash` values (stored, compared)",
    values: [
      {
        value: "contract",
        effect:
          "the contract's content_hash (an opaque revision identity): every stored legacy hash differs once",
      },
    ],
    recommended: "contract",
    plan: "how many documents' stored hashes will differ once (all of them)",
  },
  errors: {
    name: "errors",
    about: "legacy `error` strings and `NOT_FOUND` / `FOUND`-with-warning statuses",
    values: [
      {
        value: "contract",
        effect:
          "the contract's error results / typed errors (`error_code`, `OddkitNotFoundError`) replace the strings",
      },
    ],
    recommended: "contract",
    plan: "the call sites that read a legacy error field",
  },
  rollups: {
    name: "rollups",
    about: "the fat catalog's `start_here` and `categories` rollups",
    values: [
      {
        value: "compute",
        effect:
          "`start_here` becomes the `start_here: true` filter; `categories` is computed from a metadata listing (its cost stated)",
      },
      { value: "remove", effect: "the rollups are dropped from the migrated code" },
    ],
    recommended: "compute",
    plan: "the legacy start_here beside the start_here filter's answer, the category count and the metadata listing's cost",
  },
  frontmatter: {
    name: "frontmatter",
    about:
      "code that reads a listed entry's frontmatter (`metadata`): 0.28.x's reader read lists, maps and multi-line text otherwise than YAML does",
    values: [
      {
        value: "contract",
        effect:
          "`metadata` is the contract's, the frontmatter as YAML reads it: a field 0.28.x read otherwise (a block list as empty, say) reads as written",
      },
    ],
    recommended: "contract",
    plan: "the documents whose frontmatter 0.28.x read otherwise (by title and URI)",
  },
};

/** Chosen values by decision name; a decision left out is not taken (its sites stay flagged). */
export type DecisionChoices = Partial<Readonly<Record<DecisionName, string>>>;

/** A decision name or value that does not exist, or a decisions file that does not parse. */
export class MigrateDecisionError extends OddkitError {
  override readonly name = "MigrateDecisionError";
}

function checkChoice(name: string, value: string, where: string): [DecisionName, string] {
  if (!(DECISION_NAMES as readonly string[]).includes(name))
    throw new MigrateDecisionError(
      `${where}: no decision named '${name}'; decisions are ${DECISION_NAMES.join(", ")}`,
    );
  const decision = DECISIONS[name as DecisionName];
  const values = decision.values.map((v) => v.value);
  if (!values.includes(value))
    throw new MigrateDecisionError(
      `${where}: '${value}' is not a value of ${name}; its values are ${values.join(", ")} (recommended: ${decision.recommended})`,
    );
  return [decision.name, value];
}

/** `--decide recommended`, or `--decide name=value,…` (the two may be combined: later entries win). */
export function parseDecide(text: string): DecisionChoices {
  const choices: Partial<Record<DecisionName, string>> = {};
  for (const part of text.split(",").map((p) => p.trim())) {
    if (part === "") continue;
    if (part === "recommended") {
      for (const d of Object.values(DECISIONS)) choices[d.name] = d.recommended;
      continue;
    }
    const eq = part.indexOf("=");
    if (eq <= 0)
      throw new MigrateDecisionError(
        `--decide: '${part}' is not name=value or 'recommended' (e.g. --decide paths=uri,listings=complete)`,
      );
    const [name, value] = checkChoice(part.slice(0, eq).trim(), part.slice(eq + 1).trim(), "--decide");
    choices[name] = value;
  }
  return choices;
}

/** The committed decisions file a pull-request job reads (`oddkit-migrate.json` at the repository root). */
export const DECISIONS_FILE = "oddkit-migrate.json";

const FILE_SHAPE = `expected { "decisions": "recommended" } or { "decisions": { "paths": "uri", … } }`;

/** The file's `decisions` member, checked for shape (names and values are checked after). */
function decisionsMember(json: unknown): "recommended" | Record<string, unknown> {
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw new MigrateDecisionError(`${DECISIONS_FILE}: ${FILE_SHAPE}`);
  const extra = Object.keys(json).filter((k) => k !== "decisions" && k !== "$schema");
  if (extra.length > 0)
    throw new MigrateDecisionError(
      `${DECISIONS_FILE}: unknown key ${extra.map((k) => `'${k}'`).join(", ")}; ${FILE_SHAPE}`,
    );
  const { decisions } = json as { decisions?: unknown };
  if (decisions === "recommended") return decisions;
  if (typeof decisions !== "object" || decisions === null || Array.isArray(decisions))
    throw new MigrateDecisionError(`${DECISIONS_FILE}: ${FILE_SHAPE}`);
  return decisions as Record<string, unknown>;
}

/** The decisions a folder's `oddkit-migrate.json` takes, or null when it has none. */
export function readDecisionsFile(dir: string): DecisionChoices | null {
  const path = join(dir, DECISIONS_FILE);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new MigrateDecisionError(`${DECISIONS_FILE}: cannot be read (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new MigrateDecisionError(`${DECISIONS_FILE}: not JSON (${(error as Error).message})`);
  }
  const decisions = decisionsMember(json);
  if (decisions === "recommended") return parseDecide("recommended");
  const choices: Partial<Record<DecisionName, string>> = {};
  for (const [name, value] of Object.entries(decisions)) {
    if (typeof value !== "string")
      throw new MigrateDecisionError(`${DECISIONS_FILE}: decisions.${name} must be a string value`);
    const [checked, v] = checkChoice(name, value, DECISIONS_FILE);
    choices[checked] = v;
  }
  return choices;
}

/** The decisions as the Markdown table docs/codemods.md carries (a test holds the two equal). */
export function decisionsTable(): string {
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const rows = Object.values(DECISIONS).map(
    (d) =>
      `| \`${d.name}\` | ${cell(d.about)} | ${d.values.map((v) => `\`${v.value}\`: ${cell(v.effect)}`).join("<br>")} | \`${d.recommended}\` | ${cell(d.plan)} |`,
  );
  return [
    "| decision | about | values and exact effect | recommended | what `--plan` shows |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

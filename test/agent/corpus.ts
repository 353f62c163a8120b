/**
 * Knowledge bases for the agent tests, built in memory: a reference server
 * over a list of files, and a way to serve an edited copy of the same list
 * (the "live" server after the corpus changed between retrieval and
 * admission).
 */
import { createOddkitClient, type OddkitClient } from "../../src/client/index.js";
import { corpusFromFiles } from "../../src/corpus/index.js";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";

export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

export interface Served {
  readonly server: ReferenceServer;
  readonly client: OddkitClient;
  close(): Promise<void>;
}

export async function serve(files: readonly SourceFile[], version?: string): Promise<Served> {
  const server = await createReferenceServer({
    corpus: corpusFromFiles(files),
    ...(version ? { version } : {}),
  });
  const client = createOddkitClient({ server });
  return {
    server,
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

const fm = (fields: Record<string, string | number | boolean | string[]>) =>
  `---\n${Object.entries(fields)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? `[${v.join(", ")}]` : String(v)}`)
    .join("\n")}\n---\n`;

const SENTENCES = [
  "Caching trades freshness for speed, and the trade must be stated.",
  "A budget that is not measured is a wish, not a bound.",
  "Links keep a document addressable where a cut would hide it.",
  "Evidence is checked again at the moment it enters a prompt.",
  "Scores from different rankings are not comparable confidences.",
  "Token budgets decide what an agent can read before it acts.",
];

/** A body of roughly `sentences` sentences (deterministic). */
export function body(seed: number, sentences: number): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) out.push(SENTENCES[(seed + i * 7) % SENTENCES.length] as string);
  return out.join(" ");
}

export function doc(
  path: string,
  title: string,
  fields: Record<string, string | number | boolean | string[]>,
  text: { blockquote?: string; body: string },
): SourceFile {
  const quote = text.blockquote ? `> ${text.blockquote}\n\n` : "";
  return { path, text: `${fm({ title, ...fields })}# ${title}\n\n${quote}${text.body}\n` };
}

/**
 * Twenty-four documents across canon, docs, essays and journals, with a
 * constraint, a definition of done, public and draft essays, and bodies from
 * one to forty sentences, so that budgets cut at different places.
 */
export function agentCorpus(): SourceFile[] {
  const files: SourceFile[] = [
    doc(
      "canon/constraints/no-silent-cuts.md",
      "Never cut silently",
      { audience: "canon", exposure: "nav", tier: 1, type: "constraint", tags: ["constraints", "budgets"] },
      { blockquote: "Read before delivering any bounded context.", body: body(1, 12) },
    ),
    doc(
      "canon/constraints/evidence-recheck.md",
      "Recheck evidence at admission",
      { audience: "canon", exposure: "nav", tier: 1, type: "constraint", tags: ["evidence"] },
      { blockquote: "Use when building a prompt from retrieved evidence.", body: body(2, 9) },
    ),
    doc(
      "canon/definition-of-done.md",
      "Definition of done",
      { audience: "canon", exposure: "nav", tier: 1 },
      { body: "Tests pass on the reference server, docs show measured figures, every cut is named." },
    ),
  ];
  for (let i = 0; i < 8; i++) {
    files.push(
      doc(
        `writings/essay-${String(i).padStart(2, "0")}.md`,
        `Essay ${i} on token budgets and caching`,
        {
          audience: "public",
          exposure: i % 4 === 3 ? "draft" : "public",
          public: true,
          tier: 1 + (i % 3),
          date: `2026-0${1 + (i % 9)}-1${i % 10}`,
          start_here: i < 2,
        },
        {
          blockquote: i % 3 === 2 ? undefined : `Follow when you need essay ${i}'s argument about budgets.`,
          body: body(i, 1 + ((i * 13) % 40)),
        },
      ),
    );
  }
  for (let i = 0; i < 7; i++) {
    files.push(
      doc(
        `docs/guide-${i}.md`,
        `Guide ${i}: caching budgets for agents`,
        { audience: "docs", exposure: i === 6 ? "internal" : "nav", tier: 2 },
        { blockquote: `Guide ${i}: how to set a token budget.`, body: body(i + 3, 2 + ((i * 11) % 30)) },
      ),
    );
  }
  for (let i = 0; i < 6; i++) {
    files.push(
      doc(
        `odd/ledger/entry-${i}.md`,
        `Journal entry ${i} about caching`,
        { audience: "odd", exposure: "nav", tier: 3 },
        { blockquote: `What happened on day ${i}.`, body: body(i + 5, 3 + i * 4) },
      ),
    );
  }
  return files;
}

/** The same files with one replaced (by path) or removed (text null). */
export function edited(files: readonly SourceFile[], path: string, text: string | null): SourceFile[] {
  if (!files.some((f) => f.path === path)) throw new Error(`edited: no file ${path}`);
  return files.flatMap((f) => (f.path !== path ? [f] : text === null ? [] : [{ path, text }]));
}

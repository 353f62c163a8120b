/**
 * A small knowledge base built in memory, with one document for each case
 * the server must handle: every kind, a kind override, apocrypha, a
 * supersession chain in all three reference forms, a cycle, a dangling
 * successor, no frontmatter, a README, a constraint, a definition of done.
 */
import { corpusFromFiles } from "../../src/corpus/index.js";
import type { Corpus } from "../../src/corpus/types.js";

const doc = (fm: string, body: string) => (fm ? `---\n${fm}\n---\n${body}` : body);

export const FIXTURE_FILES: { path: string; text: string }[] = [
  {
    path: "canon/principles/caching.md",
    text: doc(
      "title: Cache what you fetch\naudience: canon\nexposure: nav\ntier: 2\ntags: [caching, performance]\ndate: 2026-03-01\nepoch: E0007",
      "# Cache what you fetch\n\n> Fetch once, parse once, serve many times.\n\nA fetch that repeats is wasted work. Caching at the edge with a TTL fitted to the update tempo amortises the cost over many requests.\n\n## Summary\n\nCache fetches and parses; choose the TTL from the update tempo.\n\n## Details\n\nMore words about eviction and staleness.\n",
    ),
  },
  {
    path: "canon/constraints/no-silent-truncation.md",
    text: doc(
      "title: Never truncate silently\naudience: canon\nexposure: nav\ntier: 1\ntype: constraint\ntags: [constraints]",
      "# Never truncate silently\n\n> A response that drops data must say so.\n\nWhen a limit is exceeded, answer an explicit error naming the limit.\n",
    ),
  },
  {
    path: "canon/definition-of-done.md",
    text: doc(
      "title: Definition of done\naudience: canon\nexposure: nav\ntier: 1",
      "# Definition of done\n\nTests pass, docs updated, evidence attached.\n",
    ),
  },
  {
    path: "canon/apocrypha/old-myth.md",
    text: doc(
      "title: An old myth about caching\naudience: apocrypha\nexposure: nav\ntier: 3",
      "# An old myth about caching\n\nCaching is always premature optimisation.\n",
    ),
  },
  {
    path: "docs/README.md",
    text: doc(
      "title: Docs README\naudience: docs\nexposure: nav\ntier: 2\ntags: [meta]",
      "# Docs README\n\nWhere the documentation lives and how to read it.\n",
    ),
  },
  {
    path: "docs/getting-started.md",
    text: doc(
      "title: Getting started with oddkit\naudience: docs\nexposure: public\ntier: 1\nstart_here: true\ndate: 2026-05-02",
      "# Getting started with oddkit\n\n> Install, connect, call search.\n\nFirst connect a client, then search the canon for caching guidance.\n",
    ),
  },
  {
    path: "docs/old-guide.md",
    text: doc(
      "title: Old guide\naudience: docs\nexposure: nav\ntier: 2\nsuperseded_by: docs/middle-guide.md\nsuperseded_at: 2026-01-10",
      "# Old guide\n\nThe first guide.\n",
    ),
  },
  {
    path: "docs/middle-guide.md",
    text: doc(
      "title: Middle guide\naudience: docs\nexposure: nav\ntier: 2\nsuperseded_by: docs/new-guide",
      "# Middle guide\n\nThe second guide.\n",
    ),
  },
  {
    path: "docs/new-guide.md",
    text: doc(
      "title: New guide\naudience: docs\nexposure: nav\ntier: 2",
      "# New guide\n\nThe current guide.\n",
    ),
  },
  {
    path: "docs/loop-a.md",
    text: doc("title: Loop A\naudience: docs\nsuperseded_by: klappy://docs/loop-b", "# Loop A\n\nA.\n"),
  },
  {
    path: "docs/loop-b.md",
    text: doc("title: Loop B\naudience: docs\nsuperseded_by: docs/loop-a.md", "# Loop B\n\nB.\n"),
  },
  {
    path: "docs/dangling.md",
    text: doc(
      "title: Dangling\naudience: docs\nsuperseded_by: docs/missing-successor",
      "# Dangling\n\nGone.\n",
    ),
  },
  {
    path: "odd/handoffs/2026-05-01-session.md",
    text: doc(
      "title: Session handoff on caching\naudience: odd\nexposure: nav\ntier: 3\ndate: 2026-05-01",
      "# Session handoff on caching\n\nWe discussed caching the catalog at the edge.\n",
    ),
  },
  {
    path: "odd/challenge/promoted.md",
    text: doc(
      "title: Challenge types\naudience: canon\nexposure: nav\ntier: 2\nkind: canon",
      "# Challenge types\n\nA journal-path document promoted to canon by its frontmatter kind.\n",
    ),
  },
  {
    path: "writings/on-caching.md",
    text: doc(
      "title: On caching\nuri: klappy://writings/on-caching\naudience: public\nexposure: public\ntier: 1\npublic: true\nstart_here: true\ntags: [caching, essays]\ndate: 2026-04-15",
      "# On caching\n\n> An essay on why the fat catalog cost so much.\n\nEvery render pulled the whole catalog. Caching fixed the symptom; the contract fixed the cause.\n\n## Summary — the short version\n\nAsk for less, cache what you ask for.\n",
    ),
  },
  {
    path: "writings/untitled-notes.md",
    text: "Just some notes without frontmatter about caching and cost.\n\nSecond paragraph.\n",
  },
  {
    path: "writings/hidden.md",
    text: doc("title: Hidden\nexposure: noindex", "# Hidden\n\nNever served.\n"),
  },
  {
    path: "public/landing.md",
    text: doc("title: Landing page\naudience: public", "# Landing page\n\nOutside every kind folder.\n"),
  },
];

export function fixtureCorpus(): Corpus {
  return corpusFromFiles(FIXTURE_FILES, { root: "" });
}

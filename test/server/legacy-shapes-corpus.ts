/**
 * Documents written the way real knowledge bases write frontmatter (the
 * shapes of issue 11 §4), for the golden comparison against the 0.28.x
 * handler: flow maps and flow sequences of maps, multi-line plain scalars,
 * quoted values with colons and `#`, block lists of maps, nested maps, empty
 * values, booleans and numbers, a `uri` that does not name the path, and
 * sibling folders sharing a prefix (`fragments/` and
 * `fragments-of-the-canon/`) whose READMEs compete for `start_here`.
 */
import { corpusFromFiles } from "../../src/corpus/index.js";
import type { Corpus } from "../../src/corpus/types.js";

const doc = (fm: string, body: string) => `---\n${fm}\n---\n${body}`;

export const LEGACY_SHAPES_FILES: { path: string; text: string }[] = [
  {
    path: "canon/fragments/README.md",
    text: doc(
      'title: "Fragments: the short pieces"\naudience: canon\ntags: [fragments, index]\ndate: 2026-02-01',
      "# Fragments\n\n> Short pieces that did not grow into essays.\n\nEach fragment stands alone.\n",
    ),
  },
  {
    path: "canon/fragments-of-the-canon/README.md",
    text: doc(
      "title: Fragments of the canon\naudience: canon\ntags:\n  - fragments\n  - canon\ndate: 2026-02-03",
      "# Fragments of the canon\n\nPieces quoted from the canon, kept apart from the fragments folder.\n",
    ),
  },
  {
    path: "canon/fragments/on-weights.md",
    text: doc(
      "title: On weights\nuri: klappy://canon/fragments/weights\nassets: {hero: /img/weights.png, alt: A balance}\nreceipts: [{claim: weights drift, source: ledger}, {claim: measure twice, source: notebook}]\ntags: [measurement]\ndate: 2026-03-04",
      "# On weights\n\nA weight measured once drifts. Measure it again before trusting it.\n\nSecond line about weights and measures.\n",
    ),
  },
  {
    path: "canon/fragments-of-the-canon/quoted.md",
    text: doc(
      "title: Quoted from the canon\ndescription: This description runs\n  over two lines as a plain scalar\n  and a third one\nepoch: E0008\ntier: 2",
      "# Quoted from the canon\n\nA quotation with its source, kept as a fragment.\n",
    ),
  },
  {
    path: "docs/QUICKSTART.md",
    text: doc(
      "title: Quickstart\naudience: docs\nexposure: public\nstart_here: true\ndraft: false\nweight: 3\nratio: 0.5",
      "# Quickstart\n\nInstall, connect, then call search with a short query.\n",
    ),
  },
  {
    path: "docs/colon-values.md",
    text: doc(
      "title: 'Colons: in a title, and a # mark'\nsummary: \"Quoted: with a colon\"\nnote: value with # a hash comment\nurl: https://example.com/a:b\nempty:\nlisted: []\nmapped: {}",
      "# Colons\n\nValues that carry colons, quotes and hash marks.\n",
    ),
  },
  {
    path: "docs/block-receipts.md",
    text: doc(
      "title: Block receipts\nreceipts:\n  - claim: the catalog was fat\n    source: telemetry\n  - claim: the contract fixed it\n    source: ledger\nowner:\n  name: Klappy\n  role: author\ntags: [receipts]",
      "# Block receipts\n\nReceipts written as a block list of maps, and an owner as a nested map.\n",
    ),
  },
  {
    path: "writings/a-very-long-essay-file-name-about-measuring-what-matters.md",
    text: doc(
      "title: Measuring what matters\nuri: klappy://writings/measuring\naudience: public\nexposure: public\ntags: [measurement, essays]\ndate: 2026-04-10\nfolded: >\n  a folded scalar\n  over lines\nliteral: |\n  line one\n  line two",
      "# Measuring what matters\n\n> What you measure is what you manage; measure the tokens.\n\nThe fat catalog cost 112K tokens a call. Measuring it was the first step.\n",
    ),
  },
  {
    path: "writings/notes-without-title.md",
    text: "Notes with no frontmatter and no heading, about weights.\n\nA second paragraph.\n",
  },
  {
    path: "odd/README.md",
    text: doc(
      "title: ODD journals\nuri: klappy://public/odd",
      "# ODD journals\n\nSession journals and handoffs.\n",
    ),
  },
];

export function legacyShapesCorpus(): Corpus {
  return corpusFromFiles(LEGACY_SHAPES_FILES);
}

/** The calls compared against the 0.28.x handler (params as a legacy caller sends them). */
export const LEGACY_SHAPES_CASES: Record<string, Record<string, unknown>> = {
  "catalog-plain": { action: "catalog", input: "" },
  "catalog-path-all": { action: "catalog", input: "", sort_by: "path", limit: 500 },
  "catalog-date": { action: "catalog", input: "", sort_by: "date", limit: 500 },
  "catalog-epoch": { action: "catalog", input: "", sort_by: "path", filter_epoch: "E0008" },
  "search-weights": { action: "search", input: "weights" },
  "search-metadata": { action: "search", input: "measuring weights", include_metadata: true },
  "search-phrase": { action: "search", input: "fat catalog" },
  "search-near-empty": { action: "search", input: "the weights of xylophones" },
  "search-stopwords": { action: "search", input: "the and of" },
  "get-flow": { action: "get", input: "klappy://canon/fragments/on-weights", include_metadata: true },
  "get-declared-uri": { action: "get", input: "klappy://writings/measuring" },
  "get-multiline": { action: "get", input: "canon/fragments-of-the-canon/quoted", include_metadata: true },
  "resolve-declared-uri": { action: "resolve", input: "klappy://canon/fragments/weights" },
  "resolve-long-name": { action: "resolve", input: "klappy://writings/measuring" },
  preflight: { action: "preflight", input: "preflight: measure the weights" },
};

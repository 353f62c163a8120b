/**
 * The harness's one known server difference (realworld/server-differences.ts):
 * legacy titles as the 0.28.x frontmatter reader served them. The table is
 * built from both servers over the sample corpus, and a comparison reads a
 * legacy title as the contract's only where the table says so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../src/server/index.js";
import { firstDifference, type KnownServerDifferences } from "./realworld/harness.js";
import {
  readAsContractTitles,
  type TitleDifference,
  titleDifferences,
} from "./realworld/server-differences.js";

let legacy: ReferenceServer;
let contract: ReferenceServer;
let titles: TitleDifference[];

beforeAll(async () => {
  legacy = await createReferenceServer({ mode: "legacy" });
  contract = await createReferenceServer({ mode: "contract" });
  titles = await titleDifferences(legacy, contract);
});
afterAll(async () => {
  await legacy?.close();
  await contract?.close();
});

describe("legacy titles (0.28 reader: outer quotes stripped, escapes and unclosed quotes kept)", () => {
  it("finds the escaped-quote title and the unclosed-quote title of the sample corpus, and only such titles", () => {
    const escaped = titles.find((t) => t.uri === "klappy://writings/status-before-story");
    expect(escaped?.legacy).toContain('\\"');
    expect(escaped?.contract).toBe(escaped?.legacy.replaceAll('\\"', '"'));
    const unclosed = titles.find((t) => t.uri === "klappy://odd/journal/2026-02-11-unclosed-quote");
    expect(unclosed?.legacy.startsWith('"')).toBe(true);
    expect(unclosed?.contract.startsWith('"')).toBe(false);
    // Every difference is about quoting: the texts are equal once quotes and backslashes are set aside.
    const bare = (s: string) => s.replace(/["'\\]/g, "");
    for (const t of titles) expect(bare(t.legacy), t.uri).toBe(bare(t.contract));
  });

  it("reads a legacy title as the contract's alone, inside a line, and JSON-encoded", () => {
    const d: TitleDifference = {
      uri: "klappy://x",
      legacy: 'The \\"closed\\" one',
      contract: 'The "closed" one',
    };
    expect(readAsContractTitles(d.legacy, [d])).toBe(d.contract);
    expect(readAsContractTitles(`klappy://x\t${d.legacy}`, [d])).toBe(`klappy://x\t${d.contract}`);
    expect(readAsContractTitles(JSON.stringify({ title: d.legacy }), [d])).toBe(
      JSON.stringify({ title: d.contract }),
    );
    const open: TitleDifference = { uri: "klappy://y", legacy: '"Open quote', contract: "Open quote" };
    expect(readAsContractTitles(JSON.stringify([open.legacy]), [open])).toBe(JSON.stringify([open.contract]));
  });

  it("still fails a comparison on any other difference, and records where it read a title", () => {
    const known: KnownServerDifferences = { titles, applied: [] };
    const t = titles[0]!;
    expect(firstDifference({ a: [t.legacy] }, { a: [t.contract] }, "$", known)).toBeNull();
    expect(known.applied).toEqual(["$.a.0"]);
    // The contract title on the legacy side, or another text, is a difference.
    expect(firstDifference({ a: t.contract }, { a: t.legacy }, "$", known)).not.toBeNull();
    expect(firstDifference({ a: t.legacy }, { a: `${t.contract}!` }, "$", known)).not.toBeNull();
    // Without the table the servers' titles differ.
    expect(firstDifference({ a: t.legacy }, { a: t.contract })).not.toBeNull();
  });
});

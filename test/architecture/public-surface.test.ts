import { describe, expect, it } from "vitest";
import { publicSurface } from "./public-surface.js";

/**
 * Every export entry's names, snapshotted: a change to the public surface
 * must be deliberate (update with `npx vitest run test/architecture/public-surface.test.ts -u`
 * and say what changed in CHANGELOG.md).
 */
describe("public surface", () => {
  const surface = publicSurface();

  it("reads every entry (guards the snapshot against an empty scan)", () => {
    expect(Object.keys(surface)).toContain(".");
    for (const [entry, names] of Object.entries(surface)) {
      expect(names.values.length + names.types.length, entry).toBeGreaterThan(0);
    }
  });

  it("matches the committed export lists", async () => {
    const counts = Object.fromEntries(
      Object.entries(surface).map(([entry, s]) => [entry, s.values.length + s.types.length]),
    );
    await expect(`${JSON.stringify({ counts, entries: surface }, null, 2)}\n`).toMatchFileSnapshot(
      "public-surface.snapshot.json",
    );
  });

  it("the main entry holds the client, helpers, errors and the vocabulary they need, not the contract's internals", () => {
    const main = new Set([...surface["."]!.values, ...surface["."]!.types]);
    for (const name of [
      "createOddkitClient",
      "getEssaysIndex",
      "OddkitError",
      "isOddkitError",
      "Entry",
      "Flag",
    ]) {
      expect(main.has(name), name).toBe(true);
    }
    for (const name of ["checkCompliance", "validateRequest", "resultSchema", "RequestSchemas", "CHECKS"]) {
      expect(main.has(name), name).toBe(false);
    }
  });
});

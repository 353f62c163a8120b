import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./import-graph.js";
import {
  entrySources,
  LEARNABLE_LIMITS,
  NOT_LEARNABLE,
  publicSurface,
  publicSurfaceDeclarations,
} from "./public-surface.js";

/** `export * from …` and `export type * from …` (a named namespace, `export * as X`, lists one name). */
const STAR = /^\s*export\s+(?:type\s+)?\*\s+from\s/m;

/** The modules a file re-exports from (`export … from "./x.js"`), resolved to their .ts sources. */
function reExportSources(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/^export\s[^;]*?\sfrom\s+"(\.[^"]+)";/gms)].map((m) =>
    resolve(dirname(file), (m[1] as string).replace(/\.js$/, ".ts")),
  );
}

/** Each entry's name count. */
function countsOf(surface: ReturnType<typeof publicSurface>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(surface).map(([entry, s]) => [entry, s.values.length + s.types.length]),
  );
}

/**
 * Every export entry's names, snapshotted: a change to the public surface
 * must be deliberate (update with `npx vitest run test/architecture/public-surface.test.ts -u`
 * and say what changed in CHANGELOG.md).
 *
 * `./internal` is in the snapshot but not in the learnable surface: it is the
 * separate codemod package's door to the tables it rewrites against (documented
 * as no API, no semver promise), so it does not count toward the limits below.
 */
describe("public surface", () => {
  const surface = publicSurface();
  const counts = countsOf(surface);

  it("reads every entry (guards the snapshot against an empty scan)", () => {
    expect(Object.keys(surface)).toContain(".");
    for (const [entry, names] of Object.entries(surface)) {
      expect(names.values.length + names.types.length, entry).toBeGreaterThan(0);
    }
  });

  it("matches the committed export lists", async () => {
    const learnable = Object.entries(counts)
      .filter(([entry]) => !NOT_LEARNABLE.includes(entry))
      .reduce((n, [, c]) => n + c, 0);
    await expect(`${JSON.stringify({ counts, learnable, entries: surface }, null, 2)}\n`).toMatchFileSnapshot(
      "public-surface.snapshot.json",
    );
  });

  it(`the main entry holds at most ${LEARNABLE_LIMITS.main} names, all learnable entries at most ${LEARNABLE_LIMITS.all}`, () => {
    expect(counts["."]).toBeLessThanOrEqual(LEARNABLE_LIMITS.main);
    const learnable = Object.entries(counts).filter(([entry]) => !NOT_LEARNABLE.includes(entry));
    expect(learnable.reduce((n, [, c]) => n + c, 0)).toBeLessThanOrEqual(LEARNABLE_LIMITS.all);
  });

  it("every entry lists its names: no `export *` in an entry file nor in a module it re-exports from", () => {
    const offenders: string[] = [];
    for (const [entry, file] of Object.entries(entrySources())) {
      if (STAR.test(readFileSync(file, "utf8"))) offenders.push(`${entry}: ${relative(ROOT, file)}`);
      for (const source of reExportSources(file)) {
        if (STAR.test(readFileSync(source, "utf8")))
          offenders.push(`${entry}: ${relative(ROOT, file)} → ${relative(ROOT, source)}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("the star check catches `export *` and `export type *`, not a named namespace", () => {
    expect(STAR.test('export * from "./a.js";')).toBe(true);
    expect(STAR.test('export type * from "./a.js";')).toBe(true);
    expect(STAR.test('export type * as Legacy from "./a.js";')).toBe(false);
    expect(STAR.test('export { a } from "./a.js";')).toBe(false);
  });

  it("one name means one thing: a name two entries share is the same declaration", () => {
    const { declarations } = publicSurfaceDeclarations();
    const clashes = [...declarations].filter(([, where]) => new Set(where.values()).size > 1);
    expect(
      clashes.map(([name, where]) => `${name}: ${[...where].map(([e, d]) => `${e}=${d}`).join(", ")}`),
    ).toEqual([]);
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
    for (const name of [
      "checkCompliance",
      "validateRequest",
      "resultSchema",
      "RequestSchemas",
      "CHECKS",
      "USE_CASE_ROWS",
      "DEFAULT_TIMEOUT_MS",
      "toArray",
    ]) {
      expect(main.has(name), name).toBe(false);
    }
  });
});

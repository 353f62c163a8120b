/** The check registry: one file per check, named and numbered as the spec numbers them, run in order. */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHECK_IDS, CHECKS, checkCompliance } from "../../src/contract/index.js";

const DIR = new URL("../../src/contract/checks/", import.meta.url);
const CHECK_FILES = readdirSync(DIR)
  .filter((f) => /^\d\d-.+\.ts$/.test(f))
  .sort();

describe("src/contract/checks/", () => {
  it("holds one NN-<name>.ts file per check, 01 to 11", () => {
    expect(CHECK_FILES.map((f) => Number(f.slice(0, 2)))).toEqual([...CHECK_IDS]);
  });

  it.each(CHECK_FILES)("%s exports exactly the check CHECKS lists under its number", async (file) => {
    const mod = (await import(new URL(file, DIR).href)) as Record<string, unknown>;
    const checks = Object.values(mod).filter(
      (v): v is (typeof CHECKS)[number] =>
        typeof v === "object" && v !== null && "run" in v && "id" in v && "title" in v,
    );
    expect(checks).toHaveLength(1);
    expect(checks[0]).toBe(CHECKS[Number(file.slice(0, 2)) - 1]);
  });

  it("CHECKS is in spec order with distinct titles", () => {
    expect(CHECKS.map((c) => c.id)).toEqual([...CHECK_IDS]);
    expect(new Set(CHECKS.map((c) => c.title)).size).toBe(CHECKS.length);
  });

  it("checkCompliance reports violations grouped in check order", () => {
    // A catalog answer breaking 1 (extra field), 4 (rollup), 5 (body) and 10 (position).
    const violations = checkCompliance(
      { action: "catalog", params: {} },
      {
        status: "FOUND",
        data: [{ uri: "klappy://docs/a", title: "A", position: 2, body: "text" }],
        total: 1,
        limit: 25,
        offset: 0,
        disclosure_applied: [],
        filters_applied: { include: ["canon", "docs", "essays"] },
        categories: ["docs"],
      },
    );
    const order = violations.map((v) => v.check);
    expect(new Set(order)).toEqual(new Set([1, 4, 5, 10]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

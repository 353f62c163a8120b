/**
 * docs/rules.md states the contract in prose; its tables are held to
 * src/contract/ here, so the page cannot drift from the rules the code runs.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ACTION_SPECS,
  ACTIONS,
  CHECKS,
  DEFAULT_INCLUDE,
  DEFAULT_LIMIT,
  FLAG_CAPS,
  FLAGS,
  KINDS,
  NO_FLAG_CAP,
  REQUIRED_TOKEN_REDUCTION,
} from "../../src/contract/index.js";

const page = readFileSync("docs/rules.md", "utf8");

describe("docs/rules.md", () => {
  it("lists the 11 checks exactly as the checks registry states them", () => {
    const rows = [...page.matchAll(/^\| (\d+) \| (.+) \|$/gm)].map((m) => ({
      id: Number(m[1]),
      title: m[2],
    }));
    expect(rows).toEqual(CHECKS.map((c) => ({ id: c.id, title: c.title })));
    expect(page).toContain(`at least ${REQUIRED_TOKEN_REDUCTION}×`);
  });

  it("states every cap, the default limit and the default kinds", () => {
    expect(page).toMatch(new RegExp(`^\\| none \\| ${NO_FLAG_CAP} \\|$`, "m"));
    for (const flag of FLAGS)
      expect(page).toMatch(new RegExp(`^\\| ${flag} \\| ${FLAG_CAPS[flag]} \\|$`, "m"));
    expect(page).toContain(`defaults to ${DEFAULT_LIMIT}`);
    expect(page).toContain(
      DEFAULT_INCLUDE.map((k) => `\`${k}\``)
        .join(", ")
        .replace(/, ([^,]*)$/, " and $1"),
    );
    for (const kind of KINDS) expect(page).toContain(`\`${kind}\``);
  });

  it("gives each action its default disclosure and the flags it accepts", () => {
    for (const action of ACTIONS) {
      const spec = ACTION_SPECS[action];
      const row = page.split("\n").find((l) => l.startsWith(`| \`${action}\` |`));
      expect(row, action).toBeDefined();
      const cells = row!.split("|").map((c) => c.trim());
      expect(cells[3], action).toBe(
        spec.defaultDisclosure.length === 0 ? "none" : spec.defaultDisclosure.join(", "),
      );
      expect(cells[4], action).toBe(spec.permittedFlags.join(", "));
    }
  });
});

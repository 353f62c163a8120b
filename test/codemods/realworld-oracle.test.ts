/**
 * The harness itself, on hand-written migrations of some corpus files
 * (test/codemods/realworld/oracle/): rewrites known to keep behaviour are
 * judged fully migrated and behaviour-equal, a marked one flagged; and each
 * kind of wrong result is caught — a path read silently turned into a URI
 * (behaviour), a client-side audience filter moved to the server under the
 * legacy 5-hit limit (behaviour: a different count), a legacy read left
 * unmarked (missed), a rewrite that reads a field its type lacks (broken),
 * a call-free types module edited (unrelated-changed).
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type FileVerdict,
  failuresOf,
  overlayEngine,
  type RealworldReport,
  runRealworld,
} from "./realworld/harness.js";

const ORACLE = join(import.meta.dirname, "realworld/oracle");
const GOOD = [
  "lovable-edge/supabase/functions/_shared/cors.ts",
  "lovable-edge/supabase/functions/search-docs/index.ts",
  "lovable-edge/supabase/functions/get-article/index.ts",
];
const BAD = [
  "lovable-edge/supabase/functions/_shared/cors.ts",
  "lovable-edge/supabase/functions/related-posts/index.ts",
  "lovable-edge/supabase/functions/tag-cloud/index.ts",
  "react-vite/src/components/SearchBox.tsx",
  "react-vite/src/lib/oddkit.ts",
  "react-vite/src/types/oddkit.ts",
  "nextjs-app/app/api/search/route.ts",
  "nextjs-app/lib/oddkit.ts",
  "nextjs-app/lib/types.ts",
];

let good: RealworldReport;
let bad: RealworldReport;
beforeAll(async () => {
  good = await runRealworld({ only: GOOD, migrate: overlayEngine(join(ORACLE, "good")) });
  bad = await runRealworld({ only: BAD, migrate: overlayEngine(join(ORACLE, "bad")) });
}, 600_000);

const verdict = (report: RealworldReport, file: string): FileVerdict =>
  report.files.find((f) => f.file === file)!;

describe("the harness on known-right migrations", () => {
  it("judges behaviour-keeping rewrites fully migrated and behaviour-equal", () => {
    for (const file of [GOOD[1]!]) {
      const f = verdict(good, file);
      expect(f.status, file).toBe("fully-migrated");
      expect(
        f.behaviour,
        JSON.stringify(good.runs.filter((r) => f.runs.includes(r.id)).map((r) => r.difference)),
      ).toBe("equal");
      expect(failuresOf(f)).toEqual([]);
    }
  });

  it("judges a file with a TODO(oddkit-migrate) on each remaining site flagged", () => {
    const f = verdict(good, GOOD[2]!);
    expect(f.status).toBe("flagged");
    expect(Object.values(f.sites)).toEqual(["marked", "marked"]);
    expect(failuresOf(f)).toEqual([]);
  });

  it("leaves the call-free file alone and untouched", () => {
    expect(verdict(good, GOOD[0]!).status).toBe("no-call");
  });
});

describe("the harness on known-wrong migrations", () => {
  it("catches a path read silently turned into a URI read", () => {
    const f = verdict(bad, "lovable-edge/supabase/functions/related-posts/index.ts");
    expect(f.status).toBe("fully-migrated");
    expect(failuresOf(f)).toEqual(["behaviour"]);
    expect(bad.runs.find((r) => r.id === "related-posts")?.difference).toMatch(/^\$\.body\.related/);
  });

  it("catches a server-side filter that changes how many results a legacy 5-hit search showed", () => {
    const f = verdict(bad, "react-vite/src/components/SearchBox.tsx");
    expect(failuresOf(f)).toContain("behaviour");
  });

  it("catches a legacy read left neither rewritten nor marked", () => {
    const f = verdict(bad, "lovable-edge/supabase/functions/tag-cloud/index.ts");
    expect(f.sites["catalog.categories"]).toBe("untouched");
    expect(failuresOf(f)).toEqual(["missed"]);
  });

  it("catches a rewrite that adds type errors", () => {
    const f = verdict(bad, "nextjs-app/app/api/search/route.ts");
    expect(f.newTypeErrors.join("\n")).toMatch(/TS2339 Property 'data' does not exist/);
    expect(failuresOf(f)).toEqual(["behaviour", "broken"]);
  });

  it("catches an edited file that makes no call", () => {
    expect(failuresOf(verdict(bad, "nextjs-app/lib/types.ts"))).toEqual(["unrelated-changed"]);
  });
});

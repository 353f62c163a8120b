/**
 * `findPaths` / `visitPaths` (codemods/lib/find.ts) replace jscodeshift's
 * `find` in the transforms with a reused visitor. They must find exactly
 * what `find` finds — the same nodes, in the same order, subtypes included,
 * the starting path itself never matched — on code nobody wrote for them:
 * every file of the real-world corpus and of the transform fixtures, from the
 * file's root and from inside it, and while a handler starts a walk of its own.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findPaths, visitPaths } from "../../codemods/lib/find.js";
import { jscodeshiftFor, SOURCE_EXTENSIONS } from "../../codemods/migrate/parser.js";

const ROOT = join(import.meta.dirname, "../..");
const files = ["codemods/__realworld__", "codemods/__testfixtures__"].flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => !f.includes("node_modules") && SOURCE_EXTENSIONS.some((e) => f.endsWith(`.${e}`)))
    .map((f) => join(ROOT, dir, f)),
);

const TYPES = ["CallExpression", "ObjectExpression", "MemberExpression", "Identifier", "Function", "Node"];

describe("findPaths", () => {
  it("walks real files", () => expect(files.length).toBeGreaterThan(50));

  it.each(files.map((f) => [f.slice(ROOT.length + 1), f]))(
    "finds what jscodeshift's find finds in %s",
    (_, file) => {
      const j = jscodeshiftFor(file);
      const root = j(readFileSync(file, "utf8"));
      for (const name of TYPES) {
        const type = (j as unknown as Record<string, { toString(): string }>)[name] as { toString(): string };
        const want = root.find(type as never).paths();
        expect(
          findPaths(j, root, type).map((p) => p.value),
          name,
        ).toEqual(want.map((p) => p.value));
        // From inside: each call's subtree, the call itself not matched.
        if (name === "CallExpression")
          for (const call of want.slice(0, 20) as never[]) {
            expect(findPaths(j, call, j.Identifier).map((p) => p.value)).toEqual(
              j(call)
                .find(j.Identifier)
                .paths()
                .map((p) => p.value),
            );
            expect(findPaths(j, call, j.CallExpression).map((p) => p.value)).toEqual(
              j(call)
                .find(j.CallExpression)
                .paths()
                .map((p) => p.value),
            );
          }
      }
      // A handler that starts a walk of the same kind gets a walker of its own: the outer walk goes on.
      const outer: unknown[] = [];
      const inner: unknown[] = [];
      visitPaths(j, root, {
        CallExpression: (path) => {
          outer.push(path.value);
          inner.push(...findPaths(j, path, j.CallExpression).map((p) => p.value));
        },
      });
      expect(outer).toEqual(root.find(j.CallExpression).nodes());
      expect(inner).toEqual(
        root
          .find(j.CallExpression)
          .paths()
          .flatMap((p) =>
            j(p as never)
              .find(j.CallExpression)
              .nodes(),
          ),
      );
    },
  );

  it("builds its visitors with the ast-types of the j it is given (the cache is per ast-types instance)", () => {
    const j = jscodeshiftFor("a.ts");
    const root = j("f(1); g(h(2));");
    // A visitor for CallExpression is now cached for j's ast-types.
    expect(findPaths(j, root, j.CallExpression)).toHaveLength(3);
    // A j from another copy of ast-types (here: the same tables behind another PathVisitor).
    let built = 0;
    const PathVisitor = {
      fromMethodsObject(methods: object) {
        built += 1;
        return j.types.PathVisitor.fromMethodsObject(methods);
      },
    };
    const other = Object.assign((...args: Parameters<typeof j>) => j(...args), j, {
      types: { ...j.types, PathVisitor },
    }) as unknown as typeof j;
    expect(findPaths(other, root, j.CallExpression).map((p) => p.value)).toEqual(
      root.find(j.CallExpression).nodes(),
    );
    expect(built).toBe(1);
    // ... and reused for that instance.
    findPaths(other, root, j.CallExpression);
    expect(built).toBe(1);
  });
});

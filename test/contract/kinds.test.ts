/**
 * Kind resolution: frontmatter `kind:` wins in both directions, a kind outside
 * the enumeration is reported (never accepted), the longest path prefix of a
 * configurable map decides otherwise, and no match means no kind.
 */
import { describe, expect, it } from "vitest";
import {
  DEFAULT_KIND_MAP,
  isKind,
  KINDS,
  type KindMap,
  kindFromPath,
  normalizePath,
  parseKindMap,
  resolveKind,
} from "../../src/contract/index.js";

describe("the default prefix map is the spec's table", () => {
  it.each([
    ["canon/a.md", "canon"],
    ["docs/a.md", "docs"],
    ["odd/a.md", "journals"],
    ["writings/a.md", "essays"],
    ["apocrypha/a.md", "apocrypha"],
  ] as const)("%s → %s", (path, kind) => {
    expect(kindFromPath(path)).toBe(kind);
    expect(resolveKind(path, undefined)).toEqual({
      kind,
      source: "path",
      pathKind: kind,
      overridesPath: false,
      invalidDeclaredKind: undefined,
    });
  });
  it("the enumeration has exactly five kinds", () => {
    expect([...KINDS]).toEqual(["canon", "docs", "journals", "essays", "apocrypha"]);
  });
});

describe("frontmatter kind wins over the path, in both directions", () => {
  it("writings/foo.md with kind: journals is a journal", () => {
    expect(resolveKind("writings/foo.md", "journals")).toEqual({
      kind: "journals",
      source: "frontmatter",
      pathKind: "essays",
      overridesPath: true,
      invalidDeclaredKind: undefined,
    });
  });
  it("odd/x.md with kind: canon is canon", () => {
    expect(resolveKind("odd/x.md", "canon")).toMatchObject({
      kind: "canon",
      source: "frontmatter",
      pathKind: "journals",
      overridesPath: true,
    });
  });
  it("a frontmatter kind equal to the path's is not an override", () => {
    expect(resolveKind("docs/x.md", "docs")).toMatchObject({ kind: "docs", overridesPath: false });
  });
  it("frontmatter decides where no prefix does", () => {
    expect(resolveKind("elsewhere/x.md", "essays")).toMatchObject({
      kind: "essays",
      source: "frontmatter",
      pathKind: null,
      overridesPath: true,
    });
  });
});

describe("a frontmatter kind outside the enumeration is reported, not accepted", () => {
  it.each([
    ["odd", "odd/x.md", "journals"],
    ["Journals", "writings/x.md", "essays"],
    ["journal", "canon/x.md", "canon"],
    [7, "docs/x.md", "docs"],
    [["canon"], "docs/x.md", "docs"],
  ] as const)("kind: %j on %s → the path decides (%s) and the value is reported", (declared, path, kind) => {
    const r = resolveKind(path, declared);
    expect(r.kind).toBe(kind);
    expect(r.source).toBe("path");
    expect(r.invalidDeclaredKind).toEqual(declared);
  });
  it("invalid kind and no prefix → no kind, still reported", () => {
    expect(resolveKind("misc/x.md", "odd")).toEqual({
      kind: null,
      source: "none",
      pathKind: null,
      overridesPath: false,
      invalidDeclaredKind: "odd",
    });
  });
  it("a null kind: (empty YAML value) is the same as no kind", () => {
    expect(resolveKind("odd/x.md", null).invalidDeclaredKind).toBeUndefined();
  });
});

describe("configurable prefix map: the longest matching prefix wins", () => {
  const map: KindMap = { ...DEFAULT_KIND_MAP, "canon/apocrypha/": "apocrypha", "odd/essays/": "essays" };
  it.each([
    ["canon/apocrypha/old.md", "apocrypha"],
    ["canon/apocrypha.md", "canon"],
    ["canon/x.md", "canon"],
    ["odd/essays/one.md", "essays"],
    ["odd/handoffs/h.md", "journals"],
  ] as const)("%s → %s", (path, kind) => {
    expect(kindFromPath(path, map)).toBe(kind);
  });
  it("the order of the map's entries does not matter", () => {
    const reversed: KindMap = Object.fromEntries(Object.entries(map).reverse());
    expect(kindFromPath("canon/apocrypha/old.md", reversed)).toBe("apocrypha");
  });
  it.each(["README.md", "notes/x.md", "oddities/x.md", "canonical/x.md", ""])(
    "%j matches no prefix → null",
    (p) => {
      expect(kindFromPath(p)).toBeNull();
      expect(resolveKind(p, undefined)).toMatchObject({ kind: null, source: "none" });
    },
  );
  it("paths are normalised: ./, leading / and backslashes", () => {
    expect(kindFromPath("./odd/x.md")).toBe("journals");
    expect(kindFromPath("/writings/x.md")).toBe("essays");
    expect(kindFromPath("docs\\x.md")).toBe("docs");
    expect(normalizePath("./a\\b")).toBe("a/b");
  });
});

describe("parseKindMap", () => {
  it("accepts an object of prefix → kind", () => {
    expect(parseKindMap({ "canon/apocrypha/": "apocrypha" })).toEqual({ "canon/apocrypha/": "apocrypha" });
  });
  it.each([null, [], "canon/", 3])("rejects %j with an example of the right shape", (value) => {
    expect(() => parseKindMap(value)).toThrow(/kind map must be a JSON object of path prefix → kind/);
  });
  it("rejects a sixth kind, naming the entry and the five kinds", () => {
    expect(() => parseKindMap({ "notes/": "notes" })).toThrow(
      "kind map entry 'notes/' → 'notes' is not a kind. Kinds are: canon, docs, journals, essays, apocrypha.",
    );
  });
  it("isKind accepts exactly the enumeration", () => {
    expect(KINDS.every(isKind)).toBe(true);
    expect(["odd", "Canon", "", null, 1].some(isKind)).toBe(false);
  });
});

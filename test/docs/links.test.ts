/**
 * Docs stand alone: every link in README.md, MIGRATION.md and docs/ either
 * points at the web (http/https/mailto) or at a file inside this repository
 * that exists (with its #anchor, for markdown targets). Nothing reaches
 * outside the repository (`../shared/spec/…` is dead on GitHub and in the
 * npm package).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Names of the specification files this repository was built from; they live outside it. */
const OUTSIDE_SPEC_FILES = [
  "shared/spec",
  "consumers.md",
  "legacy-api.md",
  "corpus-figures.md",
  "field-notes.md",
  "agent-patterns.md",
];

/** The repository's own code (git's list, so builds and node_modules are out), but this file, which names them. */
function trackedSourceFiles(): string[] {
  const self = fileURLToPath(import.meta.url);
  return execFileSync(
    "git",
    ["ls-files", "-z", "--", "src", "codemods", "test", "scripts", "bench", "examples", "bin"],
    {
      cwd: ROOT,
      encoding: "utf8",
    },
  )
    .split("\0")
    .filter((path) => /\.(c|m)?(t|j)sx?$/.test(path))
    .map((path) => join(ROOT, path))
    .filter((path) => path !== self && existsSync(path));
}

function markdownFiles(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? docs(path) : name.endsWith(".md") ? [path] : [];
    });
  return [join(ROOT, "README.md"), join(ROOT, "MIGRATION.md"), ...docs(join(ROOT, "docs"))];
}

/** Markdown without fenced code blocks. */
function withoutFences(text: string): string {
  return text.replace(/^(```|~~~)[\s\S]*?^\1/gm, "");
}

/** Markdown without code (links in code are examples, not links). */
function prose(text: string): string {
  return withoutFences(text).replace(/`[^`\n]*`/g, "");
}

/** Inline links and images `[text](target)` and reference definitions `[id]: target`. */
function linksOf(text: string): string[] {
  const body = prose(text);
  const inline = [...body.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const defined = [...body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...defined];
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(readFileSync(file, "utf8")).split("\n")) {
    const heading = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!heading) continue;
    const base = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Why a link is broken, or null. */
function brokenLink(from: string, target: string): string | null {
  if (/^(https?:|mailto:)/i.test(target)) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return `scheme not allowed in docs: ${target}`;
  const [path = "", anchor] = target.split("#");
  const file = path === "" ? from : resolve(dirname(from), decodeURIComponent(path));
  const inside = relative(ROOT, file);
  if (inside.startsWith("..") || inside.startsWith(sep)) return `leaves the repository: ${target}`;
  if (!existsSync(file)) return `no such file: ${target}`;
  if (anchor && file.endsWith(".md") && !anchorsOf(file).has(anchor))
    return `no heading #${anchor} in ${inside}`;
  return null;
}

describe("links in README, MIGRATION and docs/", () => {
  it("stay inside the repository and resolve", () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      for (const target of linksOf(readFileSync(file, "utf8"))) {
        const why = brokenLink(file, target);
        if (why) broken.push(`${relative(ROOT, file)}: ${why}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("no prose or code comment points readers at spec files the repository does not hold", () => {
    const cited: string[] = [];
    for (const file of [...markdownFiles(), ...trackedSourceFiles()]) {
      const text = readFileSync(file, "utf8");
      for (const name of OUTSIDE_SPEC_FILES) {
        if (text.includes(name)) cited.push(`${relative(ROOT, file)} cites ${name}`);
      }
    }
    expect(cited).toEqual([]);
  });

  it("the checker itself catches a link leaving the repository, a missing file and a missing anchor", () => {
    const readme = join(ROOT, "README.md");
    expect(brokenLink(readme, "../shared/spec/contract.md")).toMatch(/leaves the repository/);
    expect(brokenLink(readme, "docs/no-such-page.md")).toMatch(/no such file/);
    expect(brokenLink(readme, "docs/client.md#no-such-heading")).toMatch(/no heading/);
    expect(brokenLink(readme, "docs/client.md")).toBeNull();
    expect(linksOf("see [a](x.md) and `[b](y.md)`\n\n```\n[c](z.md)\n```\n[d]: w.md")).toEqual([
      "x.md",
      "w.md",
    ]);
  });
});

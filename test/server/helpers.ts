/** Shared helpers of the server tests: reading envelopes and building compliance context. */
import type { ComplianceContext, Flag } from "../../src/contract/index.js";
import type { Corpus } from "../../src/corpus/types.js";
import type { ToolResult } from "../../src/server/index.js";

export interface Envelope {
  action: string;
  result: Record<string, unknown>;
  server_time: string;
  assistant_text: string;
  debug?: Record<string, unknown>;
}

/** The JSON envelope inside a tool result's single text item. */
export function envelopeOf(result: unknown): Envelope {
  const content = (result as { content: { type: string; text: string }[] }).content;
  if (content.length !== 1 || content[0]?.type !== "text") throw new Error("expected one text content item");
  return JSON.parse(content[0].text) as Envelope;
}

export function resultOf(result: ToolResult | unknown): Record<string, unknown> {
  return envelopeOf(result).result;
}

/** Ground truth for checkCompliance: every served document by URI. */
export function complianceContext(corpus: Corpus): ComplianceContext {
  return {
    kindMap: corpus.kindMap,
    documents: new Map(
      corpus.documents.map((d) => [
        d.uri,
        { path: d.path, kind: d.kind, frontmatter: d.frontmatter, declaredKind: d.frontmatter.kind },
      ]),
    ),
  };
}

/** Every subset of a flag list (the empty one included). */
export function subsets(flags: readonly Flag[]): Flag[][] {
  const out: Flag[][] = [[]];
  for (const flag of flags) {
    for (const subset of [...out]) out.push([...subset, flag]);
  }
  return out;
}

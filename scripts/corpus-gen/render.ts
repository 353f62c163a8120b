/**
 * Render one planned document to markdown: frontmatter, H1, the blockquote
 * directly under it, an intro, the `## Summary` section and body sections up
 * to the planned length.
 */
import type { PlannedDoc } from "./plan.js";
import { block, capitalize, heading, paragraph, phrase, quoteLines, sentences } from "./prose.js";
import { Random } from "./random.js";
import { emitFrontmatter } from "./yaml-text.js";

export function renderDocument(doc: PlannedDoc, seed: string): string {
  const r = new Random(`text:${seed}:${doc.index}`);
  const front = doc.fields
    ? emitFrontmatter(doc.fields, { style: doc.yamlStyle, inlineTags: doc.inlineTags })
    : "";
  const parts: string[] = [];
  if (doc.hasH1) parts.push(`# ${doc.title}`);
  if (doc.hasH1 && doc.blockquoteChars !== null) {
    const text = sentences(r, doc.blockquoteChars - 40);
    parts.push(r.chance(0.5) ? quoteLines(text, r.int(72, 110)) : `> ${text}`);
  }
  parts.push(paragraph(r));
  if (doc.summaryChars !== null) {
    parts.push(
      r.weighted<string>([
        ["## Summary", 8],
        ["## Summary — The short version", 1],
        [`## Summary: ${phrase(r)}`, 1],
      ]),
    );
    let summary = "";
    while (summary.length < doc.summaryChars - 150) {
      const chunk = sentences(r, Math.min(600, doc.summaryChars - summary.length));
      summary += (summary === "" ? "" : "\n\n") + chunk;
    }
    parts.push(summary === "" ? sentences(r, doc.summaryChars) : summary);
  }
  let length = parts.reduce((sum, p) => sum + p.length + 2, 0);
  while (length < doc.bodyChars) {
    const section = [`## ${heading(r)}`];
    const blocks = r.int(2, 5);
    for (let i = 0; i < blocks; i++) {
      if (i > 0 && r.chance(0.15)) section.push(`### ${capitalize(phrase(r))}`);
      section.push(block(r));
    }
    const text = section.join("\n\n");
    parts.push(text);
    length += text.length + 2;
  }
  const body = `${parts.join("\n\n")}\n`;
  return front === "" ? body : `${front}\n${body}`;
}

/**
 * Prose for the sample corpus: sentences filled from the word banks, grouped
 * into paragraphs, lists, code fences and tables under headings. Varied
 * enough to search and tokenize like real writing; never a repeated lorem.
 */
import type { Random } from "./random.js";
import {
  ADJECTIVES,
  ADVERBS,
  baseVerb,
  CODE_SNIPPETS,
  fixArticles,
  NAMES,
  NOUNS,
  plural,
  SENTENCES,
  TOPICS,
  VERBS,
} from "./words.js";

const SLOT = /\{([npavbdtNM])\}/g;

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function sentence(r: Random): string {
  let name = "";
  const filled = r.pick(SENTENCES).replace(SLOT, (_, slot: string) => {
    switch (slot) {
      case "n":
        return r.pickSkewed(NOUNS, 1.4);
      case "p":
        return plural(r.pickSkewed(NOUNS, 1.4));
      case "a":
        return r.pick(ADJECTIVES);
      case "v":
        return r.pick(VERBS);
      case "b":
        return baseVerb(r.pick(VERBS));
      case "d":
        return r.pick(ADVERBS);
      case "t":
        return r.pick(TOPICS);
      case "N":
        name = r.pick(NAMES);
        return name;
      default: {
        const other = r.pick(NAMES);
        return other === name ? r.pick(NAMES.filter((n) => n !== name)) : other;
      }
    }
  });
  return capitalize(fixArticles(filled));
}

/** Sentences until about `chars` characters. */
export function sentences(r: Random, chars: number): string {
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const s = sentence(r);
    parts.push(s);
    length += s.length + 1;
  }
  return parts.join(" ");
}

export function paragraph(r: Random): string {
  return sentences(r, r.int(220, 720));
}

export function phrase(r: Random): string {
  return fixArticles(phraseShape(r));
}

function phraseShape(r: Random): string {
  return r.weighted<() => string>([
    [() => `the ${r.pick(ADJECTIVES)} ${r.pick(NOUNS)}`, 3],
    [() => `${r.pick(TOPICS)} without the ${r.pick(NOUNS)}`, 1],
    [() => `when the ${r.pick(NOUNS)} ${r.pick(VERBS)} the ${r.pick(NOUNS)}`, 2],
    [
      () =>
        `${r.pick(ADJECTIVES)} ${plural(r.pick(NOUNS))} and ${r.pick(ADJECTIVES)} ${plural(r.pick(NOUNS))}`,
      2,
    ],
    [() => `what ${r.pick(TOPICS)} ${r.pick(VERBS)}`, 1],
  ])();
}

export function heading(r: Random): string {
  return capitalize(
    r.weighted<() => string>([
      [() => phrase(r), 4],
      [() => `why ${r.pick(TOPICS)} matters`, 1],
      [() => `how the ${r.pick(NOUNS)} ${r.pick(VERBS)} the ${r.pick(NOUNS)}`, 2],
      [() => r.pick(["Context", "Decision", "Consequences", "Open questions", "Evidence", "Next steps"]), 2],
    ])(),
  );
}

function bulletList(r: Random): string {
  const ordered = r.chance(0.3);
  const items = r.int(3, 7);
  const lines: string[] = [];
  for (let i = 0; i < items; i++) {
    const item = r.chance(0.4) ? `**${capitalize(r.pick(NOUNS))}** — ${sentence(r)}` : sentence(r);
    lines.push(`${ordered ? `${i + 1}.` : "-"} ${item}`);
  }
  return lines.join("\n");
}

function codeFence(r: Random): string {
  const [lang, code] = r.pick(CODE_SNIPPETS);
  return "```" + lang + "\n" + code + "\n```";
}

function table(r: Random): string {
  const rows = r.int(2, 5);
  const lines = ["| " + capitalize(r.pick(NOUNS)) + " | Tokens | Note |", "| --- | ---: | --- |"];
  for (let i = 0; i < rows; i++) {
    lines.push(`| ${r.pick(NOUNS)} | ${r.int(20, 120000)} | ${phrase(r)} |`);
  }
  return lines.join("\n");
}

/** One block of a section: mostly paragraphs, sometimes a list, a fence or a table. */
export function block(r: Random): string {
  return r.weighted<() => string>([
    [() => paragraph(r), 12],
    [() => bulletList(r), 3],
    [() => codeFence(r), 1.2],
    [() => table(r), 0.6],
    [() => `> ${sentence(r)}`, 0.4],
  ])();
}

/** Wrap text into `> ` lines of about `width` characters (spaces only, so joining restores it). */
export function quoteLines(text: string, width: number): string {
  const words = text.split(" ");
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    if (line !== "" && line.length + word.length + 1 > width) {
      lines.push(`> ${line}`);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(`> ${line}`);
  return lines.join("\n");
}

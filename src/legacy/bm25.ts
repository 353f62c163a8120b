/**
 * The 0.28.x search ranking, reproduced so legacy mode returns the hits,
 * order and score scale legacy callers saw (the contract search keeps
 * minisearch). Facts observed in klappy/oddkit workers/src/bm25.ts and
 * orchestrate.ts at 0.28.x:
 *
 * - each document is the text `title + path (with / _ . - as spaces) + tags
 *   + excerpt`, joined by spaces;
 * - tokens: lower-cased, every character other than letters, digits, `_`,
 *   whitespace and `-` becomes a space, split on whitespace, `-`, `_` and
 *   `/`; tokens of one character and a fixed list of English stop words
 *   dropped; a crude suffix stemmer applied;
 * - BM25 with k1 = 1.2, b = 0.75, idf = ln((N − n + 0.5)/(n + 0.5) + 1);
 * - a document that scores adds 5 when it contains the whole query
 *   (lower-cased) verbatim, else 2 when it contains any two adjacent query
 *   words; only scores above 0 count, highest first (ties keep index order).
 *
 * Because any one shared term scores, a query that matches almost nothing
 * still returns FOUND with weak hits, as 0.28.x did.
 */

const K1 = 1.2;
const B = 0.75;
const EXACT_PHRASE_BONUS = 5;
const ADJACENT_WORDS_BONUS = 2;

const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the is are was were be been being have has had do does did will would shall should may might " +
    "must can could of in to for with on at by from as into through and but or nor not no so if then " +
    "than that this it its we you he she they"
  ).split(" "),
);

function stem(word: string): string {
  if (word.length < 4) return word;
  return word
    .replace(/ies$/, "y")
    .replace(/ied$/, "y")
    .replace(/([^aeiou])ed$/, "$1")
    .replace(/(ing|tion|ment|ness|able|ible)$/, "")
    .replace(/s$/, "");
}

/** Words of a text before stemming (the phrase bonus compares these). */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\w\s-]/g, " ")
    .split(/[\s\-_/]+/)
    .filter((t) => t.length > 1 && !STOP_WORDS.has(t));
}

export function legacyTokens(text: string): string[] {
  return words(text).map(stem);
}

interface IndexedDoc<T> {
  readonly item: T;
  readonly length: number;
  readonly tf: ReadonlyMap<string, number>;
  readonly lower: string;
}

export interface LegacySearchable {
  readonly title: string;
  readonly path: string;
  readonly tags: readonly string[] | undefined;
  readonly excerpt: string;
}

/** The text 0.28.x indexes for one document. */
export function legacyTextForSearch(doc: LegacySearchable): string {
  return [doc.title, doc.path.replace(/[/_.-]/g, " "), (doc.tags ?? []).join(" "), doc.excerpt].join(" ");
}

export class LegacyBm25<T> {
  private readonly docs: IndexedDoc<T>[] = [];
  private readonly df = new Map<string, number>();
  private readonly avgdl: number;

  constructor(items: readonly T[], textOf: (item: T) => string) {
    let totalLength = 0;
    for (const item of items) {
      const text = textOf(item);
      const terms = legacyTokens(text);
      const tf = new Map<string, number>();
      for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
      for (const term of tf.keys()) this.df.set(term, (this.df.get(term) ?? 0) + 1);
      this.docs.push({ item, length: terms.length, tf, lower: text.toLowerCase() });
      totalLength += terms.length;
    }
    this.avgdl = items.length > 0 ? totalLength / items.length : 0;
  }

  get size(): number {
    return this.docs.length;
  }

  /** Scored items, best first, at most `limit`. */
  search(query: string, limit: number): { item: T; score: number }[] {
    const terms = legacyTokens(query);
    if (terms.length === 0) return [];
    const phrase = query.toLowerCase();
    const queryWords = words(query);
    const n = this.docs.length;
    const scored: { item: T; score: number }[] = [];
    for (const doc of this.docs) {
      let score = 0;
      for (const term of terms) {
        const df = this.df.get(term) ?? 0;
        if (df === 0) continue;
        const idf = Math.log((n - df + 0.5) / (df + 0.5) + 1);
        const freq = doc.tf.get(term) ?? 0;
        score += idf * ((freq * (K1 + 1)) / (freq + K1 * (1 - B + (B * doc.length) / this.avgdl)));
      }
      if (score > 0) {
        if (doc.lower.includes(phrase)) score += EXACT_PHRASE_BONUS;
        else if (queryWords.length >= 2) {
          for (let i = 0; i < queryWords.length - 1; i++) {
            if (doc.lower.includes(`${queryWords[i]} ${queryWords[i + 1]}`)) {
              score += ADJACENT_WORDS_BONUS;
              break;
            }
          }
        }
      }
      if (score > 0) scored.push({ item: doc.item, score });
    }
    // Array.prototype.sort is stable: equal scores keep index order, as in 0.28.x.
    return scored.sort((a, b) => b.score - a.score).slice(0, limit);
  }
}

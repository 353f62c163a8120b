/**
 * Token accounting with the cl100k_base encoding (the unit of the server's
 * production telemetry). The tokenizer is ~1 MB of tables, so it is loaded
 * lazily, once, on first use.
 */
type Encoder = (text: string) => number;

let loading: Promise<Encoder> | null = null;

async function loadEncoder(): Promise<Encoder> {
  const mod = await import("gpt-tokenizer/encoding/cl100k_base");
  return (text: string) => mod.countTokens(text);
}

/** Count cl100k tokens of a text. */
export async function countTokens(text: string): Promise<number> {
  loading ??= loadEncoder();
  return (await loading)(text);
}

const utf8 = new TextEncoder();

/** UTF-8 byte length of a text, without Node's Buffer (runs on edge runtimes too). */
export function byteLength(text: string): number {
  return utf8.encode(text).length;
}

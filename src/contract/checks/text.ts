/**
 * Values of a response as text for a violation's reason or a lookup key.
 * The checks read answers they did not build: these never throw, whatever
 * the value (see test/contract/compliance-hostile.test.ts).
 */
/**
 * A value as text for a violation's reason or a lookup key, never throwing:
 * `String(value)` throws a TypeError on an object without `toString` (a
 * prototype-less object, one whose `toString` throws) and on a Symbol in a
 * template. Such values come from in-process answers, never from JSON.parse.
 */
export function printable(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** A value as JSON for a violation's reason, never throwing (a BigInt, a cycle, a throwing toJSON). */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "undefined";
  } catch {
    return printable(value);
  }
}

/** Whether JSON.stringify can write the value (no BigInt, no cycle, no throwing toJSON). */
export function jsonWritable(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The caller's source location, read from a V8 stack: the first frame that
 * is not inside the SDK itself. Deprecation warnings are deduplicated per
 * call site, so this is what "the same call" means.
 */

/** Frames whose location matches one of these are the SDK's own, never a call site. */
export const INTERNAL_FRAME_PATTERNS: readonly RegExp[] = [
  /[\\/](?:dist[\\/])?src[\\/](?:shim|client)[\\/]/,
  /[\\/]node_modules[\\/]oddkit-sdk[\\/]/,
  /^node:/,
  /^internal[\\/]/,
  /\(native\)$/,
];

const FRAME = /^\s*at (?:.*? \()?(.+?)\)?$/;

/** `file:line:column` of each `at …` line of a stack, in order. */
export function stackLocations(stack: string): string[] {
  const out: string[] = [];
  for (const line of stack.split("\n")) {
    if (!/^\s*at /.test(line)) continue;
    const match = FRAME.exec(line);
    if (match?.[1]) out.push(match[1]);
  }
  return out;
}

/**
 * The first location outside the SDK in the current stack, or "<unknown>"
 * when the runtime gives no stack (every use then shares one call site).
 */
export function captureCallSite(internal: readonly RegExp[] = INTERNAL_FRAME_PATTERNS): string {
  const previous = Error.stackTraceLimit;
  Error.stackTraceLimit = 50; // the caller may sit below several SDK frames
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = previous;
  for (const location of stackLocations(stack)) {
    if (!internal.some((re) => re.test(location))) return location;
  }
  return "<unknown>";
}

/**
 * The outer envelope every oddkit tool result carries, and the legacy error
 * envelope (`action: "error"` with `result.error`).
 */
export interface OddkitEnvelope {
  action: string;
  result: unknown;
  server_time: string;
  state?: unknown;
  assistant_text: string;
  debug?: Record<string, unknown>;
}

/** `action: "error"` with `result.error`; the assistant text may word it for a reader. */
export function legacyErrorEnvelope(
  error: string,
  assistantText: string = error,
  now: Date = new Date(),
): OddkitEnvelope {
  return {
    action: "error",
    result: { error },
    server_time: now.toISOString(),
    assistant_text: assistantText,
    debug: { generated_at: now.toISOString() },
  };
}

/**
 * Evidence kept in a conformance report: the offending value as sent, or,
 * when it is large (a 500-entry page), an explicit preview that says it was
 * cut and how long the whole was — never a silent truncation.
 */
export const MAX_EVIDENCE_CHARS = 1_200;

export type Evidence =
  | unknown
  | { readonly truncated: true; readonly chars: number; readonly preview: string };

export function compactEvidence(value: unknown, maxChars: number = MAX_EVIDENCE_CHARS): Evidence {
  if (value === undefined) return undefined;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  if (text.length <= maxChars) return value;
  return { truncated: true, chars: text.length, preview: `${text.slice(0, maxChars)}…` };
}

/**
 * The output check: a changed file's new text must parse with the file's own
 * parser (jscodeshift's: recast over babel, what the next codemod run will
 * parse it with). One function for the `migrate` process and its workers, so
 * that a check answers the same wherever it runs.
 */
import { jscodeshiftFor } from "./parser.js";

export interface TextToCheck {
  readonly file: string;
  readonly text: string;
}

/** Why `text` does not parse with `file`'s parser, or null when it parses. */
export function parseFailure({ file, text }: TextToCheck): string | null {
  try {
    jscodeshiftFor(file)(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Checks many texts; the answers are in the order of the texts. */
export type ParseCheck = (texts: readonly TextToCheck[]) => Promise<(string | null)[]>;

/** The check in this process. */
export const checkHere: ParseCheck = async (texts) => texts.map(parseFailure);

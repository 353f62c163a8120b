import { OddkitError } from "./oddkit-error.js";

/** Raised when `gpt-tokenizer` is not installed; says the one command that fixes it. */
export class TokenizerMissingError extends OddkitError {
  override readonly name = "TokenizerMissingError";
  constructor(cause: unknown) {
    super("cl100k token counting needs the optional peer dependency 'gpt-tokenizer': npm i gpt-tokenizer", {
      cause,
    });
  }
}

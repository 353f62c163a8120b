/**
 * The reference consumer's client-side `isPublicFacing()` predicate, as the
 * shadow compare loads it (`oddkit-sdk shadow --predicate
 * examples/predicates/is-public-facing.ts`). Path-dominant: the path decides
 * first (handoffs, ledgers and journal paths are never public), the
 * frontmatter only after that.
 *
 * A predicate module exports one function (default export) taking the
 * document as a metadata catalog entry gives it: { uri, title, metadata, path }.
 */
import type { ShadowDocument } from "oddkit-sdk/migration-tools";

const PRIVATE_PREFIXES = ["odd/handoffs/", "odd/ledger/"];
/** Journal paths: `odd/journal/…`, `…/journals/…`, `…/journal-YYYY…`. */
const JOURNAL_PATH = /(^|\/)journals?(\/|-)/;

export default function isPublicFacing(doc: ShadowDocument): boolean {
  const path = doc.path ?? "";
  if (PRIVATE_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  if (JOURNAL_PATH.test(path)) return false;
  // Essays are public unless explicitly drafted or marked non-public.
  if (path.startsWith("writings/")) return doc.metadata.exposure !== "draft" && doc.metadata.public !== false;
  return doc.metadata.audience === "public" && doc.metadata.exposure === "public";
}

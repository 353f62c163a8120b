/**
 * URI ↔ path rules of the oddkit index: `uri` is frontmatter `uri`, else
 * `klappy://<path without .md>`; `klappy://x` names path `x.md`.
 */
import { normalizePath } from "./kinds.js";

export const URI_SCHEME = "klappy://";

export function defaultUriForPath(path: string): string {
  return URI_SCHEME + normalizePath(path).replace(/\.md$/i, "");
}

/** The repository path a `klappy://` URI names, or null for other schemes. */
export function pathForKlappyUri(uri: string): string | null {
  if (!uri.startsWith(URI_SCHEME)) return null;
  const rest = uri.slice(URI_SCHEME.length).replace(/[#?].*$/, "");
  return rest.endsWith(".md") ? rest : `${rest}.md`;
}

/**
 * Audit a live server's documents when no folder is at hand: every document
 * is listed with its whole frontmatter (catalog, metadata, all five kinds)
 * and audited as if it were a file holding that frontmatter. What only the
 * files show (YAML that does not parse, exposure: noindex files the server
 * skips) cannot be seen this way, and the report says so.
 */
import { stringify } from "yaml";
import { auditFiles } from "../audit/audit.js";
import type { AuditReport } from "../audit/types.js";
import type { OddkitClient } from "../client/types.js";
import { DEFAULT_KIND_MAP, KINDS, type KindMap, pathForKlappyUri } from "../contract/index.js";

export async function auditServerDocuments(
  client: Pick<OddkitClient, "paginate">,
  label: string,
  kindMap: KindMap = DEFAULT_KIND_MAP,
): Promise<AuditReport> {
  const files: { path: string; text: string }[] = [];
  for await (const entry of client.paginate("catalog", { disclosure: ["metadata"], include: [...KINDS] })) {
    const metadata = entry.metadata;
    const frontmatter = Object.keys(metadata).length > 0 ? `---\n${stringify(metadata)}---\n` : "";
    files.push({ path: pathForKlappyUri(entry.uri) ?? entry.uri, text: `${frontmatter}# ${entry.title}\n` });
  }
  return auditFiles(label, files, kindMap, false);
}

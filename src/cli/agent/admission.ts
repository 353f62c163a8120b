/** Readable output of `oddkit-sdk admit`: what entered, what did not and why, then the evidence itself. */
import type { Admission } from "../../agent/index.js";

export function renderAdmission(a: Admission): string {
  const lines = [
    `admission: ${a.status} · ${a.entered.length} entered, ${a.refused.length} refused · ${a.budget.tokens} of ${a.budget.budgetTokens} cl100k tokens`,
    `packet ${a.packet.execution_identity.slice(0, 16)}… from oddkit ${a.source.packet.server_version} (revision ${a.source.packet.knowledge_base_revision?.slice(0, 12) ?? "unknown"}), rechecked on ${a.source.live.server_version} (revision ${a.source.live.knowledge_base_revision?.slice(0, 12) ?? "unknown"})`,
    `scope: ${JSON.stringify(a.scope)}`,
    "",
  ];
  for (const e of a.entered) lines.push(`entered  ${e.uri} (${e.tokens} tokens)`);
  for (const r of a.refused) lines.push(`refused  ${r.uri} [${r.reasons.join(", ")}]: ${r.detail}`);
  if (a.entered.length + a.refused.length === 0) lines.push("(the packet selected no references)");
  lines.push("", `--- admitted evidence (${a.budget.tokens} tokens) ---`, a.prompt);
  return `${lines.join("\n")}\n`;
}

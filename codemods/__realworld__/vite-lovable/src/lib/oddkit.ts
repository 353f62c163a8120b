/**
 * oddkit client for the handbook. Lovable generated this; we only added the
 * knowledge base so every call searches our handbook repo, not the default one.
 */
const ODDKIT_URL: string = import.meta.env?.VITE_ODDKIT_URL || "https://oddkit.klappy.dev/mcp";
const KNOWLEDGE_BASE_URL = "https://github.com/klappy/klappy.dev";

export type OddkitAction = "search" | "get" | "catalog" | "resolve";

export async function oddkit(action: OddkitAction, input: string, options: Record<string, unknown> = {}) {
  const response = await fetch(ODDKIT_URL, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Accept": "application/json",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: Date.now(),
      method: "tools/call",
      params: {
        name: "oddkit",
        arguments: { action, input, knowledge_base_url: KNOWLEDGE_BASE_URL, ...options },
      },
    }),
  });

  if (!response.ok) {
    throw new Error(`oddkit ${action} failed (${response.status})`);
  }

  const data = await response.json();
  const envelope = JSON.parse(data.result.content[0].text);
  return envelope.result;
}

/**
 * `/ask <question>`: Slack posts the slash command here (form-encoded); we
 * answer with the best handbook pages, only visible to the asker.
 */
const ODDKIT_URL = process.env.ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp";
const SITE = "https://klappy.dev";

interface Hit {
  uri: string;
  path: string;
  title: string;
  score: number;
}

async function askOddkit(question: string): Promise<Hit[]> {
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "oddkit",
        arguments: { action: "search", input: question, knowledge_base_url: process.env.KB_URL },
      },
    }),
  });
  const rpc = await res.json();
  return JSON.parse(rpc.result.content[0].text).result.hits;
}

export async function handleAsk(req: Request): Promise<Response> {
  const form = new URLSearchParams(await req.text());
  const question = (form.get("text") ?? "").trim();
  if (!question) return Response.json({ response_type: "ephemeral", text: "Usage: /ask <question>" });

  const hits = await askOddkit(question);
  const blocks = hits.slice(0, 3).map((hit) => ({
    type: "section",
    text: {
      type: "mrkdwn",
      text: `*<${SITE}/${hit.path.replace(/\.md$/, "")}|${hit.title}>*`,
    },
  }));
  return Response.json({
    response_type: "ephemeral",
    text: hits.length ? `Pages about "${question}"` : `Nothing about "${question}" yet.`,
    blocks,
  });
}

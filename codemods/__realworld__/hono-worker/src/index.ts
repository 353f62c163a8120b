import { Hono } from "hono";
import { cors } from "hono/cors";
import { type Env, mcpCall } from "./mcp";
import { CATALOG_TOOL, SEARCH_TOOL } from "./tools";

const app = new Hono<{ Bindings: Env }>();

app.use("/api/*", cors());

app.get("/api/search", async (c) => {
  const q = c.req.query("q");
  if (!q) return c.json({ error: "q is required" }, 400);
  const envelope = await mcpCall(c.env, SEARCH_TOOL, { input: q, include_metadata: true });
  const hits = envelope.result.hits.map((hit: any) => ({
    uri: hit.uri,
    title: hit.title,
    score: Math.round(hit.score * 100) / 100,
    tags: hit.tags,
  }));
  return c.json({ q, hits });
});

app.get("/api/handoffs", async (c) => {
  const envelope = await mcpCall(c.env, CATALOG_TOOL, { sort_by: "date", limit: 500 });
  const handoffs = envelope.result.articles
    .filter((a: any) => a.path.startsWith("odd/handoffs/"))
    .slice(0, 10)
    .map((a: any) => ({ uri: a.uri, title: a.title, date: a.metadata.date }));
  return c.json({ handoffs });
});

app.notFound((c) => c.json({ error: "not found" }, 404));

export default app;

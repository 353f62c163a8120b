import { oddkit } from "../../lib/oddkit";

export const revalidate = 300;

interface Entry {
  uri: string;
  title: string;
  metadata: Record<string, unknown>;
}

export default async function EssaysPage() {
  // Decided (listings=complete): every page of the date listing (metadata caps a page at 100).
  const articles: Entry[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await oddkit<{ data: Entry[]; total: number }>("oddkit_catalog", {
      include: ["canon", "docs", "journals", "essays", "apocrypha"],
      sort_by: "date",
      disclosure: ["metadata"],
      limit: 100,
      offset,
    });
    articles.push(...page.data);
    if (page.data.length === 0 || offset + page.data.length >= page.total) break;
  }
  const essays = articles.filter(({ metadata }) => metadata.audience === "public" && metadata.exposure === "public");

  return (
    <main className="essays">
      <h1>Essays</h1>
      <ul>
        {essays.map((essay) => (
          <li key={essay.uri}>
            <a href={`/read?uri=${encodeURIComponent(essay.uri)}`}>{essay.title}</a>
            {essay.metadata.date ? <time>{String(essay.metadata.date)}</time> : null}
          </li>
        ))}
      </ul>
    </main>
  );
}

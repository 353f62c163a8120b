import { oddkit } from "../../lib/oddkit";

export const revalidate = 300;

interface Entry {
  uri: string;
  title: string;
  metadata: Record<string, unknown>;
}

export default async function EssaysPage() {
  // Wrong: five pages of 100 keep the legacy 500-document cut that listings=complete lifts.
  const articles: Entry[] = [];
  for (let offset = 0; offset < 500; offset += 100) {
    const page = await oddkit<{ data: Entry[] }>("oddkit_catalog", {
      include: ["canon", "docs", "journals", "essays", "apocrypha"],
      sort_by: "date",
      disclosure: ["metadata"],
      limit: 100,
      offset,
    });
    articles.push(...page.data);
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

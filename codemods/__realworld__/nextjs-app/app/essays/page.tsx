import { oddkit } from "../../lib/oddkit";
import type { CatalogResult } from "../../lib/types";

export const revalidate = 300;

export default async function EssaysPage() {
  const { articles } = await oddkit<CatalogResult>("oddkit_catalog", {
    sort_by: "date",
    limit: 500,
    include_metadata: true,
  });

  const essays = articles.filter((a) => a.metadata.audience === "public" && a.metadata.exposure === "public");

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

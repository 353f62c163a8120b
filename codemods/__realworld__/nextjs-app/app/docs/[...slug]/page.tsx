import { notFound } from "next/navigation";
import { oddkit } from "../../../lib/oddkit";
import type { GetResult } from "../../../lib/types";

interface Props {
  params: { slug: string[] };
}

export default async function DocPage({ params }: Props) {
  const uri = `klappy://${params.slug.join("/")}`;
  const doc = await oddkit<GetResult>("oddkit_get", { input: uri });

  if (doc.error) notFound();

  // Front matter is shown as a collapsible block above the body.
  const [, frontmatter = "", body = doc.content] = doc.content.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/) ?? [];

  return (
    <article>
      <details>
        <summary>Front matter</summary>
        <pre>{frontmatter}</pre>
      </details>
      <pre className="markdown">{body}</pre>
      <footer>Source: {doc.path}</footer>
    </article>
  );
}

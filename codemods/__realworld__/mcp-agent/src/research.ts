import { connectOddkit, disconnect, tool } from "./client";

const SEARCH = "oddkit_search";

export interface Source {
  uri: string;
  title: string;
  score: number;
}

/** Sources for one research question: the best hits, with their revision for citation. */
export async function gatherSources(question: string): Promise<Source[]> {
  const c = await connectOddkit();
  try {
    const envelope = await tool(c, SEARCH, { input: question });
    const {
      result: { hits = [] },
    } = envelope;
    return hits.map(({ uri, title, score }: Source) => ({ uri, title, score }));
  } finally {
    await disconnect();
  }
}

/** The current revision hash of a cited document, or null when it is gone. */
export async function citationHash(uri: string): Promise<string | null> {
  const c = await connectOddkit();
  try {
    const doc = (await tool(c, "oddkit_get", { input: uri })).result;
    if (doc.error) return null;
    return doc.content_hash;
  } finally {
    await disconnect();
  }
}

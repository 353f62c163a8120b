// Your code under test: renders the public essays as links, through the oddkit client.
import { getEssaysIndex, type OddkitClient } from "oddkit-sdk";

export async function essayLinks(client: OddkitClient): Promise<string[]> {
  const essays = await getEssaysIndex(client);
  return essays.data.map(
    (essay) => `<a href="/essays?uri=${encodeURIComponent(essay.uri)}">${essay.title}</a>`,
  );
}

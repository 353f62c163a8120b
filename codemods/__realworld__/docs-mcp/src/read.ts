import { upstream } from "./oddkit";

/** `docs_read`: one section of a handbook document, or the sections it has when the name is wrong. */
export async function readDoc({ uri, section }: { uri: string; section: string }) {
  const { result } = await upstream("oddkit_get", { input: uri, section });
  if (result.available_sections) {
    return {
      isError: true,
      content: [
        {
          type: "text" as const,
          text: `No section "${section}". Try one of: ${result.available_sections.join(", ")}`,
        },
      ],
    };
  }
  if (result.error) return { isError: true, content: [{ type: "text" as const, text: result.error }] };
  return { content: [{ type: "text" as const, text: `## ${result.section}\n\n${result.content}` }] };
}

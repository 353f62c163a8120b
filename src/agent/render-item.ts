/**
 * How one delivered document reads in a prompt. Expansion budgets, context
 * rendering and admission all measure exactly this text, so what was counted
 * is what is sent.
 */

export interface RenderableItem {
  readonly uri: string;
  readonly title: string;
  readonly body: string;
}

/** A delivered document as a Markdown section: title, its address, then the body. */
export function renderItem(item: RenderableItem): string {
  return `## ${item.title}\n\nSource: <${item.uri}>\n\n${item.body.trim()}\n`;
}

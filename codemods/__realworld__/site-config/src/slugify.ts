/** "On Token Budgets" → "on-token-budgets" */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Path of a document → its URL on the site ("writings/foo.md" → "/writings/foo"). */
export function pathToHref(path: string): string {
  return "/" + path.replace(/\.md$/, "");
}

/** Stand-in for `next/navigation` (realworld harness only): notFound() throws what Next.js catches. */
export class NotFoundError extends Error {
  constructor() {
    super("NEXT_NOT_FOUND");
    this.digest = "NEXT_NOT_FOUND";
  }
}
export function notFound() {
  throw new NotFoundError();
}

/** Stand-in for SvelteKit's `$env/dynamic/public` (realworld harness only): the PUBLIC_ variables. */
export const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("PUBLIC_")));

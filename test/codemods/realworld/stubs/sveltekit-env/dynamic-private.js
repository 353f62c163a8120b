/** Stand-in for SvelteKit's `$env/dynamic/private` (realworld harness only): the process environment. */
export const env = process.env;

/**
 * Bounds of `migrate`'s file layer (documented in docs/codemods.md, "Limits
 * and failure behaviour"). A file over the size limit is reported in the
 * summary's `skipped` list and never read: parsing a multi-megabyte file
 * with jscodeshift/recast takes minutes and gigabytes, and a consumer file
 * that large is generated output, not code to migrate.
 */
export const MIGRATE_MAX_FILE_BYTES = 1024 * 1024;

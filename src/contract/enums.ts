/**
 * Every enumeration of the retrieval disclosure contract, declared once.
 * Constants are `as const` tuples so that zod enums and TypeScript literal
 * unions are both derived from the same value.
 */
import * as z from "zod";
import { ACTIONS, FLAGS, KINDS, NOINDEX_EXPOSURE } from "./names.js";

// These tuples live in names.ts (zod-free: read by the CLI's --help through ACTION_SPECS, and by the
// corpus loader's worker threads through kinds.ts).
export { ACTIONS, FLAGS, KINDS, NOINDEX_EXPOSURE };
export const ActionSchema = z.enum(ACTIONS);
/** One retrieval action: `search`, `catalog`, `get`, `resolve` or `preflight` (one client method each). */
export type Action = z.infer<typeof ActionSchema>;

export const FlagSchema = z.enum(FLAGS);
/** A disclosure flag: what a caller asks to receive beyond the floor (`uri`, `title`, …) of each entry. */
export type Flag = z.infer<typeof FlagSchema>;

export const KindSchema = z.enum(KINDS);
/** A document kind, derived by the server from the document's path; filters `include`/`exclude` name kinds. */
export type Kind = z.infer<typeof KindSchema>;

export const AUDIENCES = ["canon", "docs", "public", "odd", "operators", "apocrypha"] as const;
export const AudienceSchema = z.enum(AUDIENCES);
export type Audience = z.infer<typeof AudienceSchema>;

export const EXPOSURES = ["nav", "public", "draft", "hidden", "internal"] as const;
export const ExposureSchema = z.enum(EXPOSURES);
export type Exposure = z.infer<typeof ExposureSchema>;

export const TIERS = [1, 2, 3, 4] as const;
export const TierSchema = z.literal(TIERS);
export type Tier = z.infer<typeof TierSchema>;

/** `result.status` values seen on the wire. */
export const STATUSES = ["FOUND", "NO_MATCH", "NOT_FOUND", "ERROR"] as const;
export const StatusSchema = z.enum(STATUSES);
export type Status = z.infer<typeof StatusSchema>;

/** Catalog orderings. */
export const SORT_ORDERS = ["path", "date"] as const;
export const SortBySchema = z.enum(SORT_ORDERS);
/** A catalog ordering (`sort_by`): by path, or by date. */
export type SortBy = z.infer<typeof SortBySchema>;

/** Why an entry is in a preflight bundle (this project's choice; the contract leaves it to the action). */
export const PREFLIGHT_ROLES = ["relevant", "start_here", "constraint", "definition_of_done"] as const;
export const PreflightRoleSchema = z.enum(PREFLIGHT_ROLES);
/** The `role` of an entry in a preflight bundle: why it was picked for the task. */
export type PreflightRole = z.infer<typeof PreflightRoleSchema>;

/**
 * oddkit-sdk/contract: the retrieval disclosure contract for those who
 * implement or check a server — the action, flag and kind vocabulary, the
 * caps, request validation, result schemas and JSON Schemas, entry
 * projection, filters, kinds and the compliance checks.
 */
export { ACTION_SPECS, type ManyAction, type OneAction } from "../contract/actions.js";
export { defaultLimitFor, effectiveCap, FLAG_CAPS, NO_FLAG_CAP } from "../contract/caps.js";
export { checkTokenReduction } from "../contract/checks/11-token-reduction.js";
export type { ComplianceViolation } from "../contract/checks/check.js";
export { checkCompliance } from "../contract/compliance.js";
export { type AnyEntry, allowedEntryFields, type Entry, projectEntry } from "../contract/entries.js";
export type { Action, Flag, Kind } from "../contract/enums.js";
export {
  type ErrorCode,
  type ErrorEnvelope,
  ErrorEnvelopeSchema,
  limitExceedsCapError,
} from "../contract/errors.js";
export { type Filters, filtersApplied, matchesFilters, resolveKindSet } from "../contract/filters.js";
export { inputJsonSchema, LIMIT_MAXIMUM } from "../contract/json-schema.js";
export {
  DEFAULT_KIND_MAP,
  type KindMap,
  kindFromPath,
  parseKindMap,
  resolveKind,
} from "../contract/kinds.js";
export { ACTIONS, FLAGS, KINDS } from "../contract/names.js";
export { outputJsonSchema } from "../contract/output-schema.js";
export type { RequestInput } from "../contract/requests.js";
export { type ContractResult, resultSchema } from "../contract/responses.js";
export { permittedFlags, resolveDisclosure, validateRequest } from "../contract/rules.js";
export { actionForTool, toolNameFor, UNIFIED_TOOL } from "../contract/tools.js";
export { pathForKlappyUri } from "../contract/uris.js";

/**
 * msw handlers that stand in for an oddkit server in
 * your own tests (contract-compliant, legacy or window shape), and typed
 * faults to check that your code fails closed. Requires `msw` (>= 2), an
 * optional peer dependency of oddkit-sdk.
 *
 * Internal barrel for imports inside src/ (and tests); not a package entry.
 * The public names are listed in src/entries/testing.ts.
 */
export {
  type Fault,
  type FaultTarget,
  faults,
  type HttpFault,
  type ResultFault,
  type ToolCall,
} from "./faults.js";
export { type FramedBody, type JsonRpcMessage, readFramedBody } from "./framing.js";
export { createOddkitHandlers, type OddkitHandlers, type OddkitHandlersOptions } from "./handlers.js";

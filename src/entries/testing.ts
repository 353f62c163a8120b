/**
 * oddkit-sdk/testing: msw handlers that answer as an oddkit server, and the
 * faults to inject into them.
 */
export {
  type Fault,
  type FaultTarget,
  faults,
  type HttpFault,
  type ResultFault,
  type ToolCall,
} from "../testing/faults.js";
export {
  createOddkitHandlers,
  type OddkitHandlers,
  type OddkitHandlersOptions,
} from "../testing/handlers.js";

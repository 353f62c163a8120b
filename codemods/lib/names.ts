/** Transform names, in a module of their own so that the registry can name a transform without loading it. */
export const RESPONSE_TYPES = "response-types";

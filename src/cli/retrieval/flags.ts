/**
 * CLI flags of the retrieval verbs, derived from each action's published
 * input schema (`inputJsonSchema`, itself derived from the contract core's
 * request schemas), so a new parameter or filter value shows up in the CLI
 * without anyone restating it here. Values are parsed strictly: a value the
 * schema cannot hold is a usage error naming the flag and what it accepts.
 */
import { type Command, Option } from "commander";
import { ACTION_SPECS, type Action, inputJsonSchema } from "../../contract/index.js";
import { CliUsageError } from "../../errors/index.js";

/** How a wire parameter is spelled and parsed on the command line. */
export interface ParamFlag {
  /** Wire parameter name (`path_prefix`). */
  readonly param: string;
  /** Long flag (`--path-prefix`). */
  readonly flag: string;
  readonly kind: "boolean" | "integer" | "choice" | "string" | "list";
  /** List items are numbers (tier). */
  readonly numeric: boolean;
  /** Accepted values, when the schema enumerates them. */
  readonly choices: readonly (string | number)[] | null;
  readonly description: string;
}

type JsonSchema = Record<string, unknown>;

function itemsOf(schema: JsonSchema): JsonSchema | null {
  if (schema.type === "array") return (schema.items as JsonSchema | undefined) ?? null;
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  const array = anyOf?.find((s) => s.type === "array");
  return array ? ((array.items as JsonSchema | undefined) ?? null) : null;
}

function describeFlag(param: string, schema: JsonSchema): ParamFlag {
  const flag = `--${param.replaceAll("_", "-")}`;
  const description = String(schema.description ?? param);
  const items = itemsOf(schema);
  if (items) {
    const choices = (items.enum as (string | number)[] | undefined) ?? null;
    const numeric = items.type === "number" || items.type === "integer";
    return { param, flag, kind: "list", numeric, choices, description };
  }
  const choices = (schema.enum as (string | number)[] | undefined) ?? null;
  const kind =
    schema.type === "boolean"
      ? "boolean"
      : schema.type === "integer" || schema.type === "number"
        ? "integer"
        : choices
          ? "choice"
          : "string";
  return { param, flag, kind, numeric: kind === "integer", choices, description };
}

/** Every flag of an action's verb: each schema property except `input`, which is the positional argument. */
export function paramFlags(action: Action): ParamFlag[] {
  const { properties } = inputJsonSchema(action);
  return Object.entries(properties)
    .filter(([param]) => param !== "input")
    .map(([param, schema]) => describeFlag(param, schema));
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Register the flags on a command (values stay raw strings; `readParams` parses them). */
export function addParamFlags(command: Command, flags: readonly ParamFlag[]): void {
  for (const f of flags) {
    // Accepted values, unless the schema's description already lists them.
    const listed = f.choices?.join(", ");
    const accepts = listed && !f.description.includes(listed) ? ` (${listed})` : "";
    if (f.kind === "boolean") {
      command.addOption(new Option(f.flag, f.description));
      command.addOption(new Option(`--no-${f.flag.slice(2)}`, `Pass ${f.param}: false`));
    } else if (f.kind === "list") {
      const how = f.param === "disclosure" ? "comma list or repeated; '' for none" : "comma list or repeated";
      command.addOption(
        new Option(`${f.flag} <values>`, `${f.description}${accepts}; ${how}`).argParser(collect),
      );
    } else {
      command.addOption(new Option(`${f.flag} <value>`, `${f.description}${accepts}`));
    }
  }
}

function attributeName(flag: ParamFlag): string {
  return flag.param.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

function parseNumber(flag: ParamFlag, raw: string): number {
  if (!/^-?\d+$/.test(raw.trim())) {
    throw new CliUsageError(`${flag.flag}: '${raw}' is not an integer`);
  }
  return Number(raw);
}

function checkChoice(flag: ParamFlag, value: string | number): void {
  if (flag.choices && !flag.choices.includes(value)) {
    throw new CliUsageError(`${flag.flag}: '${value}' is not one of ${flag.choices.join(", ")}`);
  }
}

/**
 * Wire parameters from parsed option values. A list flag given one value is
 * passed as a scalar (`--audience public` → `audience: "public"`), several as
 * an array, exactly as a library caller would write them.
 */
export function readParams(
  flags: readonly ParamFlag[],
  options: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const f of flags) {
    const raw = options[attributeName(f)];
    if (raw === undefined) continue;
    if (f.kind === "boolean") {
      params[f.param] = raw === true;
    } else if (f.kind === "list") {
      const values = (raw as string[])
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter((v) => v !== "");
      if (values.length === 0 && f.param !== "disclosure") {
        throw new CliUsageError(`${f.flag}: give at least one value`);
      }
      const parsed = values.map((v) => (f.numeric ? parseNumber(f, v) : v));
      // Disclosure values are the library's to judge: a flag the action does not permit
      // (or no flag at all) is refused as DISCLOSURE_FLAG_NOT_PERMITTED, as for a library
      // caller, not as a CLI parsing error. The help still lists the permitted ones.
      if (f.param !== "disclosure") for (const v of parsed) checkChoice(f, v);
      params[f.param] = f.param === "disclosure" || parsed.length > 1 ? parsed : parsed[0];
    } else if (f.kind === "integer") {
      params[f.param] = parseNumber(f, String(raw));
    } else {
      checkChoice(f, String(raw));
      params[f.param] = String(raw);
    }
  }
  return params;
}

/** The positional argument of an action (`<query>`, `<uri>`, `<task>`), if it takes one. */
export function inputArgument(action: Action): string | null {
  return ACTION_SPECS[action].input?.name ?? null;
}

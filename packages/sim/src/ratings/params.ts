/**
 * Model parameters of `ratings eval`: values, search spaces, and their text form
 * (`k=28,scale=400`).
 */

/** A parameter value: a number or one of a few named choices. */
export type ParamValue = number | string;

/** A model's parameters by name. */
export type Params = Readonly<Record<string, ParamValue>>;

/** The search space of one parameter. */
export type ParamSpec =
  | {
      readonly name: string;
      readonly kind: 'number';
      readonly min: number;
      readonly max: number;
      /** Search evenly in log space (positive scale parameters) or linearly. */
      readonly scale: 'log' | 'linear';
      readonly integer?: boolean;
    }
  | { readonly name: string; readonly kind: 'choice'; readonly choices: readonly string[] };

/** A number parameter read from params (throws if missing: the registry always supplies defaults). */
export function numberParam(params: Params, name: string): number {
  const value = params[name];
  if (typeof value !== 'number') throw new TypeError(`parameter ${name} must be a number`);
  return value;
}

/** A number parameter, or `fallback` when the model runs without it (e.g. on an undated file). */
export function optionalNumberParam(params: Params, name: string, fallback: number): number {
  return name in params ? numberParam(params, name) : fallback;
}

/** A choice parameter read from params. */
export function choiceParam(params: Params, name: string): string {
  const value = params[name];
  if (typeof value !== 'string') throw new TypeError(`parameter ${name} must be a choice`);
  return value;
}

/** `name=value` pairs, numbers with up to 4 significant digits. */
export function formatParams(params: Params): string {
  return Object.entries(params)
    .map(([name, value]) => `${name}=${typeof value === 'number' ? Number(value.toPrecision(4)) : value}`)
    .join(',');
}

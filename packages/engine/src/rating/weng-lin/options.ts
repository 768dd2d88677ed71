/**
 * Checking the Weng-Lin options and turning them into the constants the hot path uses.
 */

import { ErrorCodes, MatchdError, requireFiniteOption } from '../../errors.ts';
import { rejectUnknownKeys } from './gaussian-match.ts';
import type { ThurstoneMostellerOptions, TruncationFormula, WengLinGamma, WengLinOptions } from './types.ts';

/** The resolved constants of a Weng-Lin model. */
export interface WengLinConstants {
  readonly mu: number;
  readonly sigma: number;
  readonly beta: number;
  readonly betaSq: number;
  readonly twoBetaSq: number;
  readonly kappa: number;
  readonly tau: number;
  readonly tauSq: number;
  readonly limitSigma: boolean;
  /** undefined: the default sqrt(teamSigmaSq) / c, computed inline. */
  readonly gamma: WengLinGamma | undefined;
  /** undefined: no score margins. */
  readonly margin: number | undefined;
  /** Thurstone-Mosteller only (0 elsewhere). */
  readonly epsilon: number;
  readonly truncation: TruncationFormula;
}

const COMMON_KEYS = ['mu', 'sigma', 'beta', 'kappa', 'tau', 'limitSigma', 'gamma', 'margin'] as const;
const THURSTONE_KEYS = [...COMMON_KEYS, 'epsilon', 'truncation'] as const;

/**
 * Validates `options` for the model `name` and resolves the defaults (openskill's: mu 25,
 * sigma 25/3, beta 25/6, kappa 1e-4, tau 25/300, epsilon 0.1). Throws MM_ERR_INVALID_OPTION on an
 * unknown key or a value out of range.
 */
export function resolveWengLinOptions(
  name: string,
  options: WengLinOptions | ThurstoneMostellerOptions | undefined,
  thurstone: boolean,
): WengLinConstants {
  rejectUnknownKeys(options, thurstone ? THURSTONE_KEYS : COMMON_KEYS, name);
  const o = (options ?? {}) as ThurstoneMostellerOptions;
  const mu = requireFiniteOption(`${name}.mu`, o.mu ?? 25);
  const sigma = requireFiniteOption(`${name}.sigma`, o.sigma ?? 25 / 3, Number.MIN_VALUE);
  const beta = requireFiniteOption(`${name}.beta`, o.beta ?? 25 / 6, Number.MIN_VALUE);
  const kappa = requireFiniteOption(`${name}.kappa`, o.kappa ?? 1e-4, Number.MIN_VALUE, 1);
  const tau = requireFiniteOption(`${name}.tau`, o.tau ?? 25 / 300, 0);
  const limitSigma = o.limitSigma ?? false;
  if (typeof limitSigma !== 'boolean') {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, `${name}.limitSigma must be a boolean`, {
      path: `${name}.limitSigma`,
    });
  }
  if (o.gamma !== undefined && typeof o.gamma !== 'function') {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, `${name}.gamma must be a function`, {
      path: `${name}.gamma`,
    });
  }
  const margin = o.margin === undefined ? undefined : requireFiniteOption(`${name}.margin`, o.margin, 0);
  const epsilon = thurstone ? requireFiniteOption(`${name}.epsilon`, o.epsilon ?? 0.1, Number.MIN_VALUE) : 0;
  const truncation = o.truncation ?? 'exact';
  if (truncation !== 'exact' && truncation !== 'openskill') {
    throw new MatchdError(ErrorCodes.INVALID_OPTION, `${name}.truncation must be 'exact' or 'openskill'`, {
      path: `${name}.truncation`,
      value: String(truncation),
    });
  }
  const betaSq = beta * beta;
  return {
    mu,
    sigma,
    beta,
    betaSq,
    twoBetaSq: 2 * betaSq,
    kappa,
    tau,
    tauSq: tau * tau,
    limitSigma,
    gamma: o.gamma,
    margin,
    epsilon,
    truncation,
  };
}

/**
 * The Glicko-2 rating-period update on the Glicko-2 scale (mu, phi, sigma), steps 3 to 7.
 *
 * Source: M. E. Glickman, "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf,
 * revision of 22 March 2022): step 3 v, step 4 Delta, step 5 the volatility by the Illinois
 * variant of regula falsi (5.1 to 5.5, including the 2022 change of `f(C) f(B) < 0` to `<= 0`),
 * step 6 the pre-period phi*, step 7 the new phi' and mu'. Steps 2 and 8 (the 173.7178 scale
 * change) live in glicko2.ts.
 *
 * Written allocation-free for throughput: opponents come in as parallel Float64Arrays and the
 * result is written into a caller's `Glicko2Step` record.
 * Cost: O(games) plus the Illinois iteration (typically 5 to 10 evaluations of f, one exp each).
 * Validation: glicko2.test.ts (Glickman's worked example, parity with the glicko2 npm package).
 */

/** Glickman's scale factor between the Glicko (1500 / 350) and Glicko-2 (0 / 2.01) scales. */
export const GLICKO2_SCALE = 173.7178;

const PI_SQUARED = Math.PI * Math.PI;

/** Glickman's g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2): how much an opponent's uncertainty dampens a game. */
export function glicko2G(phi: number): number {
  // Operation order as in the paper (and the npm package), so that parity holds to the last bits.
  return 1 / Math.sqrt(1 + (3 * (phi * phi)) / PI_SQUARED);
}

/** E(mu, mu_j, phi_j) = 1 / (1 + exp(-g(phi_j) (mu - mu_j))), written with the opponent's g precomputed. */
export function glicko2Expected(mu: number, opponentMu: number, opponentG: number): number {
  return 1 / (1 + Math.exp(-opponentG * (mu - opponentMu)));
}

/** The output of one step: the new mu, phi and sigma on the Glicko-2 scale. */
export interface Glicko2Step {
  mu: number;
  phi: number;
  sigma: number;
}

/** The inputs of one player's rating period on the Glicko-2 scale. */
export interface Glicko2StepInput {
  readonly mu: number;
  readonly phi: number;
  readonly sigma: number;
  /** Number of games; the first `count` entries of the arrays are read. */
  readonly count: number;
  readonly opponentMu: Float64Array;
  /** g(phi_j) of each opponent. */
  readonly opponentG: Float64Array;
  /** The player's score in each game: 1, 0.5 or 0. */
  readonly score: Float64Array;
  readonly tau: number;
  /** e^-tau, if the caller has it precomputed (saves an exp per step). */
  readonly expMinusTau?: number;
  readonly epsilon: number;
  /** How many rating periods step 6 grows phi by: 1 in the paper; elapsed / period length in continuous time. */
  readonly periods: number;
  /** Upper bound on phi* (step 6), Infinity for none. */
  readonly maxPhi: number;
}

/**
 * f(x) of step 5.1, e^x (Delta^2 - phi^2 - v - e^x) / (2 (phi^2 + v + e^x)^2) - (x - a) / tau^2, in
 * the paper's operation order, with e^x passed in: where e^x is known in closed form (x = a gives
 * sigma^2, x = ln(Delta^2 - phi^2 - v) gives its argument) no exp is spent. Positional parameters
 * on purpose: this runs 5 to 10 times per player per update, and an options object per call cost
 * a measured third of the update's time.
 */
function volatilityF(
  x: number,
  ex: number,
  delta2: number,
  phi2: number,
  v: number,
  a: number,
  tau2: number,
): number {
  const d = phi2 + v + ex;
  return (ex * (delta2 - phi2 - v - ex)) / (2 * (d * d)) - (x - a) / tau2;
}

/** Steps 5.1 to 5.5 with positional arguments (see `volatilityF` for why). */
function illinois(
  phi: number,
  sigma: number,
  v: number,
  delta: number,
  tau: number,
  epsilon: number,
  expMinusTau: number,
): number {
  const sigma2 = sigma * sigma;
  const a = Math.log(sigma2);
  const delta2 = delta * delta;
  const phi2 = phi * phi;
  const tau2 = tau * tau;
  // Every point's e^x is carried along with it (eA, eB), so that sigma' = e^(A/2) = sqrt(e^A)
  // costs a square root rather than another exp.
  let A = a;
  let eA = sigma2;
  let B: number;
  let eB: number;
  let fB: number;
  if (delta2 > phi2 + v) {
    eB = delta2 - phi2 - v;
    B = Math.log(eB);
    fB = volatilityF(B, eB, delta2, phi2, v, a, tau2);
  } else {
    // e^(a - k tau) = sigma^2 (e^-tau)^k: the bracket search needs no exp of its own.
    let k = 1;
    B = a - tau;
    eB = sigma2 * expMinusTau;
    fB = volatilityF(B, eB, delta2, phi2, v, a, tau2);
    while (fB < 0) {
      k++;
      B = a - k * tau;
      eB *= expMinusTau;
      fB = volatilityF(B, eB, delta2, phi2, v, a, tau2);
    }
  }
  let fA = volatilityF(A, eA, delta2, phi2, v, a, tau2);
  while (Math.abs(B - A) > epsilon) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const eC = Math.exp(C);
    const fC = volatilityF(C, eC, delta2, phi2, v, a, tau2);
    if (fC * fB <= 0) {
      A = B;
      eA = eB;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    eB = eC;
    fB = fC;
  }
  return Math.sqrt(eA);
}

/** Steps 5.1 to 5.5: the new volatility sigma' by the Illinois iteration, to tolerance `epsilon` in log(sigma^2). */
export function glicko2Volatility(input: {
  readonly phi: number;
  readonly sigma: number;
  readonly v: number;
  readonly delta: number;
  readonly tau: number;
  readonly epsilon: number;
}): number {
  return illinois(
    input.phi,
    input.sigma,
    input.v,
    input.delta,
    input.tau,
    input.epsilon,
    Math.exp(-input.tau),
  );
}

/**
 * One player's rating period, steps 3 to 7, written into `out`. With no games only phi grows
 * (phi' = sqrt(phi^2 + periods * sigma^2)), as the paper prescribes for a player who did not compete.
 */
export function glicko2Step(input: Glicko2StepInput, out: Glicko2Step): void {
  const { mu, phi, sigma, count, opponentMu, opponentG, score } = input;
  if (count === 0) {
    out.mu = mu;
    out.phi = Math.min(Math.sqrt(phi * phi + input.periods * sigma * sigma), input.maxPhi);
    out.sigma = sigma;
    return;
  }
  // Step 3 (v) and the sum of step 4 in one pass.
  let inverseV = 0;
  let sum = 0;
  for (let j = 0; j < count; j++) {
    const g = opponentG[j] as number;
    const e = 1 / (1 + Math.exp(-g * (mu - (opponentMu[j] as number))));
    inverseV += g * g * e * (1 - e);
    sum += g * ((score[j] as number) - e);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  // Step 5.
  const newSigma = illinois(
    phi,
    sigma,
    v,
    delta,
    input.tau,
    input.epsilon,
    input.expMinusTau ?? Math.exp(-input.tau),
  );
  // Step 6.
  const phiStar = Math.min(Math.sqrt(phi * phi + input.periods * newSigma * newSigma), input.maxPhi);
  // Step 7.
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  out.mu = mu + newPhi * newPhi * sum;
  out.phi = newPhi;
  out.sigma = newSigma;
}

/**
 * The models `ratings eval` runs, each as a factory from parameters to a `RatingModel` plus what
 * the online protocol should do around it, with defaults and a search space for `--tune`; and the
 * registry with their variants (eval-variants.ts): `+time` for Weng-Lin and TrueSkill on dated
 * files, `+side` and `+home` on sided files, `+slope` for every model and variant.
 */
import {
  constantK,
  createBradleyTerryFull,
  createBradleyTerryPart,
  createElo,
  createFermi,
  createGlicko2,
  createMarginModel,
  createPlackettLuce,
  createThurstoneMostellerFull,
  createThurstoneMostellerPart,
  createTrueSkill,
  dominationsK,
  eloRatingAccess,
  type FermiRating,
  type Glicko2TeamReduction,
  gaussianRatingAccess,
  glicko2RatingAccess,
  MarginMoments,
  type MarginRating,
  type RatingAccess,
  type RatingModel,
  type SkillEstimate,
  type WengLinModel,
  type WengLinOptions,
} from '@matchd/engine';
import type { EvalModelSpec, EvalRunner, FileTraits } from './eval-types.ts';
import {
  withDrawTerm,
  withHome,
  withMargin,
  withSeason,
  withSide,
  withSlope,
  withTime,
} from './eval-variants.ts';
import { choiceParam, numberParam, optionalNumberParam } from './params.ts';

export type { EvalModelSpec, EvalRunner, FileTraits } from './eval-types.ts';

function erase<TRating>(model: RatingModel<TRating>): RatingModel<unknown> {
  return model as RatingModel<unknown>;
}

/** Elo and Glicko-2 points per log-odds unit: 400 / ln 10. */
const ELO_LOG_ODDS_UNIT = 400 / Math.LN10;

/** Elo with one K (the scale 400 is fixed: only K / scale matters to predictions). */
const elo: EvalModelSpec = {
  name: 'elo',
  summary: 'Elo, constant K, teams by mean',
  defaults: () => ({ k: 32 }),
  space: () => [{ name: 'k', kind: 'number', min: 2, max: 150, scale: 'log' }],
  create: (params) => ({
    model: erase(createElo({ kPolicy: constantK(numberParam(params, 'k')) })),
    access: eloRatingAccess as RatingAccess<unknown>,
    logOddsUnit: ELO_LOG_ODDS_UNIT,
  }),
};

/** Elo with a higher K for a player's first games (DomiNations' new-player K; Dota's calibration). */
const eloNewcomer: EvalModelSpec = {
  name: 'elo-newcomer',
  summary: 'Elo, higher K for the first N games (DomiNations), no streak term',
  defaults: () => ({ k: 32, newPlayerK: 64, newPlayerGames: 10 }),
  space: () => [
    { name: 'k', kind: 'number', min: 2, max: 150, scale: 'log' },
    { name: 'newPlayerK', kind: 'number', min: 4, max: 400, scale: 'log' },
    { name: 'newPlayerGames', kind: 'number', min: 1, max: 100, scale: 'log', integer: true },
  ],
  create: (params) => ({
    model: erase(
      createElo({
        kPolicy: dominationsK({
          baseK: numberParam(params, 'k'),
          newPlayerK: numberParam(params, 'newPlayerK'),
          newPlayerGames: numberParam(params, 'newPlayerGames'),
          streakMultiplier: 1,
        }),
      }),
    ),
    access: eloRatingAccess as RatingAccess<unknown>,
    logOddsUnit: ELO_LOG_ODDS_UNIT,
  }),
};

/**
 * Elo whose K falls with the games a player has played, K = kScale / (games + offset)^shape: the
 * K policy FiveThirtyEight published for tennis (250 / (games + 5)^0.4), a smooth version of
 * calibration's faster first games.
 */
const eloDecayingK: EvalModelSpec = {
  name: 'elo-decaying-k',
  summary: 'Elo, K = kScale / (games + offset)^shape (FiveThirtyEight tennis)',
  defaults: () => ({ kScale: 250, offset: 5, shape: 0.4 }),
  space: () => [
    { name: 'kScale', kind: 'number', min: 10, max: 2000, scale: 'log' },
    { name: 'offset', kind: 'number', min: 0.5, max: 200, scale: 'log' },
    { name: 'shape', kind: 'number', min: 0.01, max: 1.2, scale: 'linear' },
  ],
  create: (params) => {
    const kScale = numberParam(params, 'kScale');
    const offset = numberParam(params, 'offset');
    const shape = numberParam(params, 'shape');
    return {
      model: erase(createElo({ kPolicy: ({ player }) => kScale / (player.games + offset) ** shape })),
      access: eloRatingAccess as RatingAccess<unknown>,
      logOddsUnit: ELO_LOG_ODDS_UNIT,
    };
  },
};

const fermiAccess: RatingAccess<FermiRating> = {
  estimate: (r): SkillEstimate => ({ mean: r.rating, deviation: 0 }),
  withEstimate: (r, e) => ({ ...r, rating: e.mean }),
  hasDeviation: false,
};

/**
 * Kreimeier's Fermi model. Only maxGain / T matters to predictions (rescaling both rescales the
 * ratings), so T stays 1 and maxGain is tuned; on dated files also his decay toward the mean.
 */
const fermiModel: EvalModelSpec = {
  name: 'fermi',
  summary: "Kreimeier's Fermi model (zero-sum, T = 1), optional decay toward the mean",
  defaults: (traits) => ({ maxGain: 1, ...(traits.hasDates ? { decayPerYear: 0 } : {}) }),
  space: (traits) => [
    { name: 'maxGain', kind: 'number', min: 0.005, max: 2, scale: 'log' },
    ...(traits.hasDates
      ? ([{ name: 'decayPerYear', kind: 'number', min: 0, max: 0.5, scale: 'linear' }] as const)
      : []),
  ],
  create: (params) => {
    const decayPerYear = optionalNumberParam(params, 'decayPerYear', 0);
    return {
      model: erase(
        createFermi({
          maxGain: numberParam(params, 'maxGain'),
          ...(decayPerYear > 0
            ? { decay: { perPeriod: decayPerYear, periodLengthMs: 365 * 86_400_000 } }
            : {}),
        }),
      ),
      access: fermiAccess as RatingAccess<unknown>,
      logOddsUnit: 1,
    };
  },
};

const DAY_MS = 86_400_000;

/**
 * Glicko-2, per-match (every update is one rating period, as the npm package is usually fed) or in
 * continuous time (a period of `periodDays`, RD growing with time away up to the initial RD).
 */
const glicko2: EvalModelSpec = {
  name: 'glicko2',
  summary: 'Glicko-2 (Glickman), per-match or continuous-time periods',
  defaults: () => ({
    tau: 0.5,
    initialRd: 350,
    schedule: 'match',
    periodDays: 30,
    teamReduction: 'composite',
  }),
  space: (traits) => [
    { name: 'tau', kind: 'number', min: 0.01, max: 3, scale: 'log' },
    { name: 'initialRd', kind: 'number', min: 30, max: 700, scale: 'log' },
    ...(traits.hasDates
      ? ([
          { name: 'schedule', kind: 'choice', choices: ['match', 'period'] },
          { name: 'periodDays', kind: 'number', min: 1, max: 730, scale: 'log' },
        ] as const)
      : []),
    { name: 'teamReduction', kind: 'choice', choices: ['composite', 'pairwise'] },
  ],
  create: (params) => {
    const initialRd = numberParam(params, 'initialRd');
    const continuous = choiceParam(params, 'schedule') === 'period';
    return {
      model: erase(
        createGlicko2({
          tau: numberParam(params, 'tau'),
          initialRd,
          teamReduction: choiceParam(params, 'teamReduction') as Glicko2TeamReduction,
          ...(continuous
            ? { periodLengthMs: numberParam(params, 'periodDays') * DAY_MS, maxRd: initialRd }
            : {}),
        }),
      ),
      access: glicko2RatingAccess as RatingAccess<unknown>,
      logOddsUnit: ELO_LOG_ODDS_UNIT,
    };
  },
};

/** A Weng-Lin model (openskill's defaults; mu stays 25, the rest is tuned). */
function wengLin(
  name: string,
  summary: string,
  create: (options: WengLinOptions) => WengLinModel,
): EvalModelSpec {
  return {
    name,
    summary,
    defaults: () => ({ sigma: 25 / 3, beta: 25 / 6, tau: 25 / 300 }),
    space: () => [
      { name: 'sigma', kind: 'number', min: 0.5, max: 40, scale: 'log' },
      { name: 'beta', kind: 'number', min: 0.2, max: 40, scale: 'log' },
      { name: 'tau', kind: 'number', min: 0.00001, max: 3, scale: 'log' },
    ],
    create: (params) => ({
      model: erase(
        create({
          sigma: numberParam(params, 'sigma'),
          beta: numberParam(params, 'beta'),
          tau: numberParam(params, 'tau'),
        }),
      ),
      access: gaussianRatingAccess as RatingAccess<unknown>,
      // Phi(gap / (sqrt 2 beta)) ~ sigmoid(1.702 gap / (sqrt 2 beta)) between two settled players.
      logOddsUnit: (Math.SQRT2 * numberParam(params, 'beta')) / 1.702,
    }),
  };
}

const wengLinModels: readonly EvalModelSpec[] = [
  wengLin('weng-lin-pl', 'Weng-Lin Plackett-Luce (openskill default)', createPlackettLuce),
  wengLin('weng-lin-bt-full', 'Weng-Lin Bradley-Terry, all pairs', createBradleyTerryFull),
  wengLin('weng-lin-bt-part', 'Weng-Lin Bradley-Terry, adjacent ranks', createBradleyTerryPart),
  wengLin('weng-lin-tm-full', 'Weng-Lin Thurstone-Mosteller, all pairs', createThurstoneMostellerFull),
  wengLin('weng-lin-tm-part', 'Weng-Lin Thurstone-Mosteller, adjacent ranks', createThurstoneMostellerPart),
];

/** TrueSkill for two teams (TrueSkill's defaults; mu stays 25, the draw margin is tuned too). */
const trueSkill: EvalModelSpec = {
  name: 'trueskill',
  summary: 'TrueSkill (two teams, draw margin)',
  defaults: () => ({ sigma: 25 / 3, beta: 25 / 6, tau: 25 / 300, drawProbability: 0.1 }),
  space: () => [
    { name: 'sigma', kind: 'number', min: 0.5, max: 40, scale: 'log' },
    { name: 'beta', kind: 'number', min: 0.2, max: 40, scale: 'log' },
    { name: 'tau', kind: 'number', min: 0.00001, max: 3, scale: 'log' },
    // Above 0: a draw probability of 0 cannot rate a drawn game (TrueSkill's draw margin would be 0).
    { name: 'drawProbability', kind: 'number', min: 0.001, max: 0.5, scale: 'linear' },
  ],
  create: (params) => ({
    model: erase(
      createTrueSkill({
        sigma: numberParam(params, 'sigma'),
        beta: numberParam(params, 'beta'),
        tau: numberParam(params, 'tau'),
        drawProbability: numberParam(params, 'drawProbability'),
      }),
    ),
    access: gaussianRatingAccess as RatingAccess<unknown>,
    logOddsUnit: (Math.SQRT2 * numberParam(params, 'beta')) / 1.702,
  }),
};

const marginAccess: RatingAccess<MarginRating> = {
  estimate: (r): SkillEstimate => ({ mean: r.mean, deviation: Math.sqrt(r.variance) }),
  withEstimate: (r, e) => ({ ...r, mean: e.mean, variance: e.deviation * e.deviation }),
  hasDeviation: true,
};

/**
 * The margin model (engine margin-kalman.ts) with its parameters learned from past games
 * (`MarginMoments`), so it runs on any sport with defaults. Its terms are switches, so that each
 * one's gain can be measured: `home` (learned home advantage, none at neutral sites), `margins`
 * (`ignore` rates every win as a win by one), `keep` (season regression; 1 = none), `draw` (draw
 * band from the learned draw rate), `growth` (time: variance added per day away, as a share of the
 * prior variance; 0 = none).
 */
const marginKalman: EvalModelSpec = {
  name: 'margin-kalman',
  summary: 'Kalman filter on score margins; variances, home advantage and draw rate learned online',
  appliesTo: (traits) => traits.hasScores === true,
  defaults: (traits) => ({
    halfLifeDays: 730,
    margins: 'use',
    ...(traits.hasSides ? { home: 'on' } : {}),
    ...(traits.hasSeasons === true ? { keep: 2 / 3 } : {}),
    ...(traits.hasDraws === true ? { draw: 'on' } : {}),
    growth: 0,
  }),
  space: (traits) => [
    { name: 'halfLifeDays', kind: 'number', min: 30, max: 36_500, scale: 'log' },
    ...(traits.hasSeasons === true
      ? ([{ name: 'keep', kind: 'number', min: 0, max: 1, scale: 'linear' }] as const)
      : []),
    { name: 'growth', kind: 'number', min: 0, max: 0.01, scale: 'linear' },
  ],
  create: (params) => {
    const moments = new MarginMoments({ halfLifeDays: numberParam(params, 'halfLifeDays') });
    const useHome = params['home'] === 'on';
    const useDraw = params['draw'] === 'on';
    const ignoreMargins = choiceParam(params, 'margins') === 'ignore';
    const keep = optionalNumberParam(params, 'keep', 1);
    const growth = numberParam(params, 'growth');
    const build = () => {
      const learned = moments.options();
      return createMarginModel({
        observationVariance: learned.observationVariance,
        priorVariance: learned.priorVariance,
        homeAdvantage: useHome ? learned.homeAdvantage : 0,
        drawRate: useDraw ? learned.drawRate : 0,
        fallbackMargin: 1,
      });
    };
    let model = build();
    return {
      model,
      current: () => model,
      observe: ({ teams, context, result, timeMs }) => {
        const predicted = model.predictMargin({ teams: teams as MarginRating[][] }, context);
        const [rankA = 0, rankB = 0] = result.ranks;
        const margin =
          result.scores === undefined || ignoreMargins
            ? Math.sign(rankB - rankA)
            : (result.scores[0] as number) - (result.scores[1] as number);
        const homeTeam = context.neutral === true ? undefined : context.homeTeam;
        moments.observe({
          margin,
          predicted: predicted.mean,
          ratingVariance: predicted.variance - model.options.observationVariance,
          homeSign: homeTeam === 0 ? 1 : homeTeam === 1 ? -1 : 0,
          timeMs: timeMs ?? 0,
        });
        model = build();
        if (ignoreMargins) {
          // The update sees ranks only: a win is a win by one (fallbackMargin).
          const inner = model;
          model = {
            ...inner,
            update: (match, r, c) =>
              inner.update(
                match,
                {
                  ranks: r.ranks,
                  ...(r.homeTeam === undefined ? {} : { homeTeam: r.homeTeam }),
                  ...(r.neutral === undefined ? {} : { neutral: r.neutral }),
                },
                c,
              ),
          };
        }
      },
      access: marginAccess as RatingAccess<unknown>,
      ...(keep < 1
        ? {
            seasonRegression: () => ({
              keep,
              anchor: 0,
              priorDeviation: Math.sqrt(model.options.priorVariance),
            }),
          }
        : {}),
      ...(growth > 0
        ? {
            inactivity: () => ({
              deviationGrowthPerSqrtDay: Math.sqrt(growth * model.options.priorVariance),
              maxDeviation: Math.sqrt(model.options.priorVariance),
            }),
          }
        : {}),
    } as EvalRunner;
  },
};

/** The base models, in report order. */
export const BASE_MODELS: readonly EvalModelSpec[] = [
  elo,
  eloNewcomer,
  eloDecayingK,
  glicko2,
  fermiModel,
  ...wengLinModels,
  trueSkill,
  marginKalman,
];

/** Models whose own update ignores time, so `+time` adds something (Glicko-2 has its own schedule). */
const TIMELESS_WITH_DEVIATION: readonly EvalModelSpec[] = [...wengLinModels, trueSkill];

/** Every model with its variants, in report order. */
export function allModels(): EvalModelSpec[] {
  const base = [...BASE_MODELS];
  const timed = TIMELESS_WITH_DEVIATION.map((spec) => withTime(spec, 0.05, [0.001, 3]));
  // The margin model learns its own home advantage, so it takes no +side or +home.
  const sidedBase = base.filter((spec) => spec !== marginKalman);
  const sided = sidedBase.map(withSide);
  // Elo with each team-sport term added in turn (home, margin, season, draw).
  const eloHome = withHome(elo);
  const eloMargin = withMargin(eloHome);
  const eloSeason = withSeason(eloMargin);
  return [
    ...base,
    ...timed,
    ...sided,
    ...sidedBase.map(withHome),
    eloMargin,
    eloSeason,
    withDrawTerm(eloSeason),
    ...[...base, ...timed, ...sided].map(withSlope),
  ];
}

/** The models that apply to a file, in report order. */
export function modelsFor(traits: FileTraits): EvalModelSpec[] {
  return allModels().filter((spec) => spec.appliesTo?.(traits) ?? true);
}

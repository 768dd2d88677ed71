/**
 * A track's rating policy as a studio declares it (JSON, in a queue config's `rating.policy`, in the
 * service config's `ratingPolicies`, or by the name of a preset): which of the engine's models,
 * with which terms, how calibration runs and re-opens, what time away does, how a new season
 * regresses, how the rating is shown and to whom, and whether individual performance counts.
 * `checkPolicyDeclaration` is the one place that says what a declaration may hold; every number is
 * range-checked and every unknown field refused, naming its path (docs/ratings-policy.md).
 */
import { configChecks as checks, type ErrorCode } from '@matchd/engine';

type Checker = checks.Checker;

/** The Weng-Lin family's members (openskill's models). */
export const wengLinVariants = [
  'plackett-luce',
  'bradley-terry-full',
  'bradley-terry-part',
  'thurstone-mosteller-full',
  'thurstone-mosteller-part',
] as const;

/** Elo's K: constant, or DomiNations' (new alliances, streaks, the high-Glory band). */
export type KPolicyDeclaration =
  | { readonly kind: 'constant'; readonly k: number }
  | {
      readonly kind: 'dominations';
      readonly baseK?: number;
      readonly newPlayerK?: number;
      readonly newPlayerGames?: number;
      readonly streakLength?: number;
      readonly streakMultiplier?: number;
      readonly highRatingThreshold?: number;
      readonly highRatingK?: number;
    };

/** The model of a track and its own options (the engine's defaults where left out). */
export type ModelDeclaration =
  | {
      readonly kind: 'weng-lin';
      readonly variant?: (typeof wengLinVariants)[number];
      readonly mu?: number;
      readonly sigma?: number;
      readonly beta?: number;
      readonly tau?: number;
    }
  | {
      readonly kind: 'trueskill';
      readonly mu?: number;
      readonly sigma?: number;
      readonly beta?: number;
      readonly tau?: number;
      readonly drawProbability?: number;
    }
  | {
      readonly kind: 'glicko2';
      readonly tau?: number;
      readonly initialRating?: number;
      readonly initialRd?: number;
      readonly initialVolatility?: number;
    }
  | {
      readonly kind: 'elo';
      readonly initialRating?: number;
      readonly scale?: number;
      readonly teamStrength?: 'mean' | 'sum';
      readonly kPolicy?: KPolicyDeclaration;
    }
  | {
      readonly kind: 'fermi';
      readonly temperature?: number;
      readonly maxGain?: number;
      readonly mean?: number;
      readonly teamStrength?: 'mean' | 'sum';
    }
  | {
      readonly kind: 'margin-kalman';
      readonly observationVariance: number;
      readonly priorVariance: number;
      readonly homeAdvantage?: number;
      readonly drawRate?: number;
      readonly fallbackMargin?: number;
    };

/** The names of the models a policy may choose. */
export const modelKinds = ['weng-lin', 'trueskill', 'glicko2', 'elo', 'fermi', 'margin-kalman'] as const;
export type ModelKind = (typeof modelKinds)[number];

/** A draw model on the prediction (draws as a third outcome). */
export type DrawDeclaration =
  | { readonly kind: 'davidson'; readonly nu: number }
  | { readonly kind: 'eomm'; readonly drawProbability: number }
  | { readonly kind: 'ordered-logit'; readonly drawRate: number };

/** Team-sport terms on the model's own scale (the margin model has its own: see its options). */
export interface TermsDeclaration {
  /** Rating points of the team a result names as `homeTeam` (none at a `neutral` site). */
  readonly homeAdvantage?: number;
  /** Margin of victory from `scores`: ln(1 + margin) / (1 + ratio * winner's gap). */
  readonly marginGapRatio?: number;
  readonly draw?: DrawDeclaration;
}

/** Calibration: the first games of a track, hidden and faster; when it opens again. */
export interface CalibrationDeclaration {
  readonly games?: number;
  /** While calibrating: `hidden` (no value) or `provisional` (a display value marked provisional). */
  readonly show?: 'hidden' | 'provisional';
  /** Elo-like models: the change multiplier; models with a deviation: the deviation floor. */
  readonly multiplier?: number;
  readonly deviationFloor?: number;
  /** Re-open when the mean surprise over the last `windowGames` exceeds `maxMeanSurprise`. */
  readonly reopen?: {
    readonly windowGames: number;
    readonly maxMeanSurprise: number;
  };
  /** Re-open for a player back after this many days away. */
  readonly reopenAfterIdleDays?: number;
}

/** What time away does. */
export interface InactivityDeclaration {
  /** Deviation growth per sqrt(day), capped at `maxDeviation` (default: the initial deviation). */
  readonly deviationGrowthPerSqrtDay?: number;
  readonly maxDeviation?: number;
  /** Kreimeier's decay toward `mean` (default: the initial mean), a share per period. */
  readonly decay?: { readonly perPeriod: number; readonly periodDays: number; readonly mean?: number };
}

/** Regression toward the mean at a player's first result of a new `season`. */
export interface SeasonDeclaration {
  readonly keep: number;
  /** Default: the model's initial mean. */
  readonly anchor?: number;
}

/** The operator's season reset (POST /v1/admin/season-reset) when the request names no policy. */
export interface SeasonResetDeclaration {
  readonly anchor: number;
  readonly shape:
    | { readonly kind: 'linear'; readonly keep: number }
    | { readonly kind: 'log'; readonly scale: number };
  readonly deviationAfter?: number;
}

/** How a rating is shown. */
export type DisplayDeclaration =
  | { readonly kind: 'conservative'; readonly k: number }
  | { readonly kind: 'linear'; readonly offset: number; readonly scale: number }
  | {
      readonly kind: 'fixed-range';
      /** The population's mean and width (a standard deviation) on the model's scale. */
      readonly mean: number;
      readonly width: number;
      /** Kreimeier's 10,000 by default. */
      readonly max?: number;
    };

/** Who sees a player's rating (admins always do). */
export const visibilities = ['public', 'self', 'friends', 'hidden'] as const;
export type Visibility = (typeof visibilities)[number];

/** Individual performance (results' `performance`): see the engine's policy/performance.ts. */
export interface PerformanceDeclaration {
  readonly weight: number;
  readonly relativeTo?: 'team' | 'match';
  readonly uncertaintyScale?: number;
  /** A result without `performance` is refused. */
  readonly required?: boolean;
  /** Accepted range of the game's numbers (refused outside). */
  readonly min?: number;
  readonly max?: number;
}

/** A track's whole policy. */
export interface RatingPolicyDeclaration {
  readonly model: ModelDeclaration;
  readonly terms?: TermsDeclaration;
  readonly calibration?: CalibrationDeclaration;
  readonly inactivity?: InactivityDeclaration;
  readonly season?: SeasonDeclaration;
  readonly seasonReset?: SeasonResetDeclaration;
  readonly display?: DisplayDeclaration;
  /** Default: `self` for tracks whose name starts with `ranked`, else `public`. */
  readonly visibility?: Visibility;
  readonly performance?: PerformanceDeclaration;
  /**
   * Kreimeier's ladder beside the rating: players join at the bottom, a lower-placed duel winner
   * takes the loser's place (draws ignored); profiles show `ladderPlace`.
   */
  readonly ladder?: boolean;
}

const BIG = 1e9;

function optionalObject(checker: Checker, value: unknown, path: string, keys: readonly string[]) {
  return value === undefined ? undefined : checks.object(checker, value, path, keys);
}

/** `T` with its possibly-undefined fields made optional instead. */
type Defined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** Copies the defined entries (a declaration keeps no `undefined` fields). */
function defined<T extends Record<string, unknown>>(entries: T): Defined<T> {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as Defined<T>;
}

function checkModel(checker: Checker, value: unknown, path: string): ModelDeclaration {
  const raw = checks.object(checker, value, path, [
    'kind',
    'variant',
    'mu',
    'sigma',
    'beta',
    'tau',
    'drawProbability',
    'initialRating',
    'initialRd',
    'initialVolatility',
    'scale',
    'teamStrength',
    'kPolicy',
    'temperature',
    'maxGain',
    'mean',
    'observationVariance',
    'priorVariance',
    'homeAdvantage',
    'drawRate',
    'fallbackMargin',
  ]);
  const kind = checks.oneOf(checker, raw['kind'], `${path}.kind`, modelKinds);
  const allowed: Record<ModelKind, readonly string[]> = {
    'weng-lin': ['kind', 'variant', 'mu', 'sigma', 'beta', 'tau'],
    trueskill: ['kind', 'mu', 'sigma', 'beta', 'tau', 'drawProbability'],
    glicko2: ['kind', 'tau', 'initialRating', 'initialRd', 'initialVolatility'],
    elo: ['kind', 'initialRating', 'scale', 'teamStrength', 'kPolicy'],
    fermi: ['kind', 'temperature', 'maxGain', 'mean', 'teamStrength'],
    'margin-kalman': [
      'kind',
      'observationVariance',
      'priorVariance',
      'homeAdvantage',
      'drawRate',
      'fallbackMargin',
    ],
  };
  checks.object(checker, raw, path, allowed[kind]);
  const positive = (key: string) =>
    checks.optionalNumber(checker, raw[key], `${path}.${key}`, { min: 0, exclusiveMin: true, max: BIG });
  const finite = (key: string) =>
    checks.optionalNumber(checker, raw[key], `${path}.${key}`, { min: -BIG, max: BIG });
  const teamStrength = () =>
    raw['teamStrength'] === undefined
      ? undefined
      : checks.oneOf(checker, raw['teamStrength'], `${path}.teamStrength`, ['mean', 'sum'] as const);
  switch (kind) {
    case 'weng-lin':
      return defined({
        kind,
        variant:
          raw['variant'] === undefined
            ? undefined
            : checks.oneOf(checker, raw['variant'], `${path}.variant`, wengLinVariants),
        mu: finite('mu'),
        sigma: positive('sigma'),
        beta: positive('beta'),
        tau: checks.optionalNumber(checker, raw['tau'], `${path}.tau`, { min: 0, max: BIG }),
      });
    case 'trueskill':
      return defined({
        kind,
        mu: finite('mu'),
        sigma: positive('sigma'),
        beta: positive('beta'),
        tau: checks.optionalNumber(checker, raw['tau'], `${path}.tau`, { min: 0, max: BIG }),
        drawProbability: checks.optionalNumber(checker, raw['drawProbability'], `${path}.drawProbability`, {
          min: 0,
          max: 0.99,
        }),
      });
    case 'glicko2':
      return defined({
        kind,
        tau: positive('tau'),
        initialRating: finite('initialRating'),
        initialRd: positive('initialRd'),
        initialVolatility: positive('initialVolatility'),
      });
    case 'elo':
      return defined({
        kind,
        initialRating: finite('initialRating'),
        scale: positive('scale'),
        teamStrength: teamStrength(),
        kPolicy:
          raw['kPolicy'] === undefined ? undefined : checkKPolicy(checker, raw['kPolicy'], `${path}.kPolicy`),
      });
    case 'fermi':
      return defined({
        kind,
        temperature: positive('temperature'),
        maxGain: positive('maxGain'),
        mean: finite('mean'),
        teamStrength: teamStrength(),
      });
    case 'margin-kalman':
      return defined({
        kind,
        observationVariance: checks.number(
          checker,
          raw['observationVariance'],
          `${path}.observationVariance`,
          {
            min: 0,
            exclusiveMin: true,
            max: BIG,
          },
        ),
        priorVariance: checks.number(checker, raw['priorVariance'], `${path}.priorVariance`, {
          min: 0,
          max: BIG,
        }),
        homeAdvantage: finite('homeAdvantage'),
        drawRate: checks.optionalNumber(checker, raw['drawRate'], `${path}.drawRate`, { min: 0, max: 0.99 }),
        fallbackMargin: checks.optionalNumber(checker, raw['fallbackMargin'], `${path}.fallbackMargin`, {
          min: 0,
          max: BIG,
        }),
      }) as ModelDeclaration;
    default:
      return kind satisfies never;
  }
}

function checkKPolicy(checker: Checker, value: unknown, path: string): KPolicyDeclaration {
  const raw = checks.object(checker, value, path, [
    'kind',
    'k',
    'baseK',
    'newPlayerK',
    'newPlayerGames',
    'streakLength',
    'streakMultiplier',
    'highRatingThreshold',
    'highRatingK',
  ]);
  const kind = checks.oneOf(checker, raw['kind'], `${path}.kind`, ['constant', 'dominations'] as const);
  const k = (key: string) => checks.optionalNumber(checker, raw[key], `${path}.${key}`, { min: 0, max: 1e6 });
  if (kind === 'constant') {
    checks.object(checker, raw, path, ['kind', 'k']);
    return { kind, k: checks.number(checker, raw['k'], `${path}.k`, { min: 0, max: 1e6 }) };
  }
  checks.object(checker, raw, path, [
    'kind',
    'baseK',
    'newPlayerK',
    'newPlayerGames',
    'streakLength',
    'streakMultiplier',
    'highRatingThreshold',
    'highRatingK',
  ]);
  return defined({
    kind,
    baseK: k('baseK'),
    newPlayerK: k('newPlayerK'),
    newPlayerGames: checks.optionalNumber(checker, raw['newPlayerGames'], `${path}.newPlayerGames`, {
      min: 0,
      max: 100_000,
      integer: true,
    }),
    streakLength: checks.optionalNumber(checker, raw['streakLength'], `${path}.streakLength`, {
      min: 1,
      max: 1000,
      integer: true,
    }),
    streakMultiplier: k('streakMultiplier'),
    highRatingThreshold: checks.optionalNumber(
      checker,
      raw['highRatingThreshold'],
      `${path}.highRatingThreshold`,
      {
        min: -BIG,
        max: BIG,
      },
    ),
    highRatingK: k('highRatingK'),
  });
}

function checkDraw(checker: Checker, value: unknown, path: string): DrawDeclaration {
  const raw = checks.object(checker, value, path, ['kind', 'nu', 'drawProbability', 'drawRate']);
  const kind = checks.oneOf(checker, raw['kind'], `${path}.kind`, [
    'davidson',
    'eomm',
    'ordered-logit',
  ] as const);
  if (kind === 'davidson') {
    checks.object(checker, raw, path, ['kind', 'nu']);
    return { kind, nu: checks.number(checker, raw['nu'], `${path}.nu`, { min: 0, max: 1e3 }) };
  }
  if (kind === 'eomm') {
    checks.object(checker, raw, path, ['kind', 'drawProbability']);
    return {
      kind,
      drawProbability: checks.number(checker, raw['drawProbability'], `${path}.drawProbability`, {
        min: 0,
        max: 0.99,
      }),
    };
  }
  checks.object(checker, raw, path, ['kind', 'drawRate']);
  return {
    kind,
    drawRate: checks.number(checker, raw['drawRate'], `${path}.drawRate`, { min: 0, max: 0.99 }),
  };
}

function checkDisplay(checker: Checker, value: unknown, path: string): DisplayDeclaration {
  const raw = checks.object(checker, value, path, ['kind', 'k', 'offset', 'scale', 'mean', 'width', 'max']);
  const kind = checks.oneOf(checker, raw['kind'], `${path}.kind`, [
    'conservative',
    'linear',
    'fixed-range',
  ] as const);
  if (kind === 'conservative') {
    checks.object(checker, raw, path, ['kind', 'k']);
    return { kind, k: checks.number(checker, raw['k'], `${path}.k`, { min: 0, max: 100 }) };
  }
  if (kind === 'linear') {
    checks.object(checker, raw, path, ['kind', 'offset', 'scale']);
    return {
      kind,
      offset: checks.number(checker, raw['offset'], `${path}.offset`, { min: -BIG, max: BIG }),
      scale: checks.number(checker, raw['scale'], `${path}.scale`, { min: 0, exclusiveMin: true, max: BIG }),
    };
  }
  checks.object(checker, raw, path, ['kind', 'mean', 'width', 'max']);
  return defined({
    kind,
    mean: checks.number(checker, raw['mean'], `${path}.mean`, { min: -BIG, max: BIG }),
    width: checks.number(checker, raw['width'], `${path}.width`, { min: 0, exclusiveMin: true, max: BIG }),
    max: checks.optionalNumber(checker, raw['max'], `${path}.max`, { min: 0, exclusiveMin: true, max: BIG }),
  });
}

/**
 * The declaration, checked: throws MatchdError(`code`) naming `<path>.<field>` at the first
 * unknown field, missing field, wrong type or number out of range.
 */
export function checkPolicyDeclaration(
  value: unknown,
  path: string,
  code: ErrorCode,
): RatingPolicyDeclaration {
  const checker: Checker = { code };
  const raw = checks.object(checker, value, path, [
    'model',
    'terms',
    'calibration',
    'inactivity',
    'season',
    'seasonReset',
    'display',
    'visibility',
    'performance',
    'ladder',
  ]);
  const model = checkModel(checker, raw['model'], `${path}.model`);
  const termsRaw = optionalObject(checker, raw['terms'], `${path}.terms`, [
    'homeAdvantage',
    'marginGapRatio',
    'draw',
  ]);
  if (termsRaw !== undefined && model.kind === 'margin-kalman') {
    checks.fail(
      checker,
      `${path}.terms`,
      'the margin model has its own home advantage and draw rate (model options)',
    );
  }
  const calibrationRaw = optionalObject(checker, raw['calibration'], `${path}.calibration`, [
    'games',
    'show',
    'multiplier',
    'deviationFloor',
    'reopen',
    'reopenAfterIdleDays',
  ]);
  const reopenRaw = optionalObject(checker, calibrationRaw?.['reopen'], `${path}.calibration.reopen`, [
    'windowGames',
    'maxMeanSurprise',
  ]);
  const inactivityRaw = optionalObject(checker, raw['inactivity'], `${path}.inactivity`, [
    'deviationGrowthPerSqrtDay',
    'maxDeviation',
    'decay',
  ]);
  const decayRaw = optionalObject(checker, inactivityRaw?.['decay'], `${path}.inactivity.decay`, [
    'perPeriod',
    'periodDays',
    'mean',
  ]);
  const seasonRaw = optionalObject(checker, raw['season'], `${path}.season`, ['keep', 'anchor']);
  const resetRaw = optionalObject(checker, raw['seasonReset'], `${path}.seasonReset`, [
    'anchor',
    'shape',
    'deviationAfter',
  ]);
  const performanceRaw = optionalObject(checker, raw['performance'], `${path}.performance`, [
    'weight',
    'relativeTo',
    'uncertaintyScale',
    'required',
    'min',
    'max',
  ]);
  const p = (suffix: string) => `${path}.${suffix}`;
  const performanceMin = checks.optionalNumber(checker, performanceRaw?.['min'], p('performance.min'), {
    min: -BIG,
    max: BIG,
  });
  const declaration: RatingPolicyDeclaration = defined({
    model,
    terms:
      termsRaw === undefined
        ? undefined
        : defined({
            homeAdvantage: checks.optionalNumber(
              checker,
              termsRaw['homeAdvantage'],
              p('terms.homeAdvantage'),
              {
                min: -1e6,
                max: 1e6,
              },
            ),
            marginGapRatio: checks.optionalNumber(
              checker,
              termsRaw['marginGapRatio'],
              p('terms.marginGapRatio'),
              {
                min: 0,
                max: 1,
              },
            ),
            draw:
              termsRaw['draw'] === undefined
                ? undefined
                : checkDraw(checker, termsRaw['draw'], p('terms.draw')),
          }),
    calibration:
      calibrationRaw === undefined
        ? undefined
        : defined({
            games: checks.optionalNumber(checker, calibrationRaw['games'], p('calibration.games'), {
              min: 0,
              max: 1000,
              integer: true,
            }),
            show:
              calibrationRaw['show'] === undefined
                ? undefined
                : checks.oneOf(checker, calibrationRaw['show'], p('calibration.show'), [
                    'hidden',
                    'provisional',
                  ] as const),
            multiplier: checks.optionalNumber(
              checker,
              calibrationRaw['multiplier'],
              p('calibration.multiplier'),
              {
                min: 1,
                max: 100,
              },
            ),
            deviationFloor: checks.optionalNumber(
              checker,
              calibrationRaw['deviationFloor'],
              p('calibration.deviationFloor'),
              {
                min: 0,
                max: BIG,
              },
            ),
            reopen:
              reopenRaw === undefined
                ? undefined
                : {
                    windowGames: checks.number(
                      checker,
                      reopenRaw['windowGames'],
                      p('calibration.reopen.windowGames'),
                      {
                        min: 1,
                        max: 10_000,
                        integer: true,
                      },
                    ),
                    maxMeanSurprise: checks.number(
                      checker,
                      reopenRaw['maxMeanSurprise'],
                      p('calibration.reopen.maxMeanSurprise'),
                      { min: 0, max: 100 },
                    ),
                  },
            reopenAfterIdleDays: checks.optionalNumber(
              checker,
              calibrationRaw['reopenAfterIdleDays'],
              p('calibration.reopenAfterIdleDays'),
              { min: 0, exclusiveMin: true, max: 100_000 },
            ),
          }),
    inactivity:
      inactivityRaw === undefined
        ? undefined
        : defined({
            deviationGrowthPerSqrtDay: checks.optionalNumber(
              checker,
              inactivityRaw['deviationGrowthPerSqrtDay'],
              p('inactivity.deviationGrowthPerSqrtDay'),
              { min: 0, max: BIG },
            ),
            maxDeviation: checks.optionalNumber(
              checker,
              inactivityRaw['maxDeviation'],
              p('inactivity.maxDeviation'),
              {
                min: 0,
                max: BIG,
              },
            ),
            decay:
              decayRaw === undefined
                ? undefined
                : defined({
                    perPeriod: checks.number(
                      checker,
                      decayRaw['perPeriod'],
                      p('inactivity.decay.perPeriod'),
                      {
                        min: 0,
                        max: 0.999,
                      },
                    ),
                    periodDays: checks.number(
                      checker,
                      decayRaw['periodDays'],
                      p('inactivity.decay.periodDays'),
                      {
                        min: 0,
                        exclusiveMin: true,
                        max: 100_000,
                      },
                    ),
                    mean: checks.optionalNumber(checker, decayRaw['mean'], p('inactivity.decay.mean'), {
                      min: -BIG,
                      max: BIG,
                    }),
                  }),
          }),
    season:
      seasonRaw === undefined
        ? undefined
        : defined({
            keep: checks.number(checker, seasonRaw['keep'], p('season.keep'), { min: 0, max: 1 }),
            anchor: checks.optionalNumber(checker, seasonRaw['anchor'], p('season.anchor'), {
              min: -BIG,
              max: BIG,
            }),
          }),
    seasonReset: resetRaw === undefined ? undefined : checkSeasonReset(checker, resetRaw, p('seasonReset')),
    display: raw['display'] === undefined ? undefined : checkDisplay(checker, raw['display'], p('display')),
    visibility:
      raw['visibility'] === undefined
        ? undefined
        : checks.oneOf(checker, raw['visibility'], p('visibility'), visibilities),
    performance:
      performanceRaw === undefined
        ? undefined
        : defined({
            weight: checks.number(checker, performanceRaw['weight'], p('performance.weight'), {
              min: 0,
              max: BIG,
            }),
            relativeTo:
              performanceRaw['relativeTo'] === undefined
                ? undefined
                : checks.oneOf(checker, performanceRaw['relativeTo'], p('performance.relativeTo'), [
                    'team',
                    'match',
                  ] as const),
            uncertaintyScale: checks.optionalNumber(
              checker,
              performanceRaw['uncertaintyScale'],
              p('performance.uncertaintyScale'),
              { min: 0, exclusiveMin: true, max: BIG },
            ),
            required:
              performanceRaw['required'] === undefined
                ? undefined
                : checks.boolean(checker, performanceRaw['required'], p('performance.required')),
            min: performanceMin,
            max: checks.optionalNumber(checker, performanceRaw['max'], p('performance.max'), {
              min: performanceMin ?? -BIG,
              max: BIG,
            }),
          }),
    ladder: raw['ladder'] === undefined ? undefined : checks.boolean(checker, raw['ladder'], p('ladder')),
  });
  return declaration;
}

function checkSeasonReset(
  checker: Checker,
  raw: Record<string, unknown>,
  path: string,
): SeasonResetDeclaration {
  const shape = checks.object(checker, raw['shape'], `${path}.shape`, ['kind', 'keep', 'scale']);
  const kind = checks.oneOf(checker, shape['kind'], `${path}.shape.kind`, ['linear', 'log'] as const);
  return defined({
    anchor: checks.number(checker, raw['anchor'], `${path}.anchor`, { min: -BIG, max: BIG }),
    shape:
      kind === 'linear'
        ? { kind, keep: checks.number(checker, shape['keep'], `${path}.shape.keep`, { min: 0, max: 1 }) }
        : {
            kind,
            scale: checks.number(checker, shape['scale'], `${path}.shape.scale`, {
              min: 0,
              exclusiveMin: true,
              max: BIG,
            }),
          },
    deviationAfter: checks.optionalNumber(checker, raw['deviationAfter'], `${path}.deviationAfter`, {
      min: 0,
      max: BIG,
    }),
  }) as SeasonResetDeclaration;
}

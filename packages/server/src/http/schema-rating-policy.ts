/**
 * The shape of a track's rating policy (a queue config's `rating.policy`), for the API's schema
 * and the client's types. `checkPolicyDeclaration` (rating/policy-declaration.ts) stays the
 * authority on meaning (which options each model takes, ranges); docs/ratings-policy.md explains
 * every field with one example per seed game.
 */
import { Type } from 'typebox';
import { modelKinds, visibilities, wengLinVariants } from '../rating/policy-declaration.ts';
import { Finite, OneOfStrings, Unit } from './schema-common.ts';

const Positive = (description?: string) =>
  Type.Number({ exclusiveMinimum: 0, maximum: 1e9, ...(description === undefined ? {} : { description }) });
const Optional = Type.Optional;

const KPolicy = Type.Object(
  {
    kind: OneOfStrings(['constant', 'dominations'] as const, {
      description: '`dominations`: K for new alliances, streaks and the high-Glory band (DomiNations)',
    }),
    k: Optional(Type.Number({ minimum: 0, maximum: 1e6, description: 'constant' })),
    baseK: Optional(Type.Number({ minimum: 0, maximum: 1e6 })),
    newPlayerK: Optional(Type.Number({ minimum: 0, maximum: 1e6 })),
    newPlayerGames: Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    streakLength: Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    streakMultiplier: Optional(Type.Number({ minimum: 0, maximum: 1e6 })),
    highRatingThreshold: Optional(Finite()),
    highRatingK: Optional(Type.Number({ minimum: 0, maximum: 1e6 })),
  },
  { additionalProperties: false, description: "Elo's K per player per match" },
);

const Model = Type.Object(
  {
    kind: OneOfStrings(modelKinds, { description: 'Any of the engine models' }),
    variant: Optional(OneOfStrings(wengLinVariants, { description: 'weng-lin' })),
    mu: Optional(Finite({ description: 'weng-lin, trueskill: initial mean' })),
    sigma: Optional(Positive('weng-lin, trueskill: initial deviation')),
    beta: Optional(Positive('weng-lin, trueskill: performance noise')),
    tau: Optional(
      Type.Number({ minimum: 0, maximum: 1e9, description: 'dynamics (glicko2: volatility constraint)' }),
    ),
    drawProbability: Optional(Type.Number({ minimum: 0, maximum: 0.99, description: 'trueskill' })),
    initialRating: Optional(Finite({ description: 'glicko2, elo' })),
    initialRd: Optional(Positive('glicko2')),
    initialVolatility: Optional(Positive('glicko2')),
    scale: Optional(Positive('elo: a gap of `scale` points is 10:1 odds')),
    teamStrength: Optional(OneOfStrings(['mean', 'sum'] as const, { description: 'elo, fermi' })),
    kPolicy: Optional(KPolicy),
    temperature: Optional(Positive('fermi: T')),
    maxGain: Optional(Positive('fermi: max_gain')),
    mean: Optional(Finite({ description: 'fermi: the population mean, every new rating' })),
    observationVariance: Optional(Positive('margin-kalman: a game margin’s own variance (points^2)')),
    priorVariance: Optional(Type.Number({ minimum: 0, maximum: 1e9, description: 'margin-kalman' })),
    homeAdvantage: Optional(Finite({ description: 'margin-kalman: points' })),
    drawRate: Optional(Type.Number({ minimum: 0, maximum: 0.99, description: 'margin-kalman' })),
    fallbackMargin: Optional(Type.Number({ minimum: 0, maximum: 1e9, description: 'margin-kalman' })),
  },
  { additionalProperties: false, description: 'The model and its own options (engine defaults elsewhere)' },
);

const Draw = Type.Object(
  {
    kind: OneOfStrings(['davidson', 'eomm', 'ordered-logit'] as const),
    nu: Optional(Type.Number({ minimum: 0, maximum: 1000 })),
    drawProbability: Optional(Type.Number({ minimum: 0, maximum: 0.99 })),
    drawRate: Optional(Type.Number({ minimum: 0, maximum: 0.99 })),
  },
  { additionalProperties: false, description: 'Draws as a third outcome of the prediction' },
);

/** A track's rating policy (docs/ratings-policy.md). */
export const RatingPolicySchema = Type.Object(
  {
    model: Model,
    terms: Optional(
      Type.Object(
        {
          homeAdvantage: Optional(
            Finite({ description: 'Rating points of a result’s `homeTeam` (not when `neutral`)' }),
          ),
          marginGapRatio: Optional(Unit),
          draw: Optional(Draw),
        },
        { additionalProperties: false, description: 'Team-sport terms (#17); the margin model has its own' },
      ),
    ),
    calibration: Optional(
      Type.Object(
        {
          games: Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'Default 10' })),
          show: Optional(
            OneOfStrings(['hidden', 'provisional'] as const, {
              description:
                'While calibrating: nothing, or a display value marked provisional (never the raw mean)',
            }),
          ),
          multiplier: Optional(
            Type.Number({ minimum: 1, maximum: 100, description: 'Elo-like: change multiplier' }),
          ),
          deviationFloor: Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
          reopen: Optional(
            Type.Object(
              {
                windowGames: Type.Integer({ minimum: 1, maximum: 10_000 }),
                maxMeanSurprise: Type.Number({ minimum: 0, maximum: 100 }),
              },
              { additionalProperties: false, description: 'Re-open when results keep surprising the model' },
            ),
          ),
          reopenAfterIdleDays: Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100_000 })),
        },
        { additionalProperties: false },
      ),
    ),
    inactivity: Optional(
      Type.Object(
        {
          deviationGrowthPerSqrtDay: Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
          maxDeviation: Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
          decay: Optional(
            Type.Object(
              {
                perPeriod: Type.Number({ minimum: 0, maximum: 0.999 }),
                periodDays: Type.Number({ exclusiveMinimum: 0, maximum: 100_000 }),
                mean: Optional(Finite()),
              },
              { additionalProperties: false, description: 'Decay toward the mean while away (Kreimeier)' },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    season: Optional(
      Type.Object(
        { keep: Unit, anchor: Optional(Finite()) },
        {
          additionalProperties: false,
          description: 'Regression toward the mean at a new `season` of results',
        },
      ),
    ),
    seasonReset: Optional(
      Type.Object(
        {
          anchor: Finite(),
          shape: Type.Object(
            {
              kind: OneOfStrings(['linear', 'log'] as const),
              keep: Optional(Unit),
              scale: Optional(Positive()),
            },
            { additionalProperties: false },
          ),
          deviationAfter: Optional(Type.Number({ minimum: 0, maximum: 1e9 })),
        },
        { additionalProperties: false, description: 'The admin season reset when its request names none' },
      ),
    ),
    display: Optional(
      Type.Object(
        {
          kind: OneOfStrings(['conservative', 'linear', 'fixed-range'] as const),
          k: Optional(Type.Number({ minimum: 0, maximum: 100 })),
          offset: Optional(Finite()),
          scale: Optional(Positive()),
          mean: Optional(Finite({ description: 'fixed-range: the population mean' })),
          width: Optional(Positive('fixed-range: the population width (a standard deviation)')),
          max: Optional(Positive('fixed-range: the top of the range (Kreimeier: 10000)')),
        },
        { additionalProperties: false },
      ),
    ),
    visibility: Optional(
      OneOfStrings(visibilities, {
        description:
          'Who sees the rating: everyone, the player, the player and friends, nobody (admins always)',
      }),
    ),
    performance: Optional(
      Type.Object(
        {
          weight: Type.Number({
            minimum: 0,
            maximum: 1e9,
            description: 'Rating points per standard deviation',
          }),
          relativeTo: Optional(OneOfStrings(['team', 'match'] as const)),
          uncertaintyScale: Optional(Positive('Full effect at this deviation, less below')),
          required: Optional(Type.Boolean()),
          min: Optional(Finite()),
          max: Optional(Finite()),
        },
        { additionalProperties: false, description: "Results' individual `performance` moves ratings" },
      ),
    ),
    ladder: Optional(
      Type.Boolean({
        description:
          "Kreimeier's ladder beside the rating: a lower-placed duel winner takes the loser's place",
      }),
    ),
  },
  { additionalProperties: false, title: 'RatingPolicy' },
);

/** `rating.policy`: a policy's name (a preset or the deployment's) or a declaration. */
export const RatingPolicyReference = Type.Union(
  [
    Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_.:-]+$',
      description:
        'A preset (dota-ranked, dota-normal, dominations, kreimeier, eomm, awesomenauts) or a name in ratingPolicies',
    }),
    RatingPolicySchema,
  ],
  {
    description:
      "The track's rating policy (docs/ratings-policy.md); missing: the config's `tracks`, else the default",
  },
);

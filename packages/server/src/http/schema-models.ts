/** Schemas of the fitted-model routes (fit on demand). */
import { type Static, Type } from 'typebox';
import { EpochMs, List, OneOfStrings } from './schema-common.ts';

/** Path parameter: a model's name (what queues name in `rating.partyAdjustment` / `engagement.churnModel`). */
export const ModelParams = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 128,
      pattern: '^[A-Za-z0-9_-][A-Za-z0-9_.-]*$',
      examples: ['churn'],
    }),
  },
  { additionalProperties: false },
);

/** What to fit, from which part of the stored history. */
export const ModelFitRequest = Type.Object(
  {
    kind: OneOfStrings(['party', 'churn'] as const, {
      description: "party: Dota's party bonus (party-adjusted MMR); churn: EOMM's churn model",
    }),
    track: Type.Optional(
      Type.String({ minLength: 1, maxLength: 128, description: 'party: only matches on this track' }),
    ),
    queues: Type.Optional(
      List(Type.String({ minLength: 1, maxLength: 128 }), {
        maxItems: 100,
        description: 'churn: only these queues’ matches (default: every queue)',
      }),
    ),
    churnWindowMs: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 365 * 24 * 3600 * 1000,
        description: 'churn: no match within this long after a match = churned (default 8 hours)',
      }),
    ),
    seed: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 2 ** 31 - 1,
        description: 'churn: deals the cross-validation folds',
      }),
    ),
    fromMs: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Only matches created at or after (epoch ms)' }),
    ),
    toMs: Type.Optional(Type.Integer({ minimum: 0, description: 'Only matches created before (epoch ms)' })),
  },
  {
    additionalProperties: false,
    examples: [
      { kind: 'churn', queues: ['eomm-1v1'], churnWindowMs: 28_800_000 },
      { kind: 'party', track: 'normal' },
    ],
  },
);
export type ModelFitRequest = Static<typeof ModelFitRequest>;

/** A stored model version. */
export const ModelFitted = Type.Object(
  {
    name: Type.String(),
    version: Type.Integer({ minimum: 1, description: 'Counts up per name; every node uses the newest' }),
    fittedAtMs: EpochMs,
    kind: OneOfStrings(['party-bonus', 'churn-model'] as const),
    matches: Type.Integer({ minimum: 0, description: 'Matches (labelled rows) the fit used' }),
    model: Type.Record(Type.String(), Type.Unknown(), {
      description: 'The model as stored (coefficients, or the churn regression)',
    }),
  },
  { additionalProperties: false },
);

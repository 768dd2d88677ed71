/**
 * The queue config's shape (docs/queues.md), in one file so that a new field lands in one place.
 * This schema describes and checks shapes (types, bounds, which fields exist); the engine's
 * `validateQueueConfig` stays the authority on meaning (per-kind options, a step's order, a party
 * gate within the team size...) and answers MM_ERR_INVALID_QUEUE_CONFIG with the field's path.
 */
import { CRITERION_OPTIONS, type CriterionKind, MAX_TEAM_COUNT, MAX_TEAM_SIZE } from '@matchd/engine';
import { Type } from 'typebox';
import { DurationMs, Finite, Id, List, OneOfStrings, Unit } from './schema-common.ts';
import { RatingPolicyReference } from './schema-rating-policy.ts';

/** A value that relaxes with a ticket's wait: steps, a linear ramp, or both. */
const Relaxation = (description: string, bound: { minimum: number; maximum: number }) =>
  Type.Object(
    {
      start: Type.Number(bound),
      steps: Type.Optional(
        List(
          Type.Object({ afterMs: DurationMs, value: Type.Number(bound) }, { additionalProperties: false }),
          { maxItems: 64, description: 'From `afterMs` of wait on, the value is `value`' },
        ),
      ),
      linear: Type.Optional(
        Type.Object(
          {
            startAfterMs: Type.Optional(DurationMs),
            perSecond: Type.Number({ minimum: 0, maximum: 1e9 }),
            limit: Type.Number(bound),
          },
          { additionalProperties: false, description: 'A ramp of `perSecond`, stopped at `limit`' },
        ),
      ),
    },
    { additionalProperties: false, description },
  );

/** A team dimension: a number, or a range the engine may fill anywhere within. */
const TeamDimension = (description: string, maximum: number, minimum: number) =>
  Type.Union(
    [
      Type.Integer({ minimum, maximum }),
      Type.Object(
        { min: Type.Integer({ minimum, maximum }), max: Type.Integer({ minimum, maximum }) },
        { additionalProperties: false },
      ),
    ],
    { description },
  );

/** A fitted model's name, as the shared store keeps it (fit with POST /v1/admin/models/{name}/fit). */
const ModelName = (description: string) =>
  Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-][A-Za-z0-9_.-]*$', description });

const criterionKinds = Object.keys(CRITERION_OPTIONS) as CriterionKind[];

/** One criterion of match quality; the per-kind options are listed with the kinds that take them. */
export const CriterionConfigSchema = Type.Object(
  {
    kind: OneOfStrings(criterionKinds, { description: 'The criterion (docs/queues.md describes each)' }),
    weight: Type.Number({ minimum: 0, maximum: 1e6, description: 'Weight in the mean; 0 = explain only' }),
    shaping: Type.Optional(
      Type.Object(
        {
          floor: Type.Optional(Finite()),
          cap: Type.Optional(Finite()),
          power: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
        },
        { additionalProperties: false, description: 'How the raw value becomes a score in [0, 1]' },
      ),
    ),
    partyAggregate: Type.Optional(Type.Boolean({ description: 'skill-spread, experience-spread' })),
    withinTeamPenalty: Type.Optional({ ...Unit, description: 'common-language' }),
    acrossMatchPenalty: Type.Optional({ ...Unit, description: 'common-language' }),
    aggregate: Type.Optional(OneOfStrings(['max', 'mean'] as const, { description: 'wait-time' })),
    smallDifferencePlayers: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, description: 'premades' }),
    ),
    smallDifferenceScore: Type.Optional({ ...Unit, description: 'premades' }),
    swappedRolePenalty: Type.Optional({ ...Unit, description: 'opponent-variation' }),
    wantedHosts: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'hosts' })),
  },
  { additionalProperties: false, title: 'CriterionConfig' },
);

/** A queue config (the engine's QueueConfig). */
export const QueueConfigSchema = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String({ maxLength: 200 })),
    teams: Type.Union(
      [
        Type.Object(
          {
            count: TeamDimension(
              'Number of teams: 1 (co-op, lobbies) to 100 (free-for-all), or a range',
              MAX_TEAM_COUNT,
              1,
            ),
            size: TeamDimension(
              'Players per team, or a range (a match holds at most 200 players)',
              MAX_TEAM_SIZE,
              1,
            ),
            maxSizeDifference: Type.Optional(
              Type.Integer({
                minimum: 0,
                maximum: MAX_TEAM_SIZE,
                description:
                  'With a size range: the most players two teams of one match may differ by (default 0)',
              }),
            ),
            minMatchPlayers: Type.Optional(
              Relaxation(
                'The fewest players a ticket accepts in its match, relaxing (lower) with its wait; default: the largest match at first, the smallest at mode.maxWaitMs',
                { minimum: 1, maximum: 200 },
              ),
            ),
          },
          { additionalProperties: false },
        ),
        List(
          Type.Object(
            {
              name: Type.String({
                minLength: 1,
                maxLength: 64,
                description: 'Unique in the queue; rules name it (`team`), matches report it',
              }),
              minPlayers: Type.Union(
                [
                  Type.Integer({ minimum: 1, maximum: MAX_TEAM_SIZE }),
                  Relaxation('The floor relaxing (lower) with the wait of the match’s newest ticket', {
                    minimum: 1,
                    maximum: MAX_TEAM_SIZE,
                  }),
                ],
                { description: 'The fewest players of the team: a number, or a relaxation over the wait' },
              ),
              maxPlayers: Type.Integer({ minimum: 1, maximum: MAX_TEAM_SIZE }),
            },
            { additionalProperties: false },
          ),
          {
            minItems: 1,
            maxItems: MAX_TEAM_COUNT,
            description:
              'Named teams, each with its own size range (five hunters against one monster); every match has all of them, in this order',
          },
        ),
      ],
      {
        description:
          'Interchangeable teams of one size range (`{ count, size }`), or named teams each with its own range',
      },
    ),
    rating: Type.Object(
      {
        track: Type.String({
          minLength: 1,
          maxLength: 128,
          pattern: '^[A-Za-z0-9_.:@/-]+$',
          description: 'Rating track; tickets are rated on `<track>/solo` or `<track>/party`',
        }),
        skillRange: Type.Optional(
          Type.Object({ min: Finite(), max: Finite() }, { additionalProperties: false }),
        ),
        skillScale: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e9 })),
        calibrationGames: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
        policy: Type.Optional(RatingPolicyReference),
        partyAdjustment: Type.Optional(
          ModelName(
            'A party-bonus model (matchd ratings fit-party) by name: party members enter the queue with their rating raised by its bonus (Dota party-adjusted MMR)',
          ),
        ),
      },
      { additionalProperties: false },
    ),
    criteria: List(CriterionConfigSchema, { minItems: 1, maxItems: 32 }),
    threshold: Relaxation('Match quality a ticket accepts, relaxing (lower) with its wait', {
      minimum: 0,
      maximum: 1,
    }),
    mode: Type.Object(
      {
        kind: OneOfStrings(['continuous', 'rounds'] as const),
        maxWaitMs: Type.Number({ exclusiveMinimum: 0, maximum: 1e12 }),
        overdue: Type.Optional(
          OneOfStrings(['accept', 'force'] as const, {
            description:
              'A ticket past maxWaitMs: accept (default) any match every other ticket accepts at its own wait, or force its best match (DomiNations); hard limits hold either way',
          }),
        ),
        candidateWindow: Type.Optional(Type.Integer({ minimum: 1, maximum: 256, description: 'continuous' })),
        selection: Type.Optional(OneOfStrings(['greedy', 'exact'] as const, { description: 'continuous' })),
        maxEvaluationsPerTick: Type.Optional(
          Type.Integer({ minimum: 1, maximum: 1e9, description: 'continuous' }),
        ),
        periodMs: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e12, description: 'rounds' })),
        minPlayers: Type.Optional(Type.Integer({ minimum: 1, maximum: 1e9, description: 'rounds' })),
        searchBudgetMs: Type.Optional(
          Type.Number({ exclusiveMinimum: 0, maximum: 1e9, description: 'rounds' }),
        ),
        searchMethod: Type.Optional(
          OneOfStrings(['restarts', 'annealing'] as const, { description: 'rounds' }),
        ),
      },
      { additionalProperties: false, description: 'continuous: every tick; rounds: all at once' },
    ),
    objective: Type.Optional(
      Type.Object(
        {
          kind: OneOfStrings(['quality', 'engagement', 'blend'] as const),
          engagementWeight: Type.Optional({ ...Unit, description: 'blend' }),
          maxFavouriteWinProbability: Type.Optional(Type.Number({ exclusiveMinimum: 0.5, maximum: 1 })),
        },
        { additionalProperties: false },
      ),
    ),
    engagement: Type.Optional(
      Type.Object(
        {
          churnTable: Type.Optional(
            Type.Record(Type.String({ pattern: '^[WDL]{1,12}$' }), Type.Number({ minimum: 0, maximum: 1 }), {
              maxProperties: 4096,
              description:
                'Churn probability by recent outcomes then the upcoming one, oldest first (EOMM); every key of one length',
            }),
          ),
          churnModel: Type.Optional(
            ModelName(
              'A churn model fitted from the service history (matchd engagement fit) by name; churnTable serves until it exists',
            ),
          ),
        },
        {
          additionalProperties: false,
          description:
            "The queue's churn estimates for engagement criteria and objectives (default: the service's churn table)",
        },
      ),
    ),
    gates: Type.Optional(
      Type.Object(
        {
          minGamesPlayed: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e9 })),
          gamesTrack: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 193,
              pattern: '^[A-Za-z0-9_.:@-]+(/[A-Za-z0-9_.:@-]+)?$',
              description:
                'The track whose games minGamesPlayed counts (a name counts its solo and party tracks); default the queue’s own',
            }),
          ),
          maxPartySize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TEAM_SIZE })),
          minPartySize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TEAM_SIZE })),
          lowPriority: Type.Optional(OneOfStrings(['separate', 'reject'] as const)),
          disallowedRoles: Type.Optional(
            List(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 32 }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    regions: Type.Optional(
      Type.Object(
        {
          names: List(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 64 }),
          maxPingMs: Relaxation('Most ping to the match’s region, relaxing (higher) with the wait', {
            minimum: 0,
            maximum: 1e6,
          }),
        },
        { additionalProperties: false },
      ),
    ),
    acceptance: Type.Optional(
      Type.Object(
        { timeoutMs: Type.Number({ exclusiveMinimum: 0, maximum: 1e9 }) },
        { additionalProperties: false, description: 'Proposed matches wait for every player to accept' },
      ),
    ),
    roundAggregate: Type.Optional(OneOfStrings(['mean', 'sqrt-mean'] as const)),
    expireAfterMs: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e12 })),
    backfill: Type.Optional(
      Type.Object(
        {
          auto: Type.Optional(
            Type.Boolean({ description: 'A leave report starts a backfill request by itself' }),
          ),
          expireAfterMs: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e12 })),
          leavers: Type.Optional(
            OneOfStrings(['unrated', 'loss'] as const, {
              description:
                "How a result rates players who left before the match's end: `unrated` (default) leaves their ratings alone, `loss` rates each as having lost to every other team",
            }),
          ),
        },
        {
          additionalProperties: false,
          description: 'Filling the open seats of running matches (docs/handoff.md)',
        },
      ),
    ),
    handoff: Type.Optional(
      Type.Object(
        {
          webhookUrl: Type.Optional(
            Type.String({
              pattern: '^https?://',
              maxLength: 2048,
              description: 'Signed POST of every match event',
            }),
          ),
          allocation: Type.Optional(
            Type.Object(
              { timeoutMs: Type.Number({ exclusiveMinimum: 0, maximum: 1e12 }) },
              {
                additionalProperties: false,
                description:
                  'Matches wait in `allocating` for the allocator’s address; they fail after `timeoutMs`',
              },
            ),
          ),
        },
        { additionalProperties: false, description: 'How matches reach game servers (docs/handoff.md)' },
      ),
    ),
    attributes: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1, maxLength: 64 }),
        Type.Object(
          {
            type: OneOfStrings(['number', 'string', 'string_list', 'string_number_map'] as const),
            default: Type.Optional(
              Type.Union([
                Finite(),
                Type.String({ maxLength: 256 }),
                List(Type.String({ maxLength: 256 }), { maxItems: 256 }),
                Type.Record(Type.String({ maxLength: 256 }), Finite(), { maxProperties: 256 }),
              ]),
            ),
          },
          { additionalProperties: false },
        ),
        {
          maxProperties: 64,
          description:
            'Player attributes the rules read, each with its type and default (docs/rules.md); the engine checks each declaration',
        },
      ),
    ),
    rules: Type.Optional(
      List(
        Type.Object({ kind: Type.String({ minLength: 1, maxLength: 32 }) }, { additionalProperties: true }),
        {
          maxItems: 64,
          description:
            'Hard and soft rules over player attributes, teams and latency (docs/rules.md); the engine checks each rule',
        },
      ),
    ),
    eta: Type.Optional(
      Type.Object(
        {
          skillBandWidth: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e9 })),
          samples: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    title: 'QueueConfig',
    additionalProperties: false,
    description: 'A queue config (docs/queues.md); the engine validates its meaning',
    examples: [
      {
        id: 'quick-2v2',
        teams: { count: 2, size: 2 },
        rating: { track: 'quick' },
        criteria: [{ kind: 'team-balance', weight: 1 }],
        threshold: { start: 0.5, linear: { perSecond: 0.05, limit: 0 } },
        mode: { kind: 'continuous', maxWaitMs: 30000 },
      },
    ],
  },
);

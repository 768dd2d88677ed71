/**
 * `sim party-adjustment`: Dota 2's party adjustment (2013 post: parties "typically perform better
 * than players of equivalent skill who don't know each other"; the bonus was fitted by logistic
 * regression). In a synthetic 5v5 world parties really play above their members' ratings by a
 * known bonus (per extra member, per point of spread, per point below the party's top); C's
 * `fitPartyBonus` fits it from match history, and held-out matches show whether the adjustment
 * improves the win prediction over ratings alone.
 */
import {
  fitLogisticRegression,
  fitPartyBonus,
  logisticLogLoss,
  type PartyBonusCoefficients,
  type PartyMatchRecord,
  type PartyPlayer,
  partyAdjustedRatings,
  partyRegressionData,
  predictLogistic,
  Random,
} from '@matchd/engine';
import { type Experiment, intFlag, numberFlag } from '../../experiment.ts';
import { barChart } from '../../report/svg-chart.ts';

/** Party sizes a team is filled with, and their weights. */
const PARTY_SIZES = [1, 2, 3, 5] as const;
const PARTY_WEIGHTS = [0.55, 0.25, 0.12, 0.08];

function drawTeam(random: Random, teamIndex: number, matchIndex: number): PartyPlayer[] {
  const team: PartyPlayer[] = [];
  let party = 0;
  while (team.length < 5) {
    const size = Math.min(PARTY_SIZES[random.weightedIndex(PARTY_WEIGHTS)] as number, 5 - team.length);
    // Friends are of similar, not equal, skill.
    const base = random.normal(1500, 300);
    const partyId = size > 1 ? `m${matchIndex}t${teamIndex}p${party++}` : undefined;
    for (let k = 0; k < size; k++) {
      const rating = size > 1 ? base + random.normal(0, 200) : base;
      team.push(partyId === undefined ? { rating } : { rating, partyId });
    }
  }
  return team;
}

/** Draws matches whose outcomes follow the party-adjusted ratings under the true coefficients (Elo scale). */
export function generatePartyWorld(input: {
  readonly matches: number;
  readonly truth: PartyBonusCoefficients;
  readonly random: Random;
}): PartyMatchRecord[] {
  const records: PartyMatchRecord[] = [];
  for (let m = 0; m < input.matches; m++) {
    const teams = [drawTeam(input.random, 0, m), drawTeam(input.random, 1, m)] as const;
    const strength = teams.map((team) => {
      const adjusted = partyAdjustedRatings(team, input.truth);
      return adjusted.reduce((a, b) => a + b, 0) / adjusted.length;
    });
    const p = 1 / (1 + 10 ** (((strength[1] as number) - (strength[0] as number)) / 400));
    records.push({ teams, score: input.random.bernoulli(p) ? 1 : 0 });
  }
  return records;
}

function brier(predicted: readonly number[], labels: readonly number[]): number {
  return predicted.reduce((sum, p, i) => sum + (p - (labels[i] as number)) ** 2, 0) / predicted.length;
}

export const partyAdjustmentExperiment: Experiment = {
  name: 'party-adjustment',
  summary: "Dota 2's party bonus: fitted from a world where parties play above their ratings",
  flags: {
    matches: { type: 'string', description: 'training matches (5v5)', default: '40000' },
    'test-matches': { type: 'string', description: 'held-out matches', default: '10000' },
    'per-extra-member': {
      type: 'string',
      description: 'true bonus per extra party member, rating points',
      default: '20',
    },
    'per-spread': { type: 'string', description: 'true bonus per point of party spread', default: '0.03' },
    'per-below-top': {
      type: 'string',
      description: 'true bonus per point below the party top',
      default: '0.05',
    },
    seed: { type: 'string', description: 'seed', default: '1' },
  },
  async run(context) {
    const matches = intFlag(context, 'matches', 40000, 100, 10_000_000);
    const testMatches = intFlag(context, 'test-matches', 10000, 100, 10_000_000);
    const truth: PartyBonusCoefficients = {
      perExtraMember: numberFlag(context, 'per-extra-member', 20, -1000, 1000),
      perSpread: numberFlag(context, 'per-spread', 0.03, -10, 10),
      perBelowTop: numberFlag(context, 'per-below-top', 0.05, -10, 10),
    };
    const seed = intFlag(context, 'seed', 1, 0, 2 ** 31 - 1);
    const random = Random.fromSeed(seed);
    const train = generatePartyWorld({ matches, truth, random: random.fork() });
    const test = generatePartyWorld({ matches: testMatches, truth, random: random.fork() });
    context.progress(1, 3);
    const fit = fitPartyBonus(train, {
      crossValidate: { l2Grid: [0, 0.1, 1, 10], folds: 5, random: random.fork() },
    });
    context.progress(2, 3);
    const trainData = partyRegressionData(train);
    const testData = partyRegressionData(test);
    // Ratings alone: the same regression on the team rating difference only.
    const ratingOnly = fitLogisticRegression({
      features: trainData.features.map((row) => [row[0] as number]),
      labels: trainData.labels,
    });
    const testRatingOnly = {
      features: testData.features.map((row) => [row[0] as number]),
      labels: testData.labels,
    };
    const predictedAdjusted = testData.features.map((row) => predictLogistic(fit.model, row));
    const predictedRatingOnly = testRatingOnly.features.map((row) => predictLogistic(ratingOnly, row));
    const evaluation = {
      ratingsOnly: {
        logLoss: logisticLogLoss(ratingOnly, testRatingOnly),
        brier: brier(predictedRatingOnly, testData.labels),
      },
      partyAdjusted: {
        logLoss: logisticLogLoss(fit.model, testData),
        brier: brier(predictedAdjusted, testData.labels),
      },
    };
    // The Dota post's example parties: D (2994, 2401), F (2788, 2626), C (3046, 2920, 2100).
    const examples = {
      D: [
        { rating: 2994, partyId: 'D' },
        { rating: 2401, partyId: 'D' },
      ],
      F: [
        { rating: 2788, partyId: 'F' },
        { rating: 2626, partyId: 'F' },
      ],
      C: [
        { rating: 3046, partyId: 'C' },
        { rating: 2920, partyId: 'C' },
        { rating: 2100, partyId: 'C' },
      ],
    };
    const exampleBonuses = Object.fromEntries(
      Object.entries(examples).map(([name, party]) => [
        name,
        {
          ratings: party.map((p) => p.rating),
          trueAdjusted: partyAdjustedRatings(party, truth).map((r) => Math.round(r)),
          fittedAdjusted: partyAdjustedRatings(party, fit.coefficients).map((r) => Math.round(r)),
        },
      ]),
    );
    context.progress(3, 3);
    const json = {
      experiment: 'party-adjustment',
      seed,
      matches,
      testMatches,
      truth,
      fitted: fit.coefficients,
      team0LogOdds: fit.team0LogOdds,
      evaluation,
      exampleBonuses,
    };
    const keys = ['perExtraMember', 'perSpread', 'perBelowTop'] as const;
    const markdown = [
      '# Party adjustment (Dota 2, 2013)',
      '',
      `Seed ${seed}: ${matches} training and ${testMatches} held-out 5v5 matches; parties of 2, 3 and 5 beside solo players; outcomes drawn from the party-adjusted team means (Elo scale).`,
      '',
      '| coefficient | true | fitted |',
      '| --- | ---: | ---: |',
      ...keys.map((k) => `| ${k} | ${truth[k]} | ${fit.coefficients[k].toFixed(4)} |`),
      '',
      '## Held-out prediction',
      '',
      '| model | log loss | Brier |',
      '| --- | ---: | ---: |',
      `| ratings only | ${evaluation.ratingsOnly.logLoss.toFixed(5)} | ${evaluation.ratingsOnly.brier.toFixed(5)} |`,
      `| party-adjusted (fitted) | ${evaluation.partyAdjusted.logLoss.toFixed(5)} | ${evaluation.partyAdjusted.brier.toFixed(5)} |`,
      '',
      "## The post's example parties (adjusted MMR, true vs fitted)",
      '',
      '| party | MMR | true adjusted | fitted adjusted |',
      '| --- | --- | --- | --- |',
      ...Object.entries(exampleBonuses).map(
        ([name, e]) =>
          `| ${name} | ${e.ratings.join(', ')} | ${e.trueAdjusted.join(', ')} | ${e.fittedAdjusted.join(', ')} |`,
      ),
      '',
    ].join('\n');
    const chart = barChart({
      title: 'Party bonus coefficients: true vs fitted (rating points per unit)',
      xLabel: 'coefficient',
      yLabel: 'value',
      groups: ['per extra member / 100', 'per spread', 'per below top'],
      series: [
        {
          name: 'true',
          values: [
            { value: truth.perExtraMember / 100 },
            { value: truth.perSpread },
            { value: truth.perBelowTop },
          ],
        },
        {
          name: 'fitted',
          values: [
            { value: fit.coefficients.perExtraMember / 100 },
            { value: fit.coefficients.perSpread },
            { value: fit.coefficients.perBelowTop },
          ],
        },
      ],
    });
    return { json, markdown, charts: { 'coefficients.svg': chart } };
  },
};

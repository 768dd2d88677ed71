import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createChurnTable } from '../engagement/churn-table.ts';
import { isMatchdError } from '../errors.ts';
import type { EloRating } from '../rating/elo/k-policy.ts';
import { churnTableEstimator } from './churn-estimator.ts';
import { pairPingMs, premadeDifferenceRaw } from './group-criteria.ts';
import { experienceOf, RegionIndex, scoreTicket } from './prepare.ts';
import { aggregateRoundQuality, createMatchScorer } from './scorer.ts';
import { shapeBenefit, shapeCost } from './shaping.ts';
import { elo, match, player, ticket } from './test-support/build.ts';
import type { CriterionConfig, ScoredTicket } from './types.ts';

const env = { ratingModel: elo, teamSize: 3, skillScale: 200 };

function scoreOf(criterion: CriterionConfig, candidate: ReturnType<typeof match>, nowMs = 0, teamSize = 3) {
  const scorer = createMatchScorer([criterion], { ...env, teamSize });
  const evaluation = scorer.evaluate(candidate, nowMs);
  const [explanation] = scorer.explain(evaluation);
  assert.ok(explanation, 'expected to hold');
  return explanation;
}

test('shaping: floor is perfect, cap is equally bad, power bends the curve', () => {
  const shaping = { floor: 50, cap: 250, power: 1 };
  assert.equal(shapeCost(20, shaping), 1);
  assert.equal(shapeCost(50, shaping), 1);
  assert.equal(shapeCost(150, shaping), 0.5);
  assert.equal(shapeCost(250, shaping), 0);
  assert.equal(shapeCost(900, shaping), 0);
  // power 2 forgives small gaps, punishes big ones less linearly: 1 - 0.5^2.
  assert.equal(shapeCost(150, { ...shaping, power: 2 }), 0.75);
  assert.equal(shapeBenefit(150, shaping), 0.5);
});

test('team balance: equal teams are perfect; a 400-point Elo gap makes a 91% favourite and scores 0', () => {
  const even = scoreOf(
    { kind: 'team-balance', weight: 1 },
    match([ticket('a', [player('a', 1500)])], [ticket('b', [player('b', 1500)])]),
  );
  assert.equal(even.raw, 0);
  assert.equal(even.score, 1);
  const uneven = scoreOf(
    { kind: 'team-balance', weight: 1 },
    match([ticket('a', [player('a', 1900)])], [ticket('b', [player('b', 1500)])]),
  );
  assert.ok(Math.abs(uneven.raw - (1 / 1.1 - 0.5)) < 1e-9, 'expected to hold');
  assert.equal(uneven.score, 0);
  const slight = scoreOf(
    { kind: 'team-balance', weight: 1 },
    match([ticket('a', [player('a', 1535)])], [ticket('b', [player('b', 1500)])]),
  );
  assert.ok(slight.score > 0.7 && slight.score < 0.8, `${slight.score}`);
});

test('skill spread uses a party aggregate (Dota), or players when asked', () => {
  const candidate = match(
    [ticket('duo', [player('p1', 2000), player('p2', 1000)])],
    [ticket('s1', [player('s1', 1500)]), ticket('s2', [player('s2', 1400)])],
  );
  assert.equal(scoreOf({ kind: 'skill-spread', weight: 1 }, candidate, 0, 2).raw, 100);
  assert.equal(
    scoreOf({ kind: 'skill-spread', weight: 1, partyAggregate: false }, candidate, 0, 2).raw,
    1000,
  );
});

test('experience is ln(games + 40): 40 -> 120 games is exactly the step of 120 -> 280 (Dota)', () => {
  const low = experienceOf(120) - experienceOf(40);
  const high = experienceOf(280) - experienceOf(120);
  assert.ok(Math.abs(low - Math.LN2) < 1e-12, `${low}`);
  assert.ok(Math.abs(high - Math.LN2) < 1e-12, `${high}`);
  assert.equal(experienceOf(0), Math.log(40));
  assert.equal(experienceOf(undefined), Math.log(40));
  const raw = scoreOf(
    { kind: 'experience-spread', weight: 1 },
    match(
      [ticket('a', [player('a', 1500, { gamesPlayed: 0 })])],
      [ticket('b', [player('b', 1500, { gamesPlayed: 400 })])],
    ),
    0,
    1,
  );
  // 40 and 440 games + 40: a factor of 11, past the default cap of a factor of 10.
  assert.ok(Math.abs(raw.raw - Math.log(11)) < 1e-12, `${raw.raw}`);
  assert.equal(raw.score, 0);
});

test('top-player parity, team skill gap and mean pairwise gap (Awesomenauts: 15 pairs in a 3v3)', () => {
  const candidate = match(
    [ticket('a', [player('a', 1800)]), ticket('b', [player('b', 1400)]), ticket('c', [player('c', 1300)])],
    [ticket('d', [player('d', 1700)]), ticket('e', [player('e', 1400)]), ticket('f', [player('f', 1400)])],
  );
  assert.equal(scoreOf({ kind: 'top-player-parity', weight: 1 }, candidate).raw, 100);
  assert.ok(
    Math.abs(scoreOf({ kind: 'team-skill-gap', weight: 1 }, candidate).raw - 0) < 1e-9,
    'expected to hold',
  );
  const skills = [1800, 1400, 1300, 1700, 1400, 1400];
  let total = 0;
  for (let i = 0; i < 6; i++) for (let j = i + 1; j < 6; j++) total += Math.abs(skills[i]! - skills[j]!);
  assert.ok(
    Math.abs(scoreOf({ kind: 'player-skill-gap', weight: 1 }, candidate).raw - total / 15) < 1e-9,
    'expected to hold',
  );
});

test('premades: same structure 100%, small difference 60%, large difference 0% (Awesomenauts)', () => {
  const trio = [ticket('t', [player('t1', 1500), player('t2', 1500), player('t3', 1500)])];
  const duoSolo = [ticket('d', [player('d1', 1500), player('d2', 1500)]), ticket('s', [player('s1', 1500)])];
  const solos = [
    ticket('x', [player('x', 1500)]),
    ticket('y', [player('y', 1500)]),
    ticket('z', [player('z', 1500)]),
  ];
  const trio2 = [ticket('u', [player('u1', 1500), player('u2', 1500), player('u3', 1500)])];
  assert.equal(scoreOf({ kind: 'premades', weight: 1 }, match(trio, trio2)).score, 1);
  assert.equal(premadeDifferenceRaw(match(trio, duoSolo)), 1);
  assert.ok(
    Math.abs(scoreOf({ kind: 'premades', weight: 1 }, match(trio, duoSolo)).score - 0.6) < 1e-12,
    'expected to hold',
  );
  assert.equal(scoreOf({ kind: 'premades', weight: 1 }, match(trio, solos)).score, 0);
});

test('party balance (Dota): a 5-stack against five solos is the worst case', () => {
  const stack = [
    ticket(
      'p',
      ['1', '2', '3', '4', '5'].map((id) => player(id, 1500)),
    ),
  ];
  const solos = ['a', 'b', 'c', 'd', 'e'].map((id) => ticket(id, [player(id, 1500)]));
  const explanation = scoreOf({ kind: 'party-balance', weight: 1 }, match(stack, solos), 0, 5);
  assert.equal(explanation.raw, 1);
  assert.equal(explanation.score, 0);
});

test('common language: within teams strongly, across the match weakly; no languages = any', () => {
  const en = (id: string) => ticket(id, [player(id, 1500, { languages: ['en'] })]);
  const de = (id: string) => ticket(id, [player(id, 1500, { languages: ['de', 'en'] })]);
  const ru = (id: string) => ticket(id, [player(id, 1500, { languages: ['ru'] })]);
  const any = (id: string) => ticket(id, [player(id, 1500)]);
  const criterion: CriterionConfig = { kind: 'common-language', weight: 1 };
  assert.equal(scoreOf(criterion, match([en('a'), de('b')], [de('c'), any('d')]), 0, 2).raw, 0);
  // Teams fine, match has none: weak penalty 0.2.
  assert.ok(
    Math.abs(scoreOf(criterion, match([en('a'), de('b')], [ru('c'), any('d')]), 0, 2).raw - 0.2) < 1e-12,
    'expected to hold',
  );
  // One team without one: 0.8 / 2 + 0.2.
  assert.ok(
    Math.abs(scoreOf(criterion, match([en('a'), ru('b')], [de('c'), any('d')]), 0, 2).raw - 0.6) < 1e-12,
    'expected to hold',
  );
});

test('enemy ping: the 9 enemy pairs of a 3v3, teammates ignored, per-pair shaping averaged', () => {
  const at = (id: string, eu: number, na: number) =>
    ticket(id, [player(id, 1500, { pingMsByRegion: { eu, na } })]);
  assert.equal(
    pairPingMs(
      player('a', 1, { pingMsByRegion: { eu: 20, na: 120 } }),
      player('b', 1, { pingMsByRegion: { eu: 40, na: 90 } }),
    ),
    40,
  );
  // A teammate far away does not matter.
  const candidate = match(
    [at('a', 20, 150), at('b', 20, 150), at('c', 300, 300)],
    [at('d', 20, 150), at('e', 20, 150), at('f', 20, 150)],
  );
  const explanation = scoreOf({ kind: 'enemy-ping', weight: 1, shaping: { floor: 50, cap: 250 } }, candidate);
  // 6 pairs at 20 ms (perfect), 3 pairs at 300 ms (0).
  assert.ok(Math.abs(explanation.raw - (6 * 20 + 3 * 300) / 9) < 1e-9, 'expected to hold');
  assert.ok(Math.abs(explanation.score - 6 / 9) < 1e-12, 'expected to hold');
});

test('enemy ping over a shared region index: the same pings, whichever player first reads its vector', () => {
  const regionIndex = new RegionIndex();
  const reading = { ratingModel: elo, regionIndex };
  // Regions met in different orders (one only later), and a player with no ping to one of them.
  const pings = [{ eu: 20, na: 150 }, { na: 90, eu: 40 }, { asia: 60, eu: 300 }, { na: 30 }];
  const indexed = pings.map((pingMsByRegion, i) =>
    scoreTicket({ ticketId: `t${i}`, players: [player(`p${i}`, 1500, { pingMsByRegion })] }, 0, reading),
  );
  // Read last to first: the regions are numbered in another order than the players list them.
  for (let i = indexed.length - 1; i >= 0; i--)
    assert.ok(indexed[i]?.players[0]?.pingVector instanceof Float64Array, 'expected a vector');
  const byName = pings.map((pingMsByRegion, i) =>
    ticket(`t${i}`, [player(`p${i}`, 1500, { pingMsByRegion })]),
  );
  const criterion: CriterionConfig = { kind: 'enemy-ping', weight: 1, shaping: { floor: 0, cap: 400 } };
  const teamsOf = (tickets: ScoredTicket<EloRating>[]) =>
    match(
      [tickets[0], tickets[2]] as ScoredTicket<EloRating>[],
      [tickets[1], tickets[3]] as ScoredTicket<EloRating>[],
    );
  const fromVectors = scoreOf(criterion, teamsOf(indexed), 0, 2);
  const fromNames = scoreOf(criterion, teamsOf(byName), 0, 2);
  assert.equal(fromVectors.raw, fromNames.raw);
  assert.equal(fromVectors.score, fromNames.score);
  // Pairs a-b 40, a-d 150, c-b 300; c-d share no region and count 0.
  assert.ok(Math.abs(fromVectors.raw - (40 + 150 + 300 + 0) / 4) < 1e-9, `raw ${fromVectors.raw}`);
});

test('opponent variation: a repeat in the same role costs 1, a swapped role less', () => {
  const a = player('a', 1500, { lastMatch: { teammateIds: [], opponentIds: ['b'] } });
  const b = player('b', 1500, { lastMatch: { teammateIds: [], opponentIds: ['a'] } });
  const criterion: CriterionConfig = { kind: 'opponent-variation', weight: 1 };
  const again = scoreOf(criterion, match([ticket('a', [a])], [ticket('b', [b])]), 0, 1);
  assert.equal(again.raw, 1);
  const swapped = scoreOf(
    criterion,
    match(
      [ticket('a', [a]), ticket('b', [b])],
      [ticket('c', [player('c', 1500)]), ticket('d', [player('d', 1500)])],
    ),
    0,
    2,
  );
  assert.equal(swapped.raw, 0.5);
  assert.ok(swapped.score > again.score, 'expected to hold');
});

test('hosts: open NATs reach everyone; a strict player limits who can host', () => {
  const p = (id: string, nat: 'open' | 'moderate' | 'strict') => ticket(id, [player(id, 1500, { nat })]);
  const criterion: CriterionConfig = { kind: 'hosts', weight: 1 };
  assert.equal(
    scoreOf(
      criterion,
      match([p('a', 'open'), p('b', 'open')], [p('c', 'moderate'), p('d', 'moderate')]),
      0,
      2,
    ).score,
    1,
  );
  const oneHost = scoreOf(
    criterion,
    match([p('a', 'open'), p('b', 'strict')], [p('c', 'moderate'), p('d', 'moderate')]),
    0,
    2,
  );
  assert.equal(oneHost.raw, 1);
  assert.equal(oneHost.score, 0.5);
  assert.equal(scoreOf(criterion, match([p('a', 'strict')], [p('b', 'strict')]), 0, 1).score, 0);
});

test('DomiNations: offense/defense by percent delta, variance rating catches sandbagging', () => {
  const member = (id: string, offenseRating: number, defenseRating: number) =>
    player(id, 1500, { offenseRating, defenseRating });
  const even = ['a', 'b', 'c', 'd'].map((id) => member(id, 100, 100));
  const sandbag = [member('e', 190, 190), member('f', 70, 70), member('g', 70, 70), member('h', 70, 70)];
  const teamEven = ticket('even', even);
  const teamSandbag = ticket('sand', sandbag);
  const od = scoreOf({ kind: 'offense-defense', weight: 1 }, match([teamEven], [teamSandbag]), 0, 4);
  assert.equal(od.raw, 0); // 400 vs 400 in both ratings
  const variance = scoreOf({ kind: 'variance-rating', weight: 1 }, match([teamEven], [teamSandbag]), 0, 4);
  assert.ok(variance.raw > 0.4, `${variance.raw}`);
  assert.equal(variance.score, 0);
  const stronger = ticket(
    'strong',
    ['i', 'j', 'k', 'l'].map((id) => member(id, 110, 100)),
  );
  assert.ok(
    Math.abs(scoreOf({ kind: 'offense-defense', weight: 1 }, match([teamEven], [stronger]), 0, 4).raw - 0.1) <
      1e-12,
    'expected to hold',
  );
});

test('wait time rises with the clock, and scoreAt re-scores only it', () => {
  const scorer = createMatchScorer(
    [
      { kind: 'team-balance', weight: 3 },
      { kind: 'wait-time', weight: 1, shaping: { floor: 0, cap: 60_000 } },
    ],
    { ...env, teamSize: 1 },
  );
  const candidate = match([ticket('a', [player('a', 1500)], 0)], [ticket('b', [player('b', 1500)], 30_000)]);
  const atStart = scorer.evaluate(candidate, 30_000);
  assert.ok(Math.abs(atStart.score - (3 + 0.5) / 4) < 1e-12, 'expected to hold');
  assert.ok(Math.abs(scorer.scoreAt(atStart, candidate, 60_000) - 1) < 1e-12, 'expected to hold');
  assert.equal(scorer.evaluate(candidate, 60_000).score, scorer.scoreAt(atStart, candidate, 60_000));
});

test('weighted mean over criteria, and round aggregates (sqrt-mean favours lifting bad matches)', () => {
  const scorer = createMatchScorer(
    [
      { kind: 'team-balance', weight: 2 },
      { kind: 'hosts', weight: 1, wantedHosts: 2 },
    ],
    { ...env, teamSize: 1 },
  );
  const candidate = match(
    [ticket('a', [player('a', 1500, { nat: 'strict' })])],
    [ticket('b', [player('b', 1500, { nat: 'strict' })])],
  );
  assert.ok(Math.abs(scorer.evaluate(candidate, 0).score - 2 / 3) < 1e-12, 'expected to hold');
  assert.equal(aggregateRoundQuality([0.5, 0.9], 'mean'), 0.7);
  // Lifting 0.2 -> 0.3 at the cost of 0.9 -> 0.78 worsens the mean but improves the sqrt-mean.
  const before = [0.2, 0.9];
  const after = [0.3, 0.78];
  assert.equal(aggregateRoundQuality(after, 'mean') < aggregateRoundQuality(before, 'mean'), true);
  assert.equal(aggregateRoundQuality(after, 'sqrt-mean') > aggregateRoundQuality(before, 'sqrt-mean'), true);
});

test('engagement: EOMM expected churn per player from a churn table', () => {
  const table = createChurnTable({
    WW: 0.1,
    WD: 0.2,
    WL: 0.3,
    DW: 0.1,
    DD: 0.2,
    DL: 0.3,
    LW: 0.2,
    LD: 0.4,
    LL: 0.6,
  });
  const estimator = churnTableEstimator(table);
  const scorer = createMatchScorer([{ kind: 'engagement', weight: 1 }], {
    ...env,
    teamSize: 1,
    expectedChurn: estimator,
  });
  const loser = player('l', 1500, { recentOutcomes: ['L'] });
  const winner = player('w', 1500, { recentOutcomes: ['W'] });
  const evaluation = scorer.evaluate(match([ticket('l', [loser])], [ticket('w', [winner])]), 0);
  // Elo predicts 50/50 with no draws: 0.5 (0.2 + 0.3) + 0.5 (0.6 + 0.1) = 0.6 churners, 0.3 per player.
  assert.ok(Math.abs((evaluation.expectedChurn ?? -1) - 0.3) < 1e-12, 'expected to hold');
  assert.ok(Math.abs(evaluation.score - 0.7) < 1e-12, 'expected to hold');
  assert.throws(
    () => createMatchScorer([{ kind: 'engagement', weight: 1 }], { ...env, teamSize: 1 }),
    (error) => isMatchdError(error, 'MM_ERR_INVALID_OPTION'),
  );
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  churnTableEstimator,
  createChurnTable,
  createElo,
  createGlicko2,
  createMatchmaker,
  createMatchScorer,
  isMatchdError,
  type MatchmakerEffect,
  type QueueConfig,
  Random,
  scoreTicket,
  type TicketInput,
  validateQueueConfig,
} from '@matchd/engine';
import { MatchAudit } from '../../packages/engine/src/queue/test-support/invariants.ts';
import { syntheticTickets } from '../../packages/engine/src/queue/test-support/synthetic.ts';

function load(name: string): QueueConfig {
  return validateQueueConfig(JSON.parse(readFileSync(join(import.meta.dirname, name), 'utf8')));
}

const elo = createElo();
const eloRating = (skill: number, games: number) => ({ rating: skill, games, streak: 0 });

function matchedOf(effects: readonly MatchmakerEffect[]) {
  return effects.filter((effect) => effect.kind === 'matched');
}

test('every example queue validates', () => {
  for (const name of [
    'awesomenauts-3v3.json',
    'dota-5v5.json',
    'dota-normal-5v5.json',
    'eomm-1v1.json',
    'dominations-world-war.json',
    'ranked-1v1-calibration.json',
    'flexmatch-large-200.json',
    'flexmatch-8v8.json',
    'free-for-all.json',
    'battle-royale-squads.json',
  ]) {
    assert.doesNotThrow(() => load(name), name);
  }
});

test('Awesomenauts 3v3: a round runs when 300 players wait, at the announced time otherwise', () => {
  const config = load('awesomenauts-3v3.json');
  const random = Random.fromSeed(3);
  const tickets = syntheticTickets({
    random,
    count: 240,
    rating: eloRating,
    partySizeWeights: [6, 2, 1],
    regions: ['eu', 'na', 'au'],
    withNat: true,
  });
  const byId = new Map(tickets.map((ticket) => [ticket.ticketId, ticket]));
  const mm = createMatchmaker({ config, ratingModel: elo, seed: 7 });
  const audit = new MatchAudit(config, byId);
  let players = 0;
  let now = 0;
  let roundAt: number | undefined;
  for (const ticket of tickets) {
    mm.enqueue(ticket, now);
    players += ticket.players.length;
    const before = mm.status(ticket.ticketId, now);
    assert.equal(before.eta?.kind, 'round');
    const effects = mm.tick(now);
    audit.observe(effects);
    if (effects.length > 0 && roundAt === undefined) {
      roundAt = now;
      assert.ok(players >= 300, `round ran early with ${players} players`);
    }
    now += 200;
  }
  assert.ok(roundAt !== undefined && roundAt < 120_000, 'the round ran once 300 players waited');
  assert.ok(audit.matches >= 45, `${audit.matches} matches`);
  assert.deepEqual(audit.violations, []);
  // The rest are told the exact time of the next round, and it happens then.
  const waiting = tickets.find(
    (ticket) => !audit.matchedTickets.has(ticket.ticketId) && mm.size().tickets > 0,
  );
  if (waiting !== undefined && mm.size().tickets > 0) {
    const eta = mm.status(waiting.ticketId, now).eta;
    assert.equal(eta?.kind, 'round');
    const atMs = eta?.kind === 'round' ? eta.atMs : 0;
    assert.equal(mm.tick(atMs - 1).length, 0);
    audit.observe(mm.tick(atMs));
    assert.deepEqual(audit.violations, []);
  }
});

test('Dota 5v5: gates refuse ranked-locked, low-priority and coach players; matches pass acceptance', () => {
  const config = load('dota-5v5.json');
  const mm = createMatchmaker({ config, ratingModel: elo, seed: 1 });
  const pings = { 'us-east': 30, 'eu-west': 120, sea: 200 };
  // Ranked opens on games of the normal track (gates.gamesTrack), which the service fills.
  const base = {
    rating: eloRating(1500, 300),
    gamesPlayed: 0,
    gamesByTrack: { normal: 300 },
    pingMsByRegion: pings,
  };
  const rejects = (ticket: unknown, code: string) =>
    assert.throws(
      () => mm.enqueue(ticket as TicketInput<ReturnType<typeof eloRating>>, 0),
      (error) => isMatchdError(error) && error.code === code,
    );
  rejects(
    {
      ticketId: 'x',
      players: [
        { ...base, playerId: 'a' },
        { ...base, playerId: 'b', gamesByTrack: { normal: 20 } },
      ],
    },
    'MM_ERR_GATE_REJECTED',
  );
  rejects(
    { ticketId: 'x', players: [{ ...base, playerId: 'a', lowPriority: true }] },
    'MM_ERR_GATE_REJECTED',
  );
  rejects({ ticketId: 'x', players: [{ ...base, playerId: 'a', roles: ['coach'] }] }, 'MM_ERR_GATE_REJECTED');
  rejects(
    { ticketId: 'x', players: ['a', 'b', 'c', 'd', 'e', 'f'].map((playerId) => ({ ...base, playerId })) },
    'MM_ERR_PARTY_TOO_LARGE',
  );
  assert.equal(mm.size().tickets, 0);

  const random = Random.fromSeed(11);
  const tickets = syntheticTickets({
    random,
    count: 160,
    rating: eloRating,
    partySizeWeights: [10, 3, 2, 1, 1],
    regions: ['us-east', 'eu-west', 'sea'],
    languages: [['en'], ['en', 'de'], ['ru'], ['en', 'ru']],
    gamesPlayed: [150, 3000],
  }).map((ticket) => ({
    ...ticket,
    players: ticket.players.map((player) => ({
      ...player,
      gamesByTrack: { normal: player.gamesPlayed ?? 0 },
    })),
  }));
  const byId = new Map(tickets.map((ticket) => [ticket.ticketId, ticket]));
  const audit = new MatchAudit(config, byId);
  let now = 0;
  for (const ticket of tickets) mm.enqueue(ticket, now);
  for (let step = 0; step < 120; step++) {
    now += 5_000;
    const effects = mm.tick(now);
    for (const effect of effects) {
      if (effect.kind === 'proposed') {
        // Every player accepts, except the first player of every fifth match declines.
        const decline = Number(effect.match.matchId.split('-').pop()) % 5 === 0;
        const [firstTicket] = effect.match.teams[0]?.ticketIds ?? [];
        for (const team of effect.match.teams) {
          for (const ticketId of team.ticketIds) {
            for (const player of byId.get(ticketId)?.players ?? []) {
              if (decline && ticketId === firstTicket) {
                audit.observe(mm.decline(ticketId, player.playerId, now));
                break;
              }
              if (mm.status(ticketId, now).state === 'proposed')
                audit.observe(mm.accept(ticketId, player.playerId, now));
            }
          }
        }
      }
    }
    audit.observe(effects);
  }
  assert.ok(audit.matches >= 8, `${audit.matches} matches`);
  assert.deepEqual(audit.violations, []);
});

test('EOMM 1v1: the engagement objective loses fewer players than skill pairing, within the fairness floor', () => {
  const config = load('eomm-1v1.json');
  // Churn keyed by the last outcome and the upcoming one: losing twice in a row is what drives churn.
  const table = createChurnTable({
    WW: 0.02,
    WD: 0.03,
    WL: 0.05,
    DW: 0.03,
    DD: 0.04,
    DL: 0.07,
    LW: 0.02,
    LD: 0.06,
    LL: 0.15,
  });
  const expectedChurn = churnTableEstimator<ReturnType<typeof eloRating>>(table);
  const mm = createMatchmaker({ config, ratingModel: elo, seed: 5, expectedChurn });
  const random = Random.fromSeed(21);
  const tickets = syntheticTickets({ random, count: 200, rating: eloRating, withRecentOutcomes: true });
  const byId = new Map(tickets.map((ticket) => [ticket.ticketId, ticket]));
  const audit = new MatchAudit(config, byId);
  for (const ticket of tickets) mm.enqueue(ticket, 0);
  const effects = mm.tick(0); // 200 players = minPlayers: the round runs now
  audit.observe(effects);
  const matches = matchedOf(effects);
  assert.equal(matches.length, 100);
  assert.deepEqual(audit.violations, []);
  const eommChurn = matches.reduce((sum, effect) => sum + 2 * (effect.match.expectedChurn ?? 0), 0);
  // Skill pairing of the same pool: sort by rating, pair neighbours.
  const scorer = createMatchScorer(config.criteria, {
    ratingModel: elo,
    teamSize: 1,
    skillScale: 200,
    expectedChurn,
  });
  const scored = tickets
    .map((ticket) => scoreTicket(ticket, 0, { ratingModel: elo }))
    .sort((a, b) => a.skill - b.skill);
  let skillChurn = 0;
  for (let i = 0; i + 1 < scored.length; i += 2) {
    skillChurn += 2 * (scorer.evaluate({ teams: [[scored[i]!], [scored[i + 1]!]] }, 0).expectedChurn ?? 0);
  }
  assert.ok(eommChurn < skillChurn, `EOMM ${eommChurn.toFixed(3)} vs skill ${skillChurn.toFixed(3)}`);
});

test('DomiNations war: alliances of 10 to 50 are paired only when both sides accept; sandbaggers wait', () => {
  const base = load('dominations-world-war.json');
  for (const size of [10, 20, 30, 50]) {
    const config = { ...base, teams: { count: 2, size }, gates: { minPartySize: size } };
    const mm = createMatchmaker({ config, ratingModel: elo, seed: size });
    const member = (id: string, value: number) => ({
      playerId: id,
      rating: eloRating(1500, 300),
      offenseRating: value,
      defenseRating: value,
    });
    const even = (name: string) => ({
      ticketId: name,
      players: Array.from({ length: size }, (_, i) => member(`${name}-${i}`, 1000 + (i % 3))),
    });
    const sandbag = (name: string) => ({
      ticketId: name,
      players: Array.from({ length: size }, (_, i) =>
        member(`${name}-${i}`, i === 0 ? 1000 + 900 * size : 100),
      ),
    });
    assert.throws(
      () => mm.enqueue({ ticketId: 'solo', players: [member('solo', 1000)] }, 0),
      (error) => isMatchdError(error, 'MM_ERR_GATE_REJECTED'),
    );
    mm.enqueue(even('A'), 0);
    mm.enqueue(sandbag('S'), 0);
    // Same totals, very different compositions: the handshake refuses (variance rating).
    assert.equal(matchedOf(mm.tick(60_000)).length, 0);
    const status = mm.status('A', 60_000);
    assert.ok((status.explanation?.bestCandidate?.rejectedBy.length ?? 0) > 0, 'A and S refused each other');
    assert.ok(
      status.explanation?.bestCandidate?.belowThreshold.some(
        (criterion) => criterion.criterion === 'variance-rating',
      ),
      'variance rating named as the reason',
    );
    mm.enqueue(even('B'), 120_000);
    mm.enqueue(sandbag('T'), 120_000);
    const matches = matchedOf(mm.tick(180_000));
    const pairs = matches
      .map((effect) =>
        effect.match.teams
          .map((team) => team.ticketIds[0])
          .sort()
          .join('+'),
      )
      .sort();
    assert.deepEqual(pairs, ['A+B', 'S+T'], `size ${size}`);
  }
});

test('ranked 1v1 with calibration (Glicko-2): uncertain newcomers are matched, in a region within the ping limit, with an ETA', () => {
  const config = load('ranked-1v1-calibration.json');
  const glicko = createGlicko2();
  type Rating = ReturnType<typeof glicko.initial>;
  const mm = createMatchmaker<Rating>({ config, ratingModel: glicko, seed: 9 });
  const random = Random.fromSeed(33);
  const tickets = syntheticTickets<Rating>({
    random,
    count: 300,
    rating: (skill, games) => ({ ...glicko.initial(), rating: skill, rd: games < 10 ? 300 : 60 }),
    regions: ['eu', 'na'],
    gamesPlayed: [0, 40],
  });
  const byId = new Map(tickets.map((ticket) => [ticket.ticketId, ticket]));
  const audit = new MatchAudit(config, byId);
  let now = 0;
  let calibratingMatched = 0;
  for (const ticket of tickets) {
    mm.enqueue(ticket, now);
    now += 500;
    const effects = mm.tick(now);
    audit.observe(effects);
    for (const effect of matchedOf(effects)) {
      for (const team of effect.match.teams) {
        const [ticketId] = team.ticketIds;
        if ((byId.get(ticketId ?? '')?.players[0]?.gamesPlayed ?? 99) < 10) calibratingMatched++;
      }
    }
  }
  for (let step = 0; step < 200; step++) {
    now += 1000;
    audit.observe(mm.tick(now));
  }
  assert.deepEqual(audit.violations, []);
  assert.ok(audit.matches >= 140, `${audit.matches} matches`);
  assert.ok(calibratingMatched > 0, 'calibrating players were matched');
  // A new ticket gets an estimate from recent waits of its band and region.
  mm.enqueue(
    {
      ticketId: 'late',
      players: [{ playerId: 'late', rating: glicko.initial(), pingMsByRegion: { eu: 30 } }],
    },
    now,
  );
  const eta = mm.status('late', now).eta;
  assert.ok(eta?.kind === 'estimate' || eta?.kind === 'unknown', JSON.stringify(eta));
});

/** Runs an example over synthetic tickets (regions as the config names them), auditing every match. */
function runExample(
  name: string,
  options: { count: number; partySizeWeights: number[]; untilMs: number; stepMs: number },
) {
  const config = load(name);
  const regions = config.regions?.names;
  const tickets = syntheticTickets({
    random: Random.fromSeed(name.length),
    count: options.count,
    rating: eloRating,
    partySizeWeights: options.partySizeWeights,
    ...(regions === undefined ? {} : { regions }),
    gamesPlayed: [0, 400],
  });
  const byId = new Map(tickets.map((ticket) => [ticket.ticketId, ticket]));
  const mm = createMatchmaker({ config, ratingModel: elo, seed: 5 });
  const audit = new MatchAudit(config, byId);
  for (const ticket of tickets) mm.enqueue(ticket, 0);
  const matches: { atMs: number; sizes: number[] }[] = [];
  for (let now = 0; now <= options.untilMs; now += options.stepMs) {
    const effects = mm.tick(now);
    audit.observe(effects);
    for (const effect of matchedOf(effects))
      matches.push({ atMs: now, sizes: effect.match.teams.map((team) => team.playerIds.length) });
  }
  assert.deepEqual(audit.violations, [], name);
  return { matches, mm };
}

test("FlexMatch's large-match example: one team of 175 to 200 at first, 150 after 10 s, 100 after 15 s", () => {
  const { matches } = runExample('flexmatch-large-200.json', {
    count: 300,
    partySizeWeights: [6, 2, 1, 1],
    untilMs: 30_000,
    stepMs: 1_000,
  });
  assert.ok(matches.length >= 2, `${matches.length} matches`);
  for (const { atMs, sizes } of matches) {
    const players = sizes[0] as number;
    assert.equal(sizes.length, 1);
    // Each match holds at least what its tickets accepted when it formed.
    assert.ok(
      players >= (atMs < 10_000 ? 175 : atMs < 15_000 ? 150 : 100),
      `${players} players at ${atMs} ms`,
    );
    assert.ok(players <= 200);
  }
});

test('FlexMatch-style 8v8 with 4 to 8 per team, a 4-to-8 free-for-all and battle-royale squads form matches in their shapes', () => {
  const eight = runExample('flexmatch-8v8.json', {
    count: 60,
    partySizeWeights: [6, 2, 1, 1],
    untilMs: 60_000,
    stepMs: 2_000,
  });
  assert.ok(eight.matches.length >= 3, `${eight.matches.length} 8v8 matches`);
  for (const { sizes } of eight.matches) {
    assert.equal(sizes.length, 2);
    assert.equal(sizes[0], sizes[1]);
    assert.ok((sizes[0] as number) >= 4 && (sizes[0] as number) <= 8);
  }
  const ffa = runExample('free-for-all.json', {
    count: 40,
    partySizeWeights: [1],
    untilMs: 60_000,
    stepMs: 2_000,
  });
  assert.ok(ffa.matches.length >= 4, `${ffa.matches.length} free-for-all matches`);
  for (const { sizes } of ffa.matches) {
    assert.ok(sizes.length >= 4 && sizes.length <= 8 && sizes.every((players) => players === 1));
  }
  const royale = runExample('battle-royale-squads.json', {
    count: 150,
    partySizeWeights: [6, 3, 1, 1],
    untilMs: 120_000,
    stepMs: 5_000,
  });
  assert.ok(royale.matches.length >= 2, `${royale.matches.length} battle-royale matches`);
  for (const { sizes } of royale.matches) {
    assert.ok(sizes.length >= 10 && sizes.length <= 25, `${sizes.length} squads`);
    assert.ok(sizes.every((players) => players === 4));
  }
});

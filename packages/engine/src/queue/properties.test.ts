import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createElo } from '../rating/elo/elo.ts';
import { createMatchmaker } from './matchmaker.ts';
import { queueArb, replayChecked, streamArb } from './test-support/generative.ts';
import { allFinite } from './test-support/invariants.ts';
import { CONFIG_LIMITS, validateQueueConfig } from './validate-config.ts';

/**
 * The queue's properties over random valid configs (shapes from 1v1 to 100-player free-for-all and
 * 200-player matches, 1 to 16 teams, size ranges, parties up to the team size, regions and ping caps,
 * gates, acceptance, both modes, both overdue policies) and random ticket streams; each run is
 * replayed twice with the same seed. `node --import tsx scripts/queue-properties.ts` runs the same
 * properties longer (more configs, longer streams, any seed).
 */
test('random configs and ticket streams keep every queue rule, and the same seed gives the same matches', () => {
  let matches = 0;
  let tickets = 0;
  let expired = 0;
  let proposed = 0;
  let runs = 0;
  fc.assert(
    fc.property(queueArb, fc.integer(), streamArb(40), (queue, seed, events) => {
      const first = replayChecked(queue, seed, events);
      runs++;
      matches += first.matches;
      tickets += first.tickets;
      expired += first.expired;
      proposed += first.proposed;
    }),
    { numRuns: 2000, seed: 20261123 },
  );
  // The streams must actually form, propose and expire, or the properties say little.
  assert.equal(runs, 2000);
  assert.ok(matches > 2000, `only ${matches} matches over ${tickets} tickets`);
  assert.ok(proposed > 2000, `only ${proposed} tickets proposed`);
  assert.ok(expired > 10_000, `only ${expired} tickets expired`);
  console.log(
    `${runs} configs, ${tickets} tickets, ${matches} matches, ${proposed} proposed, ${expired} expired`,
  );
});

test('numbers at the edges of their documented ranges give finite qualities, matches and explanations', () => {
  const config = validateQueueConfig({
    id: 'edges',
    teams: { count: 2, size: 2 },
    rating: { track: 'edges' },
    criteria: [
      { kind: 'team-balance', weight: CONFIG_LIMITS.maxWeight },
      {
        kind: 'team-skill-gap',
        weight: CONFIG_LIMITS.maxWeight,
        shaping: { floor: -1e12, cap: 1e12, power: 100 },
      },
      { kind: 'skill-spread', weight: 1, shaping: { cap: 1e12 } },
      { kind: 'player-skill-gap', weight: 1 },
      { kind: 'experience-spread', weight: 1 },
      { kind: 'enemy-ping', weight: 1 },
      { kind: 'offense-defense', weight: 1 },
      { kind: 'variance-rating', weight: 1 },
      { kind: 'wait-time', weight: 1, shaping: { cap: CONFIG_LIMITS.maxDurationMs } },
    ],
    threshold: { start: 1, linear: { perSecond: 1, limit: 0 } },
    mode: { kind: 'continuous', maxWaitMs: CONFIG_LIMITS.maxDurationMs },
    regions: { names: ['eu'], maxPingMs: { start: CONFIG_LIMITS.maxPingMs } },
    expireAfterMs: CONFIG_LIMITS.maxDurationMs,
  });
  const elo = createElo();
  const mm = createMatchmaker({ config, ratingModel: elo, seed: 1 });
  const extremes = [1e12, -1e12, 1e12, -1e12, 0, 1e12];
  extremes.forEach((skill, index) => {
    mm.enqueue(
      {
        ticketId: `t${index}`,
        players: [
          {
            playerId: `p${index}`,
            rating: { rating: skill, games: 0, streak: 0 },
            gamesPlayed: index % 2 === 0 ? CONFIG_LIMITS.maxGames : 0,
            pingMsByRegion: { eu: CONFIG_LIMITS.maxPingMs },
            offenseRating: 1e12,
            defenseRating: index % 2 === 0 ? 1e12 : 1e-9,
          },
        ],
      },
      -8.64e15,
    );
  });
  assert.throws(
    () =>
      mm.enqueue(
        { ticketId: 'x', players: [{ playerId: 'x', rating: { rating: 1e308, games: 0, streak: 0 } }] },
        0,
      ),
    /skill and deviation must be within/,
  );
  assert.throws(() => mm.tick(1e300), /nowMs/);
  const effects = [...mm.tick(-8.64e15), ...mm.tick(8.64e15)];
  assert.ok(allFinite(effects), JSON.stringify(effects).slice(0, 400));
  assert.ok(effects.some((effect) => effect.kind === 'matched' || effect.kind === 'expired'));
  for (const index of extremes.keys()) {
    const status = mm.status(`t${index}`, 8.64e15);
    assert.ok(allFinite(status), JSON.stringify(status));
  }
});

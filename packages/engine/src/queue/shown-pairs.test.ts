import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { createElo } from '../rating/elo/elo.ts';
import type { EloRating } from '../rating/elo/k-policy.ts';
import { createMatchmaker } from './matchmaker.ts';
import { thresholdRelaxationArb } from './test-support/relaxation-arbitraries.ts';
import type { Matchmaker, MatchmakerEffect, QueueConfig, TicketInput } from './types.ts';

/**
 * A continuous 1v1 ticket's `status` shows the best pair among those its looks and its arriving
 * neighbours showed it since its last look (each scored when asked, as seen then). Asking is a read:
 * a ticket asked after every tick and one asked only at the end show the same best candidate, however
 * many looks it made in between (each look's record of its pairs is reused for the next one).
 */

const elo = createElo();

type Event =
  | { readonly kind: 'enqueue'; readonly skill: number }
  | { readonly kind: 'cancel'; readonly pick: number }
  | { readonly kind: 'tick'; readonly advanceMs: number };

const eventsArb: fc.Arbitrary<Event[]> = fc.array(
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('enqueue' as const),
        skill: fc.integer({ min: 1400, max: 1700 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('tick' as const),
        advanceMs: fc.integer({ min: 0, max: 4_000 }),
      }),
    },
  ),
  { minLength: 5, maxLength: 120, size: 'max' },
);

const configArb: fc.Arbitrary<QueueConfig> = fc
  .record({
    threshold: thresholdRelaxationArb({ minStart: 0.95, minPerSecond: 0.001 }),
    window: fc.integer({ min: 1, max: 8 }),
  })
  .map(({ threshold, window }) => ({
    id: 'shown-pairs',
    teams: { count: 2, size: 1 },
    rating: { track: 'shown' },
    criteria: [{ kind: 'skill-spread', weight: 1 }],
    threshold,
    mode: { kind: 'continuous', maxWaitMs: 120_000, candidateWindow: window },
  }));

function ticketOf(id: string, skill: number): TicketInput<EloRating> {
  return { ticketId: id, players: [{ playerId: `${id}p`, rating: { rating: skill, games: 30, streak: 0 } }] };
}

/** The best candidate each waiting ticket shows at the end (asking every tick when `askEveryTick`). */
function finalShown(config: QueueConfig, events: readonly Event[], askEveryTick: boolean): unknown[] {
  const mm: Matchmaker<EloRating> = createMatchmaker({ config, ratingModel: elo, seed: 1 });
  const ids: string[] = [];
  // Which tickets left, read from the effects (a status asked here would be an ask).
  const gone = new Set<string>();
  const note = (effects: readonly MatchmakerEffect[]) => {
    for (const effect of effects) {
      if (effect.kind === 'matched')
        for (const team of effect.match.teams) for (const id of team.ticketIds) gone.add(id);
      else if (effect.kind === 'expired') gone.add(effect.ticketId);
    }
  };
  let now = 0;
  for (const event of events) {
    if (event.kind === 'enqueue') {
      const id = `t${ids.length}`;
      note(mm.enqueue(ticketOf(id, event.skill), now));
      ids.push(id);
    } else if (event.kind === 'cancel') {
      const waiting = ids.filter((id) => !gone.has(id));
      const id = waiting[event.pick % Math.max(1, waiting.length)];
      if (id === undefined) continue;
      note(mm.cancel(id, now));
      gone.add(id);
    } else {
      now += event.advanceMs;
      note(mm.tick(now));
      if (askEveryTick) for (const id of ids) if (!gone.has(id)) mm.status(id, now);
    }
  }
  return ids.filter((id) => !gone.has(id)).map((id) => mm.status(id, now).explanation?.bestCandidate);
}

test('1v1: a ticket asked for its status after every tick shows at the end what one asked only then shows', () => {
  let shown = 0;
  fc.assert(
    fc.property(configArb, eventsArb, (config, events) => {
      const asked = finalShown(config, events, true);
      const quiet = finalShown(config, events, false);
      assert.deepEqual(asked, quiet);
      shown += quiet.filter((candidate) => candidate !== undefined).length;
    }),
    { numRuns: 150, seed: 20261125 },
  );
  // Most waiting tickets must show a candidate, or the comparison says little.
  assert.ok(shown > 400, `only ${shown} candidates shown`);
});

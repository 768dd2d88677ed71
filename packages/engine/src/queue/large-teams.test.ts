import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Random } from '../random.ts';
import { createElo } from '../rating/elo/index.ts';
import { createMatchmaker } from './matchmaker.ts';
import { validateQueueConfig } from './validate-config.ts';

// DomiNations plays 10v10 up to 50v50. Pre-formed alliances are one ticket a team; these tests cover
// the harder case of solos and small parties filling such teams.
function largeTeamConfig(teamSize: number, mode: Record<string, unknown>) {
  return {
    id: `war-${teamSize}`,
    teams: { count: 2, size: teamSize },
    rating: { track: 'war' },
    criteria: [{ kind: 'team-balance', weight: 1 }],
    threshold: { start: 0 },
    mode,
  };
}

for (const teamSize of [15, 20, 50]) {
  test(`a continuous ${teamSize}v${teamSize} queue of solos and parties forms full teams, parties whole`, () => {
    const random = Random.fromSeed(teamSize);
    const config = largeTeamConfig(teamSize, { kind: 'continuous', maxWaitMs: 60_000 });
    const matchmaker = createMatchmaker({
      config: validateQueueConfig(config),
      ratingModel: createElo(),
      seed: 1,
    });
    const partySizes: number[] = [];
    let players = 0;
    while (players < teamSize * 2) {
      const size = Math.min(random.pick([1, 1, 1, 2, 3]), teamSize * 2 - players);
      partySizes.push(size);
      players += size;
    }
    partySizes.forEach((size, ticketIndex) => {
      matchmaker.enqueue(
        {
          ticketId: `t${ticketIndex}`,
          players: Array.from({ length: size }, (_, member) => ({
            playerId: `p${ticketIndex}-${member}`,
            rating: { rating: random.normal(1500, 300), games: 30, streak: 0 },
          })),
        },
        0,
      );
    });
    const effects = matchmaker.tick(1_000);
    const matched = effects.flatMap((effect) => (effect.kind === 'matched' ? [effect.match] : []));
    assert.equal(matched.length, 1);
    const match = matched[0]!;
    for (const team of match.teams) assert.equal(team.playerIds.length, teamSize);
    const teamOfTicket = new Map<string, number>();
    match.teams.forEach((team, teamIndex) => {
      for (const ticketId of team.ticketIds) teamOfTicket.set(ticketId, teamIndex);
    });
    assert.equal(teamOfTicket.size, partySizes.length);
  });
}

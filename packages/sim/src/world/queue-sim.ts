/**
 * Runs a queue over a virtual clock through the real engine (F's `createMatchmaker`): tickets
 * arrive per region by a Poisson process thinned to the daily curve, the matchmaker ticks every
 * `tickMs`, proposals are accepted at once, and every match's outcome is drawn from the rating
 * model's prediction. Players who do not churn (churn table on recent outcomes) queue again after a
 * break, so repeat opponents and retention can be measured.
 */
import {
  type ChurnTable,
  churnTableEstimator,
  createElo,
  createMatchmaker,
  type EloRating,
  isMatchdError,
  largestTeamSize,
  type MatchmakerEffect,
  type MatchOutcome,
  type MatchSummary,
  type QueueConfig,
  Random,
  tableChurn,
} from '@matchd/engine';
import { quantile } from '../stats/summary.ts';
import {
  arrivalRate,
  drawPartySize,
  drawPlayer,
  type RegionSpec,
  type SimPlayer,
  type SkillDistribution,
} from './population.ts';

/** What to simulate. */
export interface QueueSimOptions {
  readonly config: QueueConfig;
  /** Where players arrive from; one matchmaker serves them all (the config's regions, if any, decide where matches are played). */
  readonly regions: readonly RegionSpec[];
  readonly skills: SkillDistribution;
  readonly durationMs: number;
  /** Virtual start time from midnight UTC (the daily curve). */
  readonly startMs: number;
  readonly tickMs: number;
  readonly seed: number;
  /** Churn after each match; without one every player plays once. */
  readonly churn?: ChurnTable;
  /** Mean break before a retained player queues again. */
  readonly returnAfterMs?: number;
}

/** The metrics of a run. */
export interface QueueSimMetrics {
  readonly tickets: number;
  /** Tickets the queue refused at enqueue (gates such as a ranked unlock). */
  readonly rejected: number;
  readonly matches: number;
  readonly expired: number;
  readonly waitMs: {
    readonly p50: number;
    readonly p90: number;
    readonly p99: number;
    readonly mean: number;
  };
  readonly meanQuality: number;
  /** Mean |P(favourite wins) - 0.5| over matches (0 = every match a coin flip). */
  readonly meanFavouriteEdge: number;
  /** Share of players who queued again after a match (1 - churn). */
  readonly retention: number;
  /** Share of player-matches with an opponent met in the player's previous match. */
  readonly repeatOpponentRate: number;
  /** Mean over matches of the highest ping to the match's region (or the players' home region). */
  readonly meanMaxPingMs: number;
}

interface Waiting {
  readonly players: SimPlayer[];
}

/** Runs one queue for `durationMs` and returns its metrics. */
export function simulateQueue(options: QueueSimOptions): QueueSimMetrics {
  const random = Random.fromSeed(options.seed);
  const elo = createElo();
  const matchmaker = createMatchmaker<EloRating>({
    config: options.config,
    ratingModel: elo,
    seed: options.seed,
    // The queue's engagement criterion or objective (EOMM) estimates churn from the same table that
    // decides who comes back: F's estimator over the engine's EOMM cost.
    ...(options.churn === undefined ? {} : { expectedChurn: churnTableEstimator<EloRating>(options.churn) }),
  });
  const players = new Map<string, SimPlayer>();
  const history = new Map<string, MatchOutcome[]>();
  const lastOpponents = new Map<string, Set<string>>();
  const tickets = new Map<string, Waiting>();
  const rejoins: { atMs: number; player: SimPlayer }[] = [];
  const waits: number[] = [];
  let ticketCount = 0;
  let rejected = 0;
  let matches = 0;
  let expired = 0;
  let qualitySum = 0;
  let edgeSum = 0;
  let pingSum = 0;
  let playerMatches = 0;
  let repeats = 0;
  let retained = 0;
  let churned = 0;
  const ratingOf = (player: SimPlayer): EloRating => ({ ...elo.initial(), rating: player.skill });
  const enqueue = (group: SimPlayer[], nowMs: number) => {
    const ticketId = `t${ticketCount++}`;
    tickets.set(ticketId, { players: group });
    let effects: readonly MatchmakerEffect[];
    try {
      effects = matchmaker.enqueue(
        {
          ticketId,
          players: group.map((p) => ({
            playerId: p.playerId,
            rating: ratingOf(p),
            gamesPlayed: p.gamesPlayed,
            languages: p.languages,
            pingMsByRegion: p.pingMsByRegion,
            recentOutcomes: history.get(p.playerId) ?? [],
          })),
        },
        nowMs,
      );
    } catch (error) {
      // A gate refused the ticket (e.g. too few games for ranked): the queue works as configured.
      if (isMatchdError(error, 'MM_ERR_GATE_REJECTED')) {
        rejected++;
        tickets.delete(ticketId);
        return;
      }
      throw error;
    }
    handle(effects, nowMs);
  };
  const onMatched = (
    match: MatchSummary,
    waitMsByTicket: Readonly<Record<string, number>>,
    nowMs: number,
  ) => {
    matches++;
    qualitySum += match.quality;
    for (const wait of Object.values(waitMsByTicket)) waits.push(wait);
    const teams = match.teams.map((team) => team.playerIds.map((id) => players.get(id) as SimPlayer));
    // The queue predicts only when a criterion needs it; the outcome always comes from the model.
    const prediction = elo.predict({ teams: teams.map((team) => team.map(ratingOf)) });
    const decisive = prediction.win.reduce((a, b) => a + b, 0);
    const team0 = (prediction.win[0] as number) / decisive;
    edgeSum += Math.abs(Math.max(team0, 1 - team0) - 0.5);
    let maxPing = 0;
    for (const team of teams) {
      for (const p of team) maxPing = Math.max(maxPing, p.pingMsByRegion[match.region ?? p.region] ?? 0);
    }
    pingSum += maxPing;
    const team0Wins = random.bernoulli(team0);
    teams.forEach((team, t) => {
      const outcome: MatchOutcome = (t === 0) === team0Wins ? 'W' : 'L';
      const opponents = teams.filter((_, u) => u !== t).flat();
      for (const p of team) {
        playerMatches++;
        const previous = lastOpponents.get(p.playerId);
        if (previous !== undefined && opponents.some((o) => previous.has(o.playerId))) repeats++;
        lastOpponents.set(p.playerId, new Set(opponents.map((o) => o.playerId)));
        const past = history.get(p.playerId) ?? [];
        const padded: MatchOutcome[] = [...past];
        const table = options.churn;
        const needed = table === undefined ? 0 : table.keyLength - 1;
        while (padded.length < needed) padded.unshift('D');
        const leaves = table === undefined ? true : random.bernoulli(tableChurn(table, padded, outcome));
        history.set(p.playerId, [...past, outcome].slice(-10));
        if (leaves) churned++;
        else {
          retained++;
          rejoins.push({ atMs: nowMs + random.exponential(options.returnAfterMs ?? 120_000), player: p });
        }
      }
    });
  };
  const handle = (effects: readonly MatchmakerEffect[], nowMs: number) => {
    for (const effect of effects) {
      if (effect.kind === 'matched') onMatched(effect.match, effect.waitMsByTicket, nowMs);
      else if (effect.kind === 'expired') expired++;
      else if (effect.kind === 'proposed') {
        // Everyone accepts at once: acceptance is not what this simulation measures.
        for (const team of effect.match.teams) {
          team.ticketIds.forEach((ticketId) => {
            for (const player of tickets.get(ticketId)?.players ?? []) {
              handle(matchmaker.accept(ticketId, player.playerId, nowMs), nowMs);
            }
          });
        }
      }
    }
  };
  const maxRates = options.regions.map((region) => region.arrivalsPerSecond * 1.6);
  const nextArrivalMs = maxRates.map((rate) => options.startMs + random.exponential(1000 / rate));
  let playerCount = 0;
  const endMs = options.startMs + options.durationMs;
  for (let nowMs = options.startMs; nowMs <= endMs; nowMs += options.tickMs) {
    options.regions.forEach((region, r) => {
      const maxRate = maxRates[r] as number;
      while ((nextArrivalMs[r] as number) <= nowMs) {
        // Thinning: accept an arrival of the peak-rate process with rate(t) / peak.
        if (random.bernoulli(arrivalRate(region, nextArrivalMs[r] as number) / maxRate)) {
          const size = drawPartySize(random, largestTeamSize(options.config.teams));
          const group: SimPlayer[] = [];
          const base = drawPlayer({ playerId: `p${playerCount++}`, region, skills: options.skills, random });
          group.push(base);
          for (let k = 1; k < size; k++) {
            // Friends: same region, similar skill.
            const friend = drawPlayer({
              playerId: `p${playerCount++}`,
              region,
              skills: options.skills,
              random,
            });
            group.push({ ...friend, skill: base.skill + random.normal(0, 150) });
          }
          for (const p of group) players.set(p.playerId, p);
          enqueue(group, nowMs);
        }
        nextArrivalMs[r] = (nextArrivalMs[r] as number) + random.exponential(1000 / maxRate);
      }
    });
    rejoins.sort((a, b) => a.atMs - b.atMs);
    while (rejoins.length > 0 && (rejoins[0] as { atMs: number }).atMs <= nowMs) {
      const { player } = rejoins.shift() as { player: SimPlayer };
      enqueue([player], nowMs);
    }
    handle(matchmaker.tick(nowMs), nowMs);
  }
  return {
    tickets: ticketCount,
    rejected,
    matches,
    expired,
    waitMs: {
      p50: quantile(waits, 0.5),
      p90: quantile(waits, 0.9),
      p99: quantile(waits, 0.99),
      mean: waits.length > 0 ? waits.reduce((a, b) => a + b, 0) / waits.length : Number.NaN,
    },
    meanQuality: matches > 0 ? qualitySum / matches : Number.NaN,
    meanFavouriteEdge: matches > 0 ? edgeSum / matches : Number.NaN,
    retention: retained + churned > 0 ? retained / (retained + churned) : Number.NaN,
    repeatOpponentRate: playerMatches > 0 ? repeats / playerMatches : Number.NaN,
    meanMaxPingMs: matches > 0 ? pingSum / matches : Number.NaN,
  };
}

/**
 * A game server on `@matchd/client`: when players tell it which match they joined, it hosts the
 * match once, plays it out from the players' hidden skills (a logistic model, as Elo assumes), and
 * reports the result. Reports are idempotent on the service side too; here each match is played
 * once however many of its players announce it.
 */
import type { MatchdClient } from '@matchd/client';

/** What the game server did. */
export interface GameServerStats {
  played: number;
  /** Matches the favourite (higher hidden team skill) won. */
  favouriteWon: number;
}

export class GameServer {
  readonly #client: MatchdClient;
  readonly #skillOf: (playerId: string) => number;
  readonly #random: () => number;
  readonly #hosted = new Map<string, Promise<void>>();
  readonly stats: GameServerStats = { played: 0, favouriteWon: 0 };

  /**
   * `client` holds a server key; `skillOf` is each player's true strength (hidden from matchd);
   * `random` decides the games.
   */
  constructor(client: MatchdClient, skillOf: (playerId: string) => number, random: () => number) {
    this.#client = client;
    this.#skillOf = skillOf;
    this.#random = random;
  }

  /** A player joined `matchId`: the first announcement hosts it; resolves once it is reported. */
  join(matchId: string): Promise<void> {
    let hosting = this.#hosted.get(matchId);
    if (hosting === undefined) {
      hosting = this.#play(matchId);
      this.#hosted.set(matchId, hosting);
    }
    return hosting;
  }

  async #play(matchId: string): Promise<void> {
    const match = await this.#client.getMatch(matchId);
    const strengths = match.teams.map(
      (team) => team.reduce((sum, seat) => sum + this.#skillOf(seat.playerId), 0) / Math.max(1, team.length),
    );
    // Two teams: team 0 wins with the logistic probability of the skill gap (400 points = 10:1).
    const [first = 0, second = 0] = strengths;
    const firstWins = this.#random() < 1 / (1 + 10 ** ((second - first) / 400));
    const ranks = firstWins ? [1, 2] : [2, 1];
    await this.#client.reportResult(matchId, { ranks });
    this.stats.played += 1;
    if (firstWins === first >= second) this.stats.favouriteWon += 1;
  }
}

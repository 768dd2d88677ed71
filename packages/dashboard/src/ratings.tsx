/** Ratings: the distribution of a track on its display scale, and its leaderboard. */
import type { MatchdClient } from '@matchd/client';
import { useState } from 'preact/hooks';
import { Bars, palette } from './charts.tsx';
import { type RatingDistributions, usePoll } from './data.ts';

/** A bin's lower edge, with the precision its width needs. */
function binLabel(edge: number, width: number): string {
  return width >= 5 ? String(Math.round(edge)) : edge.toFixed(width >= 0.5 ? 1 : 2);
}

export function Ratings({
  client,
  distributions,
}: {
  client: MatchdClient;
  distributions: RatingDistributions | undefined;
}) {
  const tracks = distributions?.tracks ?? [];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const track = tracks.find((entry) => entry.track === chosen) ?? tracks[0];
  const board = usePoll(
    async () => (track === undefined ? undefined : client.getLeaderboard(track.track, { limit: 10 })),
    5000,
    [track?.track],
  );
  const width =
    track === undefined ? 0 : (track.display.max - track.display.min) / track.display.counts.length;
  return (
    <section id="ratings" class="card">
      <div class="section-head">
        <h2>Ratings</h2>
        {tracks.length > 0 ? (
          <select
            aria-label="track"
            value={track?.track}
            onChange={(event) => setChosen((event.target as HTMLSelectElement).value)}
          >
            {tracks.map((entry) => (
              <option key={entry.track} value={entry.track}>
                {entry.track}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      {track === undefined ? (
        <p class="muted">No rating yet: results reported by game servers create them.</p>
      ) : (
        <div class="ratings">
          <figure>
            <figcaption>
              {track.rated} rated players on the display scale
              {track.calibrating > 0 ? ` · ${track.calibrating} calibrating (hidden until calibrated)` : ''}
            </figcaption>
            <Bars
              label="ratings"
              labels={track.display.counts.map((_, index) =>
                binLabel(track.display.min + index * width, width),
              )}
              values={track.display.counts}
              color={palette.violet}
              height={200}
              xTitle="display rating"
            />
          </figure>
          <div>
            <h4>Leaderboard</h4>
            {board.value === undefined || board.value.rows.length === 0 ? (
              <p class="muted">Nobody ranked yet: calibrating players are not listed.</p>
            ) : (
              <ol class="leaderboard" data-testid="leaderboard">
                {board.value.rows.map((row) => (
                  <li key={row.playerId}>
                    <span class="rank">{row.rank}</span>
                    <span class="player">{row.playerId}</span>
                    <span class="rating">{Math.round(row.display)}</span>
                    <span class="muted">{row.games} games</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

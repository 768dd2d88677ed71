/** Recent matches: teams, quality, and each criterion's share of it. */
import { useState } from 'preact/hooks';
import { clock, formatMs, type RecentMatch, type RecentMatches } from './data.ts';

function QualityBar({ value }: { value: number }) {
  const hue = Math.round(value * 120);
  return (
    <div class="bar" title={value.toFixed(3)}>
      <div
        class="bar-fill"
        style={{ width: `${Math.max(2, value * 100)}%`, background: `hsl(${hue} 70% 50%)` }}
      />
      <span>{value.toFixed(2)}</span>
    </div>
  );
}

function Explanation({ match }: { match: RecentMatch }) {
  return (
    <table class="criteria">
      <thead>
        <tr>
          <th>criterion</th>
          <th>weight</th>
          <th>score</th>
          <th>why</th>
        </tr>
      </thead>
      <tbody>
        {match.criteria.map((criterion) => (
          <tr key={criterion.criterion}>
            <td>{criterion.criterion}</td>
            <td>{criterion.weight}</td>
            <td>
              <QualityBar value={criterion.score} />
            </td>
            <td class="muted">{criterion.detail}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MatchRow({ match }: { match: RecentMatch }) {
  const [open, setOpen] = useState(false);
  const waits = Object.values(match.waitMsByTicket);
  const longest = waits.length === 0 ? undefined : Math.max(...waits);
  return (
    <>
      <tr class="match-row" data-testid="match-row" onClick={() => setOpen(!open)}>
        <td>{clock(match.atMs)}</td>
        <td>{match.queueId}</td>
        <td class="teams">
          {match.teams.map((team, index) => (
            <span key={team.ticketIds.join()} class={`team team-${index % 2}`}>
              {team.playerIds.join(', ')}
            </span>
          ))}
        </td>
        <td>
          <QualityBar value={match.quality} />
        </td>
        <td>{match.winProbabilities.map((p) => `${Math.round(p * 100)}%`).join(' / ')}</td>
        <td>{formatMs(longest)}</td>
        <td>{match.forced ? <span class="tag warn">forced</span> : ''}</td>
        <td class="muted">{open ? '▾' : '▸'}</td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={8}>
            <Explanation match={match} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The most recent matches, newest first. */
export function Matches({ recent }: { recent: RecentMatches | undefined }) {
  return (
    <section id="matches" class="card">
      <div class="section-head">
        <h2>Recent matches</h2>
        <p class="muted">Click a match for its quality explained criterion by criterion.</p>
      </div>
      {recent === undefined || recent.matches.length === 0 ? (
        <p class="muted" data-testid="no-matches">
          No match formed yet.
        </p>
      ) : (
        <div class="scroll">
          <table class="matches">
            <thead>
              <tr>
                <th>formed</th>
                <th>queue</th>
                <th>teams</th>
                <th>quality</th>
                <th>win chance</th>
                <th>longest wait</th>
                <th />
                <th />
              </tr>
            </thead>
            <tbody>
              {recent.matches.map((match) => (
                <MatchRow
                  key={`${match.queueId}:${match.atMs}:${match.teams[0]?.ticketIds[0]}`}
                  match={match}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

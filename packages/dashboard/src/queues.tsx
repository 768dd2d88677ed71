/** Live queues: one card per queue with its numbers, three charts and why its tickets wait. */
import { Bars, Line, palette } from './charts.tsx';
import { clock, formatMs, type QueueInsight, type QueueInsights } from './data.ts';

function Stat(props: { label: string; value: string; testId?: string }) {
  return (
    <div class="stat">
      <div class="stat-value" data-testid={props.testId}>
        {props.value}
      </div>
      <div class="stat-label">{props.label}</div>
    </div>
  );
}

function QueueCard({ queue }: { queue: QueueInsight }) {
  const minuteLabels = queue.matchesPerMinute.map((point) => clock(point.atMs).slice(0, 5));
  const qualityLabels = queue.quality.counts.map((_, index) =>
    (index / queue.quality.counts.length).toFixed(1),
  );
  const recentMinute = queue.matchesPerMinute.at(-1)?.matches ?? 0;
  return (
    <article class="card queue" data-testid="queue-card" data-queue={queue.queueId}>
      <header class="card-head">
        <div>
          <h3>{queue.queueId}</h3>
          <p class="muted">{queue.name ?? ''}</p>
        </div>
        <div class="tags">
          <span class="tag">{queue.teams}</span>
          <span class="tag">{queue.mode}</span>
        </div>
      </header>
      <div class="stats">
        <Stat label="tickets waiting" value={String(queue.ticketsWaiting)} testId="tickets-waiting" />
        <Stat label="players waiting" value={String(queue.playersWaiting)} />
        <Stat label="matches/min" value={String(recentMinute)} />
        <Stat label="matches formed" value={String(queue.matchesFormed)} testId="matches-formed" />
        <Stat label="wait p50" value={formatMs(queue.waitP50Ms)} />
        <Stat label="wait p90" value={formatMs(queue.waitP90Ms)} />
        <Stat
          label="mean quality"
          value={queue.recentQualityMean === undefined ? '–' : queue.recentQualityMean.toFixed(2)}
        />
      </div>
      <div class="charts">
        <figure>
          <figcaption>Matches per minute</figcaption>
          <Bars
            label="matches per minute"
            labels={minuteLabels}
            values={queue.matchesPerMinute.map((p) => p.matches)}
            color={palette.sky}
          />
        </figure>
        <figure>
          <figcaption>Tickets waiting</figcaption>
          <Line
            label="tickets waiting"
            labels={queue.waiting.map((point) => clock(point.atMs))}
            values={queue.waiting.map((point) => point.tickets)}
            color={palette.pink}
          />
        </figure>
        <figure>
          <figcaption>Quality of recent matches</figcaption>
          <Bars
            label="match quality"
            labels={qualityLabels}
            values={queue.quality.counts}
            color={palette.lime}
          />
        </figure>
      </div>
      <div class="reasons">
        <h4>Why tickets wait</h4>
        {queue.waitReasons.length === 0 ? (
          <p class="muted">
            {queue.ticketsWaiting === 0 ? 'No ticket is waiting.' : 'Waiting for the next evaluation.'}
          </p>
        ) : (
          <ul>
            {queue.waitReasons.map((reason) => (
              <li key={reason.summary} title={reason.example}>
                <span class="count">{reason.tickets}</span> {reason.summary}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

/** Every queue. */
export function Queues({ insights }: { insights: QueueInsights | undefined }) {
  if (insights === undefined) return <p class="muted">Loading queues…</p>;
  const waiting = insights.queues.reduce((sum, queue) => sum + queue.playersWaiting, 0);
  const formed = insights.queues.reduce((sum, queue) => sum + queue.matchesFormed, 0);
  return (
    <section id="queues">
      <div class="section-head">
        <h2>Live queues</h2>
        <p class="muted">
          {insights.queues.length} queues · <strong data-testid="players-waiting-total">{waiting}</strong>{' '}
          players waiting · {formed} matches formed
        </p>
      </div>
      <div class="grid">
        {insights.queues.map((queue) => (
          <QueueCard key={queue.queueId} queue={queue} />
        ))}
      </div>
    </section>
  );
}

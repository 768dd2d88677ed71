/** Ticket lookup: a ticket's state, wait, ETA and why it has not matched yet. */
import type { MatchdClient } from '@matchd/client';
import { useState } from 'preact/hooks';
import { formatMs, messageOf, type Ticket } from './data.ts';

function Eta({ ticket }: { ticket: Ticket }) {
  const eta = ticket.eta;
  if (eta === undefined) return <span>–</span>;
  if (eta.kind === 'round') return <span>next round at {new Date(eta.atMs).toLocaleTimeString()}</span>;
  if (eta.kind === 'estimate')
    return (
      <span>
        {formatMs(eta.remainingMedianMs)} (p90 {formatMs(eta.remainingP90Ms)}, {eta.samples} samples)
      </span>
    );
  return <span>unknown (no similar match yet)</span>;
}

export function Lookup({ client }: { client: MatchdClient }) {
  const [ticketId, setTicketId] = useState('');
  const [ticket, setTicket] = useState<Ticket | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const look = async (event: Event) => {
    event.preventDefault();
    try {
      setTicket(await client.getTicket(ticketId.trim()));
      setError(undefined);
    } catch (failure) {
      setTicket(undefined);
      setError(messageOf(failure));
    }
  };
  const best = ticket?.explanation?.bestCandidate;
  return (
    <section id="lookup" class="card">
      <div class="section-head">
        <h2>Ticket lookup</h2>
      </div>
      <form onSubmit={look} class="inline">
        <input
          placeholder="t_…"
          value={ticketId}
          onInput={(event) => setTicketId((event.target as HTMLInputElement).value)}
          aria-label="ticket id"
        />
        <button type="submit">Look up</button>
      </form>
      {error === undefined ? null : <p class="error">{error}</p>}
      {ticket === undefined ? null : (
        <dl class="ticket" data-testid="ticket">
          <dt>state</dt>
          <dd>
            <span class={`tag state-${ticket.state}`}>{ticket.state}</span>
          </dd>
          <dt>queue</dt>
          <dd>
            {ticket.queueId} · {ticket.track}
          </dd>
          <dt>players</dt>
          <dd>{ticket.playerIds.join(', ')}</dd>
          <dt>waited</dt>
          <dd>{formatMs(ticket.waitMs)}</dd>
          <dt>ETA</dt>
          <dd>
            <Eta ticket={ticket} />
          </dd>
          {ticket.matchId === undefined ? null : (
            <>
              <dt>match</dt>
              <dd>{ticket.matchId}</dd>
            </>
          )}
          {ticket.explanation === undefined ? null : (
            <>
              <dt>why it waits</dt>
              <dd>
                {ticket.explanation.summary} (accepts quality ≥ {ticket.explanation.thresholdNow.toFixed(2)})
                {best === undefined ? null : (
                  <ul>
                    {best.belowThreshold.map((criterion) => (
                      <li key={criterion.criterion}>
                        {criterion.criterion}: {criterion.score.toFixed(2)} — {criterion.detail}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}

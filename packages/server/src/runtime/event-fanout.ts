/**
 * Brings each queue's log to this node's WebSocket subscribers: while at least one subscriber on
 * this node watches a ticket of a queue, the node follows that queue's log in the fleet state and
 * publishes each ticket event on its local bus. So a subscriber on any node hears every event of
 * any ticket, whichever node created it or runs its matchmaker.
 */
import type { FleetState } from '../store/fleet-state.ts';
import type { DeliveredEvent, TicketEventBus } from './ticket-events.ts';

/** Per-queue log followers, counted by subscribers. */
export class EventFanout {
  readonly #state: FleetState;
  readonly #bus: TicketEventBus;
  readonly #followers = new Map<string, { stop: () => void; ready: Promise<void>; subscribers: number }>();

  constructor(state: FleetState, bus: TicketEventBus) {
    this.#state = state;
    this.#bus = bus;
  }

  /**
   * Subscribes to one ticket's events. Every event logged after `ready` resolves is delivered: read
   * the ticket's state after that, and nothing falls between the two.
   */
  subscribe(
    queueId: string,
    ticketId: string,
    listener: (delivered: DeliveredEvent) => void,
  ): { readonly ready: Promise<void>; unsubscribe(): void } {
    let follower = this.#followers.get(queueId);
    if (follower === undefined) {
      const { stop, ready } = this.#state.followLog(queueId, (entries) => {
        for (const entry of entries)
          if (entry.event !== undefined) this.#bus.publish({ eventId: entry.eventId, event: entry.event });
      });
      follower = { stop, ready: ready.then(() => {}), subscribers: 0 };
      this.#followers.set(queueId, follower);
    }
    follower.subscribers += 1;
    const unsubscribe = this.#bus.subscribe(ticketId, listener);
    let done = false;
    const unsubscribeAll = (): void => {
      if (done) return;
      done = true;
      unsubscribe();
      const current = this.#followers.get(queueId);
      if (current === undefined) return;
      current.subscribers -= 1;
      if (current.subscribers === 0) {
        current.stop();
        this.#followers.delete(queueId);
      }
    };
    return { ready: follower.ready, unsubscribe: unsubscribeAll };
  }

  /** Stops every follower. */
  close(): void {
    for (const follower of this.#followers.values()) follower.stop();
    this.#followers.clear();
  }
}

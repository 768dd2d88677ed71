// The two streams: a ticket's events (players, game clients) and a queue's match events (game
// servers). Both reconnect and resume (ResumableStream.cs); the messages are the generated classes
// of the AsyncAPI document (Generated/Messages.g.cs).
using System;
using System.Threading;
using System.Threading.Tasks;

namespace Matchd
{
    /// <summary>Options of <see cref="MatchdClient.WatchTicketAsync"/>.</summary>
    public sealed class TicketStreamOptions : StreamOptions
    {
        /// <summary>Give up after this many reconnects in a row without a message. Default 8.</summary>
        public int MaxRetries { get; set; } = 8;

        /// <summary>The ticket as it is, first on every connection.</summary>
        public Action<TicketView> OnState { get; set; }

        /// <summary>Each event of the ticket, once, in order.</summary>
        public Action<TicketEvent> OnEvent { get; set; }

        internal override int RetryLimit
        {
            get { return MaxRetries; }
        }

        internal override int KeptEvents
        {
            get { return int.MaxValue; }
        }
    }

    /// <summary>
    /// A ticket's live events. <see cref="Completion"/> is the final event: <c>matched</c> (unless
    /// <c>allocating</c>: then <c>assigned</c> or <c>allocation-failed</c> ends it), <c>expired</c> or
    /// <c>cancelled</c>.
    /// </summary>
    public sealed class TicketStream : ResumableStream<TicketEvent>
    {
        private readonly TicketStreamOptions options;
        private readonly TaskCompletionSource<TicketEvent> completion =
            new TaskCompletionSource<TicketEvent>(TaskCreationOptions.RunContinuationsAsynchronously);
        private TicketView state;

        internal TicketStream(MatchdClient client, string ticketId, TicketStreamOptions options, CancellationToken cancellationToken)
            : base(client, "/v1/tickets/" + Uri.EscapeDataString(ticketId) + "/events", options, cancellationToken)
        {
            TicketId = ticketId;
            this.options = options;
        }

        public string TicketId { get; }

        /// <summary>The ticket as the latest connection found it.</summary>
        public TicketView State
        {
            get { return Volatile.Read(ref state); }
        }

        /// <summary>
        /// The final event; faults with MatchdApiException <c>MM_SDK_STREAM_LOST</c> when reconnecting
        /// gives up, and is cancelled when the stream is disposed or its token cancelled first.
        /// </summary>
        public Task<TicketEvent> Completion
        {
            get { return completion.Task; }
        }

        /// <summary>True for a ticket's last event (a <c>matched</c> still allocating is not).</summary>
        public static bool IsFinal(TicketEvent ticketEvent)
        {
            var matched = ticketEvent as TicketMatchedEvent;
            if (matched != null) return matched.Allocating != true;
            return ticketEvent is TicketExpiredEvent || ticketEvent is TicketCancelledEvent
                || ticketEvent is TicketAssignedEvent || ticketEvent is TicketAllocationFailedEvent;
        }

        internal override bool Handle(JsonValue message)
        {
            if (JsonMapping.ReadString(message["type"]) == "state")
            {
                var ticket = TicketStateMessage.FromJson(message).Ticket;
                Volatile.Write(ref state, ticket);
                Run(options.OnState, ticket);
                Opened();
                return false;
            }
            var ticketEvent = TicketEvent.FromJson(message);
            var handedOn = Deliver(ticketEvent.EventId, ticketEvent, options.OnEvent);
            Opened();
            if (!handedOn || !IsFinal(ticketEvent)) return false;
            completion.TrySetResult(ticketEvent);
            return true;
        }

        internal override void Stopped()
        {
            completion.TrySetCanceled();
        }

        internal override void Lost(MatchdApiException error)
        {
            completion.TrySetException(error);
        }
    }

    /// <summary>Options of <see cref="MatchdClient.WatchMatchesAsync"/>.</summary>
    public sealed class MatchStreamOptions : StreamOptions
    {
        /// <summary>Give up after this many reconnects in a row without a message. Default: never.</summary>
        public int MaxRetries { get; set; } = int.MaxValue;

        /// <summary>Each match event of the queue, once, in order.</summary>
        public Action<MatchEvent> OnEvent { get; set; }

        /// <summary>Each time a connection is live (after its replay was asked for).</summary>
        public Action OnSubscribed { get; set; }

        internal override int RetryLimit
        {
            get { return MaxRetries; }
        }

        internal override int KeptEvents
        {
            get { return 1000; }
        }
    }

    /// <summary>A queue's live match events for game servers; it runs until disposed.</summary>
    public sealed class MatchStream : ResumableStream<MatchEvent>
    {
        private readonly MatchStreamOptions options;
        private readonly TaskCompletionSource<bool> completion =
            new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);

        internal MatchStream(MatchdClient client, string queueId, MatchStreamOptions options, CancellationToken cancellationToken)
            : base(client, "/v1/queues/" + Uri.EscapeDataString(queueId) + "/match-events", options, cancellationToken)
        {
            QueueId = queueId;
            this.options = options;
        }

        public string QueueId { get; }

        /// <summary>Cancelled when the stream is disposed; faults with <c>MM_SDK_STREAM_LOST</c> when reconnecting gives up.</summary>
        public Task Completion
        {
            get { return completion.Task; }
        }

        internal override bool Handle(JsonValue message)
        {
            if (JsonMapping.ReadString(message["type"]) == "subscribed")
            {
                // A stream cut before its first event resumes from where the service started it.
                StartsAfter(MatchSubscribedMessage.FromJson(message).After);
                var subscribed = options.OnSubscribed;
                if (subscribed != null) Run<bool>(_ => subscribed(), true);
            }
            else
            {
                var matchEvent = MatchEvent.FromJson(message);
                Deliver(matchEvent.EventId, matchEvent, options.OnEvent);
            }
            Opened();
            return false;
        }

        internal override void Stopped()
        {
            completion.TrySetCanceled();
        }

        internal override void Lost(MatchdApiException error)
        {
            completion.TrySetException(error);
        }
    }

    public sealed partial class MatchdClient
    {
        /// <summary>
        /// Watches a ticket over WebSocket: resolves once the first connection is live (its state
        /// handed to <c>OnState</c>), or throws MatchdApiException when the service refuses it (an
        /// unknown ticket, another player's). Then each event goes to <c>OnEvent</c>, once and in order,
        /// across reconnects; <see cref="TicketStream.Completion"/> is the final one. Cancelling the
        /// token stops the stream.
        /// </summary>
        public async Task<TicketStream> WatchTicketAsync(
            string ticketId,
            TicketStreamOptions options = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            if (string.IsNullOrEmpty(ticketId)) throw new ArgumentException("a ticket id is needed", "ticketId");
            var stream = new TicketStream(this, ticketId, options ?? new TicketStreamOptions(), cancellationToken);
            try
            {
                await stream.StartAsync().ConfigureAwait(false);
            }
            catch
            {
                stream.Dispose();
                throw;
            }
            return stream;
        }

        /// <summary>
        /// Watches a queue's match events (server key): resolves once subscribed; each event goes to
        /// <c>OnEvent</c> once and in order, across reconnects (<c>After</c> resumes after a restart).
        /// </summary>
        public async Task<MatchStream> WatchMatchesAsync(
            string queueId,
            MatchStreamOptions options = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            if (string.IsNullOrEmpty(queueId)) throw new ArgumentException("a queue id is needed", "queueId");
            var stream = new MatchStream(this, queueId, options ?? new MatchStreamOptions(), cancellationToken);
            try
            {
                await stream.StartAsync().ConfigureAwait(false);
            }
            catch
            {
                stream.Dispose();
                throw;
            }
            return stream;
        }

        /// <summary>A stream's URL read once over plain HTTP: the service's refusal of it, with its error body.</summary>
        internal Task<JsonValue> ProbeAsync(string path, CancellationToken cancellationToken)
        {
            return SendAsync(new ApiRequest("GET", path) { Once = true }, JsonMapping.ReadAny, cancellationToken);
        }
    }
}

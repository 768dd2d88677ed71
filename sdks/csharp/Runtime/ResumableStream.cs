// A WebSocket stream of the service's log that survives dropped connections: every event carries
// its eventId; after a drop the stream reconnects with backoff and `after=<the last eventId it
// handed on>`, so the service replays exactly what was missed, in order (any node serves it), and
// an event replayed twice is handed on once (a stream cut before its first event resumes from where
// the service started it). The ticket stream and the match stream are two kinds.
using System;
using System.Collections.Generic;
using System.IO;
using System.Net.WebSockets;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Matchd
{
    /// <summary>How a stream reconnects, and where its callbacks run.</summary>
    public abstract class StreamOptions
    {
        /// <summary>
        /// Reconnect delays grow from this, doubling, up to <see cref="MaxDelay"/>, each drawn between
        /// half its step and the step (clients cut off together do not return together). Default 200 ms.
        /// </summary>
        public TimeSpan RetryDelay { get; set; } = TimeSpan.FromMilliseconds(200);

        public TimeSpan MaxDelay { get; set; } = TimeSpan.FromSeconds(5);

        /// <summary>Resume after this event id (the last one a previous run handled).</summary>
        public string After { get; set; }

        /// <summary>Called before each reconnect, with the attempt number (1, 2, ...).</summary>
        public Action<int> OnReconnect { get; set; }

        /// <summary>
        /// Where callbacks run: by default the SynchronizationContext of the call that opened the
        /// stream (Unity's main thread in a MonoBehaviour), else the stream's own thread.
        /// </summary>
        public SynchronizationContext CallbackContext { get; set; }

        internal abstract int RetryLimit { get; }

        /// <summary>How many of the latest events <c>Events</c> keeps.</summary>
        internal abstract int KeptEvents { get; }
    }

    /// <summary>The reconnecting, resuming reader both streams are made of.</summary>
    public abstract class ResumableStream<TEvent> : IDisposable where TEvent : class
    {
        private const int MaxMessageBytes = 4 * 1024 * 1024;

        /// <summary>
        /// Ids remembered to hand an event on once. A resume asks for what follows the last one, so
        /// a repeat can only be a recent event (the one a new connection sends again): a stream that
        /// runs for weeks does not keep every id it saw.
        /// </summary>
        private const int RememberedIds = 4096;

        private readonly MatchdClient client;
        private readonly string path;
        private readonly StreamOptions options;
        private readonly SynchronizationContext context;
        private readonly CancellationTokenSource lifetime;
        private readonly HashSet<string> delivered = new HashSet<string>(StringComparer.Ordinal);
        private readonly Queue<string> deliveredOrder = new Queue<string>();
        private readonly List<TEvent> events = new List<TEvent>();
        private readonly TaskCompletionSource<bool> opened = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
        private ClientWebSocket socket;
        private string lastEventId;

        internal ResumableStream(MatchdClient client, string path, StreamOptions options, CancellationToken cancellationToken)
        {
            this.client = client;
            this.path = path;
            this.options = options;
            lastEventId = options.After;
            context = options.CallbackContext ?? SynchronizationContext.Current;
            lifetime = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        }

        /// <summary>The events handed on so far, in order (a match stream keeps its latest 1,000).</summary>
        public IReadOnlyList<TEvent> Events
        {
            get
            {
                lock (events) return events.ToArray();
            }
        }

        /// <summary>The id of the last event handed on: keep it to resume after a restart (<c>After</c>).</summary>
        public string LastEventId
        {
            get
            {
                lock (events) return lastEventId;
            }
        }

        /// <summary>Drops the current connection (the stream reconnects and resumes): for network changes and tests.</summary>
        public void Interrupt()
        {
            var current = Volatile.Read(ref socket);
            if (current == null) return;
            try
            {
                current.Abort();
            }
            catch (ObjectDisposedException)
            {
                // That connection is over already.
            }
        }

        /// <summary>Stops watching.</summary>
        public void Dispose()
        {
            if (lifetime.IsCancellationRequested) return;
            lifetime.Cancel();
            Interrupt();
            Stopped();
        }

        /// <summary>Starts reading; completes once the first connection is live, or throws why it is refused.</summary>
        internal async Task StartAsync()
        {
            // The reader runs until the stream ends; it reports through `opened`, Completion and the callbacks.
            _ = Task.Run(RunAsync);
            await opened.Task.ConfigureAwait(false);
        }

        /// <summary>Handles one message; true when it ends the stream.</summary>
        internal abstract bool Handle(JsonValue message);

        /// <summary>The stream stopped for good (disposed or cancelled).</summary>
        internal abstract void Stopped();

        /// <summary>The stream could not be re-established.</summary>
        internal abstract void Lost(MatchdApiException error);

        /// <summary>The first connection is live: its first message came and went to its callback.</summary>
        internal void Opened()
        {
            opened.TrySetResult(true);
        }

        /// <summary>Where a stream that has handed on no event yet resumes after (the service's start).</summary>
        internal void StartsAfter(string eventId)
        {
            lock (events)
                if (lastEventId == null) lastEventId = eventId;
        }

        /// <summary>Hands an event on once; false when it was handed on already.</summary>
        internal bool Deliver(string eventId, TEvent item, Action<TEvent> callback)
        {
            lock (events)
            {
                if (eventId != null)
                {
                    if (!delivered.Add(eventId)) return false;
                    deliveredOrder.Enqueue(eventId);
                    if (deliveredOrder.Count > RememberedIds) delivered.Remove(deliveredOrder.Dequeue());
                    lastEventId = eventId;
                }
                events.Add(item);
                if (events.Count > options.KeptEvents) events.RemoveRange(0, events.Count - options.KeptEvents);
            }
            Run(callback, item);
            return true;
        }

        /// <summary>
        /// Runs a callback where the options say. A callback that throws does not stop the stream
        /// (the event counts as handed on); on the stream's own thread its exception is traced.
        /// </summary>
        internal void Run<T>(Action<T> callback, T argument)
        {
            if (callback == null) return;
            if (context != null)
            {
                context.Post(_ => callback(argument), null);
                return;
            }
            try
            {
                callback(argument);
            }
            catch (Exception error)
            {
                System.Diagnostics.Trace.TraceError("matchd stream " + path + ": a callback threw " + error);
            }
        }

        private string Url()
        {
            var baseUrl = client.BaseUrl;
            var scheme = baseUrl.StartsWith("https:", StringComparison.OrdinalIgnoreCase) ? "wss:" : "ws:";
            var url = scheme + baseUrl.Substring(baseUrl.IndexOf(':') + 1) + path;
            var after = LastEventId;
            return after == null ? url : url + "?after=" + Uri.EscapeDataString(after);
        }

        private async Task RunAsync()
        {
            try
            {
                await ReadAsync().ConfigureAwait(false);
            }
            finally
            {
                if (lifetime.IsCancellationRequested)
                {
                    opened.TrySetCanceled();
                    Stopped();
                }
            }
        }

        private async Task ReadAsync()
        {
            var token = lifetime.Token;
            var failures = 0;
            while (!token.IsCancellationRequested)
            {
                var current = new ClientWebSocket();
                try
                {
                    if (client.Credential != null) current.Options.SetRequestHeader("Authorization", "Bearer " + client.Credential);
                    Volatile.Write(ref socket, current);
                    try
                    {
                        using (var connecting = CancellationTokenSource.CreateLinkedTokenSource(token))
                        {
                            connecting.CancelAfter(client.Options.Timeout);
                            await current.ConnectAsync(new Uri(Url()), connecting.Token).ConfigureAwait(false);
                        }
                    }
                    catch (WebSocketException)
                    {
                        // A refusal before the upgrade (401, 403, 404) will not change by trying again.
                        var refusal = await RefusalAsync(token).ConfigureAwait(false);
                        if (refusal != null)
                        {
                            if (!opened.TrySetException(refusal)) Lost(refusal);
                            return;
                        }
                        throw;
                    }
                    while (true)
                    {
                        var text = await ReceiveAsync(current, token).ConfigureAwait(false);
                        if (text == null) break;
                        failures = 0;
                        if (Handle(JsonValue.Parse(text)))
                        {
                            await CloseQuietlyAsync(current).ConfigureAwait(false);
                            return;
                        }
                    }
                }
                catch (Exception) when (!token.IsCancellationRequested)
                {
                    // The connection failed or was cut: reconnect below.
                }
                catch (Exception)
                {
                    return;
                }
                finally
                {
                    Interlocked.CompareExchange(ref socket, null, current);
                    current.Dispose();
                }
                if (token.IsCancellationRequested) return;
                failures++;
                if (failures > options.RetryLimit)
                {
                    var lost = new MatchdApiException(
                        0,
                        MatchdErrorCodes.SdkStreamLost,
                        path + ": the stream could not be re-established after " + options.RetryLimit + " attempts");
                    if (!opened.TrySetException(lost)) Lost(lost);
                    return;
                }
                Run(options.OnReconnect, failures);
                try
                {
                    await Task.Delay(Backoff.Delay(failures, options.RetryDelay, options.MaxDelay), token).ConfigureAwait(false);
                }
                catch (OperationCanceledException)
                {
                    return;
                }
            }
        }

        /// <summary>
        /// The service's refusal of the upgrade (an unknown ticket, a credential that may not watch
        /// it), or null for a failure worth retrying. A WebSocket client does not see the refusal's
        /// body (Mono's not even its status): the same URL read once over plain HTTP gives it. Only an
        /// answer with one of the service's error codes is a refusal; the plain read of a stream that
        /// would be accepted is answered without one.
        /// </summary>
        private async Task<MatchdApiException> RefusalAsync(CancellationToken token)
        {
            try
            {
                await client.ProbeAsync(path, token).ConfigureAwait(false);
            }
            catch (MatchdApiException refusal)
            {
                var final = refusal.Status >= 400 && refusal.Status < 500 && refusal.Status != 408 && refusal.Status != 429;
                if (final && refusal.Code.StartsWith("MM_ERR_", StringComparison.Ordinal)) return refusal;
            }
            return null;
        }

        private static async Task<string> ReceiveAsync(ClientWebSocket socket, CancellationToken token)
        {
            var buffer = new ArraySegment<byte>(new byte[16 * 1024]);
            using (var message = new MemoryStream())
            {
                while (true)
                {
                    var result = await socket.ReceiveAsync(buffer, token).ConfigureAwait(false);
                    if (result.MessageType == WebSocketMessageType.Close) return null;
                    message.Write(buffer.Array, 0, result.Count);
                    if (message.Length > MaxMessageBytes) throw new IOException("a stream message over " + MaxMessageBytes + " bytes");
                    if (result.EndOfMessage) return Encoding.UTF8.GetString(message.GetBuffer(), 0, (int)message.Length);
                }
            }
        }

        private static async Task CloseQuietlyAsync(ClientWebSocket socket)
        {
            try
            {
                using (var closing = new CancellationTokenSource(TimeSpan.FromSeconds(2)))
                    await socket.CloseAsync(WebSocketCloseStatus.NormalClosure, "done", closing.Token).ConfigureAwait(false);
            }
            catch (Exception)
            {
                // The service closes the stream after its last event too; either way it is over.
            }
        }
    }
}

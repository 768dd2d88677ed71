// MatchdClient: the hand-written half. The generated half (Generated/MatchdClient.g.cs) has one
// method per operation of the API; this half sends them (retries, errors) and adds what the
// document cannot say: the streams (TicketStream.cs, MatchStream.cs), waiting for a match, the
// rating of one track, webhook signatures, and the shorter forms @matchd/client has.
using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Matchd
{
    /// <summary>How a client calls the service.</summary>
    public sealed class MatchdClientOptions
    {
        /// <summary>
        /// Further attempts of a call that got no answer, or a 429, 502, 503 or 504, when the call is
        /// safe to repeat: a read (GET), a PUT or DELETE, or a call sent with an Idempotency-Key.
        /// Default 3.
        /// </summary>
        public int MaxRetries { get; set; } = 3;

        /// <summary>The first retry's delay, doubling each time (with jitter). Default 200 ms.</summary>
        public TimeSpan RetryDelay { get; set; } = TimeSpan.FromMilliseconds(200);

        /// <summary>The longest delay between two attempts; a longer Retry-After is not waited for. Default 5 s.</summary>
        public TimeSpan MaxRetryDelay { get; set; } = TimeSpan.FromSeconds(5);

        /// <summary>One attempt's time limit. Default 30 s.</summary>
        public TimeSpan Timeout { get; set; } = TimeSpan.FromSeconds(30);

        /// <summary>The HTTP handler (a proxy, a test's); default a new HttpClientHandler.</summary>
        public HttpMessageHandler Handler { get; set; }
    }

    /// <summary>
    /// A client of the matchd API for game clients, game servers and tools: one method per operation
    /// (the same names as <c>@matchd/client</c>, with <c>Async</c>), the ticket and match streams over
    /// WebSocket with reconnect and resume, and webhook signature checks. Every failure is a
    /// <see cref="MatchdApiException"/>. Thread-safe; dispose it when done.
    /// </summary>
    public sealed partial class MatchdClient : IDisposable
    {
        private readonly HttpClient http;
        private readonly bool ownsHttp;

        /// <param name="baseUrl"><c>http://host:port</c> of the service.</param>
        /// <param name="credential">An API key (server or admin) or a player token; null for public routes only.</param>
        /// <param name="options">Retries, time limits, the HTTP handler.</param>
        public MatchdClient(string baseUrl, string credential = null, MatchdClientOptions options = null)
        {
            if (string.IsNullOrEmpty(baseUrl)) throw new ArgumentException("the service's address is needed", "baseUrl");
            BaseUrl = baseUrl.TrimEnd('/');
            Credential = credential;
            Options = options ?? new MatchdClientOptions();
            http = Options.Handler == null ? new HttpClient() : new HttpClient(Options.Handler, false);
            http.Timeout = Options.Timeout;
            ownsHttp = true;
        }

        private MatchdClient(MatchdClient other, string credential)
        {
            BaseUrl = other.BaseUrl;
            Credential = credential;
            Options = other.Options;
            http = other.http;
            ownsHttp = false;
        }

        public string BaseUrl { get; }

        public string Credential { get; }

        public MatchdClientOptions Options { get; }

        /// <summary>The same client with another credential (a player's token), sharing its connections.</summary>
        public MatchdClient WithCredential(string credential)
        {
            return new MatchdClient(this, credential);
        }

        public void Dispose()
        {
            if (ownsHttp) http.Dispose();
        }

        // Shorter forms, as @matchd/client has them.

        /// <summary>Accepts the proposed match for one player of the ticket (queues with an acceptance step).</summary>
        public Task<TicketView> AcceptAsync(string ticketId, string playerId, CancellationToken cancellationToken = default(CancellationToken))
        {
            return AcceptMatchAsync(ticketId, new AcceptMatchRequest { PlayerId = playerId }, cancellationToken);
        }

        /// <summary>Declines the proposed match: the ticket leaves, the others search again.</summary>
        public Task<TicketView> DeclineAsync(string ticketId, string playerId, CancellationToken cancellationToken = default(CancellationToken))
        {
            return DeclineMatchAsync(ticketId, new DeclineMatchRequest { PlayerId = playerId }, cancellationToken);
        }

        /// <summary>Creates or replaces the queue <c>config.Id</c> (admin key).</summary>
        public Task<QueueView> PutQueueAsync(QueueConfig config, CancellationToken cancellationToken = default(CancellationToken))
        {
            if (config == null) throw new ArgumentNullException("config");
            return PutQueueAsync(config.Id, config, cancellationToken);
        }

        /// <summary>The allocator sets an allocating match's server; its players get <c>assigned</c> (server key).</summary>
        public Task<MatchHandoff> SetAssignmentAsync(string matchId, Connection connection, CancellationToken cancellationToken = default(CancellationToken))
        {
            return SetAssignmentAsync(matchId, new SetAssignmentRequest { Connection = connection }, cancellationToken);
        }

        /// <summary>Fills the match's open seats: <paramref name="players"/> are those still in it (server key).</summary>
        public Task<BackfillView> RequestBackfillAsync(string matchId, IEnumerable<string> players, CancellationToken cancellationToken = default(CancellationToken))
        {
            return RequestBackfillAsync(matchId, new RequestBackfillRequest { Players = new List<string>(players) }, cancellationToken);
        }

        /// <summary>Players left the match: their seats open (the queue may backfill by itself).</summary>
        public Task<LeaveReply> ReportLeaveAsync(string matchId, IEnumerable<string> playerIds, CancellationToken cancellationToken = default(CancellationToken))
        {
            return ReportLeaveAsync(matchId, new ReportLeaveRequest { PlayerIds = new List<string>(playerIds) }, cancellationToken);
        }

        /// <summary>A short-lived player token (server key).</summary>
        public Task<IssueTokenResponse> IssueTokenAsync(string playerId, int? ttlSeconds = null, CancellationToken cancellationToken = default(CancellationToken))
        {
            return IssueTokenAsync(new IssueTokenRequest { PlayerId = playerId, TtlSeconds = ttlSeconds }, cancellationToken);
        }

        /// <summary>
        /// The player's rating on one track as the caller may see it (a hidden rating shows
        /// <c>Visible</c> false and no numbers), or null when the player has no rating there yet.
        /// </summary>
        public async Task<ProfileTrack> GetRatingAsync(string playerId, string track, CancellationToken cancellationToken = default(CancellationToken))
        {
            var profile = await GetPlayerAsync(playerId, cancellationToken).ConfigureAwait(false);
            if (profile.Tracks == null) return null;
            foreach (var entry in profile.Tracks)
                if (entry.Track == track) return entry;
            return null;
        }

        /// <summary>
        /// The match, once the ticket is matched (by polling every <paramref name="interval"/>, default
        /// 100 ms). Throws MatchdApiException <c>MM_SDK_TICKET_ENDED</c> when the ticket ends otherwise
        /// (expired, cancelled) and <c>MM_SDK_TIMEOUT</c> after <paramref name="timeout"/> (default 60 s).
        /// </summary>
        public async Task<MatchRecord> WaitForMatchAsync(
            string ticketId,
            TimeSpan? timeout = null,
            TimeSpan? interval = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            var deadline = DateTime.UtcNow + (timeout ?? TimeSpan.FromSeconds(60));
            while (true)
            {
                var ticket = await GetTicketAsync(ticketId, cancellationToken).ConfigureAwait(false);
                if (ticket.State == "matched" && ticket.MatchId != null)
                    return await GetMatchAsync(ticket.MatchId, cancellationToken).ConfigureAwait(false);
                if (ticket.State == "expired" || ticket.State == "cancelled")
                {
                    throw new MatchdApiException(
                        0,
                        MatchdErrorCodes.SdkTicketEnded,
                        "ticket " + ticketId + " ended " + ticket.State + " without a match",
                        new JsonObject { { "ticketId", ticketId }, { "state", ticket.State } });
                }
                if (DateTime.UtcNow > deadline)
                {
                    throw new MatchdApiException(
                        0,
                        MatchdErrorCodes.SdkTimeout,
                        "ticket " + ticketId + " not matched in time (" + ticket.State + ")",
                        new JsonObject { { "ticketId", ticketId }, { "state", ticket.State } });
                }
                await Task.Delay(interval ?? TimeSpan.FromMilliseconds(100), cancellationToken).ConfigureAwait(false);
            }
        }

        // Sending.

        private sealed class Answer
        {
            public int Status;
            public string Text;
            public bool IsJson;
        }

        internal async Task<T> SendAsync<T>(ApiRequest request, Func<JsonValue, T> read, CancellationToken cancellationToken)
        {
            var answer = await ExchangeAsync(request, cancellationToken).ConfigureAwait(false);
            var where = request.Method + " " + request.PathTemplate;
            JsonValue json = null;
            JsonException unreadable = null;
            if (answer.Text.Length > 0 && (answer.IsJson || answer.Status >= 300))
            {
                try
                {
                    json = JsonValue.Parse(answer.Text);
                }
                catch (JsonException error)
                {
                    unreadable = error;
                }
            }
            if (answer.Status < 200 || answer.Status >= 300)
                throw MatchdApiException.FromAnswer(answer.Status, json, where + ": HTTP " + answer.Status);
            try
            {
                if (unreadable != null) throw unreadable;
                return read(json);
            }
            catch (Exception error) when (error is JsonException || error is InvalidCastException || error is OverflowException)
            {
                throw new MatchdApiException(
                    answer.Status,
                    MatchdErrorCodes.SdkInvalidResponse,
                    where + ": the answer is not what the API describes (" + error.Message + ")",
                    null,
                    error);
            }
        }

        internal async Task<string> SendForTextAsync(ApiRequest request, CancellationToken cancellationToken)
        {
            var answer = await ExchangeAsync(request, cancellationToken).ConfigureAwait(false);
            if (answer.Status >= 200 && answer.Status < 300) return answer.Text;
            JsonValue json = null;
            try
            {
                json = JsonValue.Parse(answer.Text);
            }
            catch (JsonException)
            {
            }
            throw MatchdApiException.FromAnswer(answer.Status, json, request.Method + " " + request.PathTemplate + ": HTTP " + answer.Status);
        }

        /// <summary>A call safe to send again: nothing changes twice.</summary>
        private static bool Repeatable(ApiRequest request)
        {
            switch (request.Method)
            {
                case "GET":
                case "HEAD":
                case "PUT":
                case "DELETE":
                    return true;
                default:
                    return request.HasHeader("Idempotency-Key");
            }
        }

        private static bool Transient(int status)
        {
            return status == 429 || status == 502 || status == 503 || status == 504;
        }

        /// <summary>Sends the call, again after a failure while that is safe and retries remain.</summary>
        private async Task<Answer> ExchangeAsync(ApiRequest request, CancellationToken cancellationToken)
        {
            var repeatable = !request.Once && Repeatable(request);
            var uri = BaseUrl + request.RelativeUri();
            for (var attempt = 0; ; attempt++)
            {
                var mayRetry = repeatable && attempt < Options.MaxRetries;
                TimeSpan? told = null;
                try
                {
                    using (var message = Message(request, uri))
                    using (var response = await http.SendAsync(message, cancellationToken).ConfigureAwait(false))
                    {
                        var text = response.Content == null ? "" : await response.Content.ReadAsStringAsync().ConfigureAwait(false);
                        var type = response.Content == null ? null : response.Content.Headers.ContentType;
                        var answer = new Answer
                        {
                            Status = (int)response.StatusCode,
                            Text = text ?? "",
                            IsJson = type != null && type.MediaType != null && type.MediaType.Contains("json"),
                        };
                        if (!mayRetry || !Transient(answer.Status)) return answer;
                        told = RetryAfter(response, answer);
                        if (told.HasValue && told.Value > Options.MaxRetryDelay) return answer;
                    }
                }
                catch (Exception error) when (!cancellationToken.IsCancellationRequested && NoAnswer(error))
                {
                    if (!mayRetry)
                    {
                        throw new MatchdApiException(
                            0,
                            MatchdErrorCodes.SdkNetwork,
                            request.Method + " " + request.PathTemplate + ": no answer (" + Innermost(error).Message + ")",
                            null,
                            error);
                    }
                }
                await Task.Delay(told ?? Backoff.Delay(attempt + 1, Options.RetryDelay, Options.MaxRetryDelay), cancellationToken).ConfigureAwait(false);
            }
        }

        private HttpRequestMessage Message(ApiRequest request, string uri)
        {
            var message = new HttpRequestMessage(new HttpMethod(request.Method), uri);
            message.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue("application/json"));
            if (Credential != null) message.Headers.Authorization = new AuthenticationHeaderValue("Bearer", Credential);
            foreach (var header in request.Headers) message.Headers.TryAddWithoutValidation(header.Key, header.Value);
            if (request.Body != null) message.Content = new StringContent(request.Body.ToString(), Encoding.UTF8, "application/json");
            return message;
        }

        /// <summary>The wait the answer asks for: Retry-After (seconds), or the error's <c>details.retryAfterMs</c>.</summary>
        private static TimeSpan? RetryAfter(HttpResponseMessage response, Answer answer)
        {
            var header = response.Headers.RetryAfter;
            if (header != null && header.Delta.HasValue) return header.Delta.Value;
            if (!answer.IsJson) return null;
            try
            {
                var details = JsonValue.Parse(answer.Text)["error"];
                var after = details == null || details["details"] == null ? null : details["details"]["retryAfterMs"];
                if (after != null && after.Kind == JsonKind.Number) return TimeSpan.FromMilliseconds(after.AsNumber());
            }
            catch (JsonException)
            {
            }
            return null;
        }

        /// <summary>A failure that means no answer came: the connection failed, was cut, or timed out.</summary>
        private static bool NoAnswer(Exception error)
        {
            return error is HttpRequestException || error is IOException || error is WebException
                || error is TaskCanceledException || error is System.Net.Sockets.SocketException;
        }

        private static Exception Innermost(Exception error)
        {
            while (error.InnerException != null) error = error.InnerException;
            return error;
        }
    }
}

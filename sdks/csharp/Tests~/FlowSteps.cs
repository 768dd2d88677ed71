// The steps of the flow, in order; each names what it shows.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Reflection;
using System.Security.Cryptography;
using System.Text;
using System.Threading.Tasks;

namespace Matchd.Tests
{
    internal sealed partial class Flow
    {
        private MatchdClient admin;
        private MatchdClient game;
        private TcpCutter cutter;
        private WebhookReceiver receiver;

        private string squadQueue;
        private string duelQueue;
        private string quickQueue;

        private MatchStream matchStream;
        private MatchStream uncutMatchStream;
        private TicketView party;
        private TicketView[] solos;
        private string playerToken;
        private TicketStream partyStream;
        private TicketStream uncutPartyStream;
        private string matchId;
        private MatchRecord match;
        private BackfillView backfill;
        private ReportResultResponse firstReport;
        private readonly Connection connection = new Connection
        {
            Host = "10.0.4.17",
            Port = 7777,
            Properties = new Dictionary<string, string> { { "session", "s-1" } },
        };

        private async Task SetUpAsync()
        {
            admin = new MatchdClient(url, adminKey);
            game = new MatchdClient(url, serverKey);
            cutter = new TcpCutter(new Uri(url));
            receiver = new WebhookReceiver(webhookSecret);
            squadQueue = "sdk-squad-" + run;
            duelQueue = "sdk-duel-" + run;
            quickQueue = "sdk-quick-" + run;
            await Task.FromResult(0);
        }

        private void TearDown()
        {
            foreach (var stream in new IDisposable[] { matchStream, uncutMatchStream, partyStream, uncutPartyStream })
                if (stream != null) stream.Dispose();
            if (cutter != null) cutter.Dispose();
            if (receiver != null) receiver.Dispose();
            if (game != null) game.Dispose();
            if (admin != null) admin.Dispose();
        }

        /// <summary>A client of the service through the cutting proxy.</summary>
        private MatchdClient Cut(string credential)
        {
            return new MatchdClient(cutter.Url, credential);
        }

        private List<KeyValuePair<string, Func<Task>>> Steps()
        {
            var steps = new List<KeyValuePair<string, Func<Task>>>();
            Action<string, Func<Task>> add = (name, body) => steps.Add(new KeyValuePair<string, Func<Task>>(name, body));
            add("the service answers /healthz without a credential", Health);
            add("PutQueueAsync creates the flow's queues (admin key); GetQueueAsync reads one back as it was put", QueuesCreated);
            add("every example queue reads back through QueueConfig without losing a member", ExampleQueuesRoundTrip);
            add("WatchMatchesAsync subscribes to the queue's match stream (server key, through the cutting proxy)", MatchStreamSubscribes);
            add("CreateTicketAsync queues a party of two, with an Idempotency-Key, on the party track", PartyQueued);
            add("a player token watches the party's ticket over WebSocket through the proxy: state searching", PartyWatched);
            add("the streams are cut and held while two solo tickets arrive: the service proposes a match", SolosArriveDuringCut);
            add("the ticket stream reconnects and hands on the proposal it missed, once", ProposalResumed);
            add("AcceptAsync: every player accepts (one with their own token) while the streams are cut again", AllAccept);
            add("the ticket stream resumes with matched (allocating): exactly the events of an uncut watcher", MatchedResumed);
            add("WaitForMatchAsync returns the match of a solo ticket: the party whole on one team", WaitForMatch);
            add("the match stream heard formed (allocating) across the cuts", MatchStreamHeardFormed);
            add("SetAssignmentAsync sets the server: the ticket stream completes with assigned and its connection", Assignment);
            add("RequestBackfillAsync while the match stream is cut: one open seat", BackfillRequestedDuringCut);
            add("the match stream resumes with backfill-requested, carrying the request's id", BackfillHeard);
            add("a new solo ticket fills the seat: backfilled on the match stream, matched (backfill) on its ticket", BackfillFilled);
            add("the cut match stream has exactly the uncut one's events; After resumes a new stream after any of them, Interrupt repeats none", MatchStreamsAgree);
            add("ReportResultAsync applies the result (with an Idempotency-Key)", ResultApplied);
            add("the same result again is not applied twice (applied false, the first outcome)", ResultAppliedOnce);
            add("a different result is refused: 409 MM_ERR_RESULT_CONFLICT", ResultConflict);
            add("GetRatingAsync reads the winner's rating (one game, one win, calibrated) and the loser's below it", RatingRead);
            add("the server's webhooks for the match are signed: VerifyWebhookSignature accepts each", WebhooksVerified);
            add("a forged webhook is refused: altered body, other secret, stale or missing time, malformed signature", ForgedWebhooksRefused);
            add("errors carry the service's codes: 404 unknown ticket, queue, match; 401 bad key; 403 player on an admin route; 400 bad body", ErrorCodes);
            add("WatchTicketAsync is refused for an unknown ticket (404) and another player's (403), with their codes", StreamRefusals);
            add("DeclineAsync: the declined ticket leaves, the other hears returned (declined) and searches again", Decline);
            add("CancelTicketAsync ends a ticket: its stream completes with cancelled; WaitForMatchAsync throws MM_SDK_TICKET_ENDED", Cancel);
            add("retries: reads survive reset connections; a create is retried only with an Idempotency-Key", Retries);
            add("the Unity sample queues, shows the wait, then the match", UnitySample);
            return steps;
        }

        private async Task Health()
        {
            using (var anonymous = new MatchdClient(url))
            {
                var health = await anonymous.HealthAsync();
                Check.True(health.ToJson().Count > 0, "a health body");
                Check.True(health.ToJson().ToString().Contains("memory"), "the health body names the memory backends: " + health.ToJson());
            }
        }

        private static QueueConfig SquadConfig(string id, string webhookUrl)
        {
            return new QueueConfig
            {
                Id = id,
                Teams = new JsonObject { { "count", 2 }, { "size", 2 } },
                Rating = new QueueConfigRating { Track = id },
                Criteria = new List<CriterionConfig> { new CriterionConfig { Kind = "team-balance", Weight = 1 } },
                Threshold = new QueueConfigThreshold { Start = 0 },
                Mode = new QueueConfigMode { Kind = "continuous", MaxWaitMs = 1000 },
                Acceptance = new QueueConfigAcceptance { TimeoutMs = 20000 },
                Handoff = new QueueConfigHandoff
                {
                    WebhookUrl = webhookUrl,
                    Allocation = new QueueConfigHandoffAllocation { TimeoutMs = 60000 },
                },
            };
        }

        private async Task QueuesCreated()
        {
            var squad = SquadConfig(squadQueue, receiver.Url);
            var put = await admin.PutQueueAsync(squad);
            Check.Equal(squadQueue, put.QueueId, "the queue put");
            var duel = SquadConfig(duelQueue, null);
            duel.Teams = new JsonObject { { "count", 2 }, { "size", 1 } };
            duel.Handoff = null;
            await admin.PutQueueAsync(duel);
            var quick = SquadConfig(quickQueue, null);
            quick.Acceptance = null;
            quick.Handoff = null;
            await admin.PutQueueAsync(quick);

            var read = await game.GetQueueAsync(squadQueue);
            Check.Equal(20000.0, read.Config.Acceptance.TimeoutMs, "acceptance timeout read back");
            Check.Equal(receiver.Url, read.Config.Handoff.WebhookUrl, "webhook URL read back");
            Check.Equal(2.0, read.Config.Teams["size"].AsNumber(), "team size read back");
            Check.Equal(squad.ToJson().ToString(), QueueConfig.FromJson(squad.ToJson()).ToJson().ToString(), "a config writes back as it reads");
            Check.Equal("team-balance", read.Config.Criteria[0].Kind, "criterion read back");
        }

        private async Task ExampleQueuesRoundTrip()
        {
            // The raw JSON of the queues, beside what the SDK makes of it.
            JsonValue raw;
            using (var http = new HttpClient())
            {
                http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", adminKey);
                raw = JsonValue.Parse(await http.GetStringAsync(url + "/v1/queues"));
            }
            var typed = await admin.ListQueuesAsync();
            var rawQueues = raw["queues"].AsArray();
            Check.Equal(rawQueues.Count, typed.Queues.Count, "queues listed");
            Check.True(rawQueues.Count >= 10, "the example queues are loaded (" + rawQueues.Count + ")");
            foreach (var queue in rawQueues)
            {
                var config = queue["config"];
                var back = QueueConfig.FromJson(config).ToJson();
                Check.True(back.Equals(config), queue["queueId"] + ": " + back + " is not " + config);
                var view = typed.Queues.First(each => each.QueueId == queue["queueId"].AsString());
                Check.True(view.Config.ToJson().Equals(config), queue["queueId"] + ": the typed list differs");
            }
            var unknown = QueueConfig.FromJson(JsonValue.Parse("{\"id\":\"x\",\"fromANewerServer\":{\"a\":[1,2]}}"));
            Check.Equal("{\"id\":\"x\",\"fromANewerServer\":{\"a\":[1,2]}}", unknown.ToJson().ToString(), "a member the SDK does not know is kept");
        }

        private async Task MatchStreamSubscribes()
        {
            var subscribed = 0;
            matchStream = await Cut(serverKey).WatchMatchesAsync(
                squadQueue,
                new MatchStreamOptions { RetryDelay = RetryDelay, MaxDelay = MaxDelay, OnSubscribed = () => subscribed++ });
            uncutMatchStream = await game.WatchMatchesAsync(squadQueue);
            Check.Equal(1, subscribed, "subscribed once");
            Check.Equal(0, matchStream.Events.Count, "no event yet");
        }

        private async Task PartyQueued()
        {
            var request = Ticket(squadQueue, Player(1), Player(2));
            request.Players[1].Languages = new List<string> { "en" };
            party = await game.CreateTicketAsync(request, idempotencyKey: "party-" + run);
            Check.Equal("searching", party.State, "state");
            Check.Equal(squadQueue + "/party", party.Track, "track");
            Check.Equal(2, party.PlayerIds.Count, "players");
            Check.True(party.TicketId.StartsWith("t_"), "ticket id " + party.TicketId);
        }

        private readonly List<string> partyStates = new List<string>();
        private int partyReconnects;

        private async Task PartyWatched()
        {
            playerToken = (await game.IssueTokenAsync(Player(1))).Token;
            partyStream = await Cut(playerToken).WatchTicketAsync(
                party.TicketId,
                new TicketStreamOptions
                {
                    RetryDelay = RetryDelay,
                    MaxDelay = MaxDelay,
                    MaxRetries = 100,
                    OnState = ticket =>
                    {
                        lock (partyStates) partyStates.Add(ticket.State);
                    },
                    OnReconnect = attempt => partyReconnects++,
                });
            uncutPartyStream = await game.WatchTicketAsync(party.TicketId);
            lock (partyStates) Check.Equal("searching", partyStates[0], "the first state");
            Check.Equal("searching", partyStream.State.State, "the stream's state");
            Check.Equal(party.TicketId, partyStream.State.TicketId, "the state's ticket");
        }

        private async Task SolosArriveDuringCut()
        {
            cutter.Cut(hold: true);
            solos = new[]
            {
                await game.CreateTicketAsync(Ticket(squadQueue, Player(3))),
                await game.CreateTicketAsync(Ticket(squadQueue, Player(4))),
            };
            Check.Equal(squadQueue + "/solo", solos[0].Track, "a solo's track");
            await Check.Eventually(() => uncutPartyStream.Events.Any(e => e is TicketProposedEvent), "the proposal (uncut watcher)");
            Check.True(!partyStream.Events.Any(e => e is TicketProposedEvent), "the cut stream has not heard it yet");
        }

        private async Task ProposalResumed()
        {
            var refused = cutter.Refused;
            await Task.Delay(300);
            Check.True(cutter.Refused > refused, "reconnects were refused while held");
            cutter.Release();
            var proposed = (TicketProposedEvent)await Check.Eventually(
                () => partyStream.Events.FirstOrDefault(e => e is TicketProposedEvent), "the proposal on the resumed stream");
            Check.True(partyReconnects >= 1, "the stream reconnected");
            Check.Equal(4, proposed.Match.Teams.Sum(team => team.PlayerIds.Count), "four players proposed");
            Check.True(proposed.DeadlineMs > 0, "a deadline");
            Check.Equal(1, partyStream.Events.Count(e => e.EventId == proposed.EventId), "handed on once");
        }

        private async Task AllAccept()
        {
            cutter.Cut(hold: true);
            using (var player = new MatchdClient(url, playerToken))
            {
                var answered = await player.AcceptAsync(party.TicketId, Player(1));
                Check.Equal("proposed", answered.State, "the party waits for the others");
            }
            await game.AcceptAsync(party.TicketId, Player(2));
            await game.AcceptAsync(solos[0].TicketId, Player(3));
            await game.AcceptAsync(solos[1].TicketId, Player(4));
            await Check.Eventually(() => uncutPartyStream.Events.Any(e => e is TicketMatchedEvent), "matched (uncut watcher)");
            await Task.Delay(200);
            Check.True(!partyStream.Events.Any(e => e is TicketMatchedEvent), "the cut stream has not heard it yet");
            cutter.Release();
        }

        private async Task MatchedResumed()
        {
            var matched = (TicketMatchedEvent)await Check.Eventually(
                () => partyStream.Events.FirstOrDefault(e => e is TicketMatchedEvent), "matched on the resumed stream");
            Check.Equal(true, matched.Allocating, "allocating");
            Check.True(!partyStream.Completion.IsCompleted, "an allocating match does not end the stream");
            matchId = matched.Match.MatchId;
            var cut = partyStream.Events.Select(e => e.EventId + ":" + e.Type).ToList();
            var uncut = uncutPartyStream.Events.Select(e => e.EventId + ":" + e.Type).ToList();
            Check.Equal(string.Join(",", uncut), string.Join(",", cut), "the same events in the same order");
            Check.True(cut.Count >= 2, "proposed and matched at least: " + string.Join(",", cut));
            Check.Equal(matched.EventId, partyStream.LastEventId, "the last event id");
        }

        private async Task WaitForMatch()
        {
            match = await game.WaitForMatchAsync(solos[0].TicketId, TimeSpan.FromSeconds(10), TimeSpan.FromMilliseconds(20));
            Check.Equal(matchId, match.MatchId, "the same match");
            var partyTeam = match.Teams.Single(team => team.Any(seat => seat.PlayerId == Player(1)));
            Check.True(partyTeam.Any(seat => seat.PlayerId == Player(2)), "the party on one team");
            Check.Equal(squadQueue + "/party", partyTeam.First(seat => seat.PlayerId == Player(1)).Track, "the party's track");
        }

        private async Task MatchStreamHeardFormed()
        {
            var formed = (MatchFormedEvent)await Check.Eventually(
                () => matchStream.Events.FirstOrDefault(e => e is MatchFormedEvent && e.MatchId == matchId), "formed");
            Check.Equal("allocating", formed.Match.Phase, "phase");
            Check.Equal(2, formed.Match.Teams.Count, "teams");
        }

        private async Task Assignment()
        {
            var handoff = await game.SetAssignmentAsync(matchId, connection);
            Check.Equal("assigned", handoff.Phase, "phase");
            var last = await Check.Within(partyStream.Completion, "the stream's final event");
            var assigned = last as TicketAssignedEvent;
            Check.True(assigned != null, "the final event is assigned, not " + last.Type);
            Check.Equal("10.0.4.17", assigned.Connection.Host, "host");
            Check.Equal(7777, assigned.Connection.Port, "port");
            Check.Equal("s-1", assigned.Connection.Properties["session"], "properties");
            await Check.Eventually(() => matchStream.Events.Any(e => e is MatchAssignedEvent && e.MatchId == matchId), "assigned on the match stream");
        }

        private async Task BackfillRequestedDuringCut()
        {
            cutter.Cut(hold: true);
            backfill = await game.RequestBackfillAsync(matchId, new[] { Player(1), Player(2), Player(3) });
            Check.Equal(matchId, backfill.MatchId, "match");
            Check.Equal(1L, backfill.OpenSeats.Sum(), "one open seat");
            await Check.Eventually(() => uncutMatchStream.Events.Any(e => e is MatchBackfillRequestedEvent), "backfill-requested (uncut)");
            Check.True(!matchStream.Events.Any(e => e is MatchBackfillRequestedEvent), "the cut stream has not heard it yet");
            cutter.Release();
        }

        private async Task BackfillHeard()
        {
            var requested = (MatchBackfillRequestedEvent)await Check.Eventually(
                () => matchStream.Events.FirstOrDefault(e => e is MatchBackfillRequestedEvent), "backfill-requested on the resumed stream");
            Check.Equal(backfill.RequestId, requested.RequestId, "the request's id");
            Check.Equal(backfill.RequestId, requested.Match.BackfillRequestId, "the match's live request");
            Check.Equal(string.Join(",", backfill.OpenSeats), string.Join(",", requested.OpenSeats), "open seats");
        }

        private async Task BackfillFilled()
        {
            var newcomer = await game.CreateTicketAsync(Ticket(squadQueue, Player(5)));
            var stream = await game.WatchTicketAsync(newcomer.TicketId);
            using (stream)
            {
                var last = await Check.Within(stream.Completion, "the newcomer's final event");
                var matched = last as TicketMatchedEvent;
                Check.True(matched != null, "matched, not " + last.Type);
                Check.Equal(true, matched.Backfill, "into a running match");
                Check.Equal(matchId, matched.Match.MatchId, "the same match");
                Check.Equal("10.0.4.17", matched.Connection.Host, "with its server");
            }
            var filled = (MatchBackfilledEvent)await Check.Eventually(
                () => matchStream.Events.FirstOrDefault(e => e is MatchBackfilledEvent), "backfilled");
            Check.Equal(backfill.RequestId, filled.RequestId, "the request filled");
            Check.True(filled.Added.Any(team => team.PlayerIds.Contains(Player(5))), "the newcomer added");
        }

        private async Task MatchStreamsAgree()
        {
            await Check.Eventually(() => uncutMatchStream.Events.Count == matchStream.Events.Count, "the same number of events");
            var cut = matchStream.Events.Select(e => e.EventId + ":" + e.Type).ToList();
            var uncut = uncutMatchStream.Events.Select(e => e.EventId + ":" + e.Type).ToList();
            Check.Equal(string.Join(",", uncut), string.Join(",", cut), "the same events in the same order");
            Check.Equal("formed,assigned,backfill-requested,backfilled", string.Join(",", matchStream.Events.Select(e => e.Type)), "the match's events");
            var first = matchStream.Events[0];
            var subscriptions = 0;
            var options = new MatchStreamOptions { After = first.EventId, RetryDelay = RetryDelay, OnSubscribed = () => subscriptions++ };
            using (var resumed = await game.WatchMatchesAsync(squadQueue, options))
            {
                await Check.Eventually(() => resumed.Events.Count == cut.Count - 1, "the replay after the first event");
                Check.Equal(string.Join(",", cut.Skip(1)), string.Join(",", resumed.Events.Select(e => e.EventId + ":" + e.Type)), "replayed in order");
                resumed.Interrupt();
                await Check.Eventually(() => subscriptions == 2, "subscribed again after Interrupt");
                Check.Equal(cut.Count - 1, resumed.Events.Count, "nothing handed on twice");
            }
        }

        private ReportResultRequest Result(bool partyWins)
        {
            var handoffTeam = match.Teams.FindIndex(team => team.Any(seat => seat.PlayerId == Player(1)));
            var partyFirst = handoffTeam == 0;
            return new ReportResultRequest { Ranks = partyFirst == partyWins ? new List<int> { 1, 2 } : new List<int> { 2, 1 } };
        }

        private async Task ResultApplied()
        {
            firstReport = await game.ReportResultAsync(matchId, Result(partyWins: true), idempotencyKey: "result-" + matchId);
            Check.Equal(true, firstReport.Applied, "applied");
            Check.Equal(4, firstReport.Outcome.Changes.Count, "four players rated (the newcomer, not the one who left)");
        }

        private async Task ResultAppliedOnce()
        {
            var again = await game.ReportResultAsync(matchId, Result(partyWins: true), idempotencyKey: "result-" + matchId);
            Check.Equal(false, again.Applied, "not applied again");
            Check.True(again.Outcome.ToJson().Equals(firstReport.Outcome.ToJson()), "the first outcome");
        }

        private async Task ResultConflict()
        {
            var refusal = await Check.Refused(
                () => game.ReportResultAsync(matchId, Result(partyWins: false)), 409, MatchdErrorCodes.ResultConflict, "a different result");
            Check.True(refusal.Message.Length > 0, "a message");
        }

        private async Task RatingRead()
        {
            ProfileTrack winner;
            using (var player = new MatchdClient(url, playerToken))
                winner = await player.GetRatingAsync(Player(1), squadQueue + "/party");
            Check.True(winner != null, "the winner's track");
            Check.Equal(1L, winner.Games, "games");
            Check.Equal(1L, winner.Wins, "wins");
            Check.Equal(false, winner.Calibrating, "calibrated after one game");
            Check.Equal(true, winner.Visible, "the player sees their own rating");
            var loser = await admin.GetRatingAsync(Player(3), squadQueue + "/solo");
            Check.Equal(1L, loser.Losses, "the loser's loss");
            Check.True(winner.Mean.Value > loser.Mean.Value, "the winner above the loser");
            Check.True(await admin.GetRatingAsync(Player(3), "no-such-track/solo") == null, "no rating on a track never played");
            // The track is one path segment: its slash goes encoded.
            var board = await admin.GetLeaderboardAsync(squadQueue + "/party", limit: 10);
            Check.True(board.Rows.Any(row => row.PlayerId == Player(1)), "the winner on the party leaderboard");
        }

        private List<Delivery> MatchDeliveries()
        {
            return receiver.Deliveries.Where(d => d.Json["event"]["matchId"] != null && d.Json["event"]["matchId"].AsString() == matchId).ToList();
        }

        private async Task WebhooksVerified()
        {
            await Check.Eventually(() => MatchDeliveries().Select(d => d.EventType).Distinct().Count() >= 4, "four kinds of webhook for the match");
            var deliveries = MatchDeliveries();
            foreach (var delivery in deliveries)
            {
                Check.True(delivery.Accepted, "verified: " + delivery.Signature);
                Check.Equal(delivery.Json["id"].AsString(), delivery.IdempotencyKey, "the idempotency key is the body's id");
                Check.Equal(squadQueue, delivery.Json["queueId"].AsString(), "the queue");
                Check.Equal(delivery.EventType, MatchEvent.FromJson(delivery.Json["event"]).Type, "the event's type");
            }
            Check.Equal(
                "formed,assigned,backfill-requested,backfilled",
                string.Join(",", deliveries.Select(d => d.EventType).Distinct()),
                "delivered in log order");
        }

        private static string Sign(string secret, long timestampMs, byte[] body)
        {
            using (var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(secret)))
            {
                var signed = Encoding.UTF8.GetBytes(timestampMs + ".").Concat(body).ToArray();
                return "t=" + timestampMs + ",v1=" + string.Concat(hmac.ComputeHash(signed).Select(b => b.ToString("x2")));
            }
        }

        private Task ForgedWebhooksRefused()
        {
            var real = MatchDeliveries()[0];
            var signedAt = long.Parse(real.Signature.Split(',')[0].Substring(2));
            var atSigning = DateTimeOffset.FromUnixTimeMilliseconds(signedAt);
            Check.True(MatchdClient.VerifyWebhookSignature(webhookSecret, real.Body, real.Signature, null, atSigning), "the real one");
            Check.True(MatchdClient.VerifyWebhookSignature(webhookSecret, Encoding.UTF8.GetString(real.Body), real.Signature, null, atSigning), "the real one as text");
            var altered = (byte[])real.Body.Clone();
            altered[altered.Length - 2] ^= 1;
            Check.True(!MatchdClient.VerifyWebhookSignature(webhookSecret, altered, real.Signature, null, atSigning), "an altered body");
            Check.True(!MatchdClient.VerifyWebhookSignature(webhookSecret + "x", real.Body, real.Signature, null, atSigning), "another secret");
            Check.True(!MatchdClient.VerifyWebhookSignature(webhookSecret, real.Body, real.Signature, null, atSigning.AddMinutes(6)), "a replay six minutes later");
            Check.True(MatchdClient.VerifyWebhookSignature(webhookSecret, real.Body, real.Signature, TimeSpan.FromMinutes(10), atSigning.AddMinutes(6)), "within a longer tolerance");
            Check.True(!MatchdClient.VerifyWebhookSignature(webhookSecret, real.Body, null, null, atSigning), "no header");
            Check.True(!MatchdClient.VerifyWebhookSignature(webhookSecret, real.Body, "v1=" + real.Signature.Split('=').Last(), null, atSigning), "no time");
            Check.True(!MatchdClient.VerifyWebhookSignature(webhookSecret, real.Body, real.Signature.ToUpperInvariant().Replace("T=", "t=").Replace("V1=", "v1="), null, atSigning), "uppercase hex");
            Check.True(!MatchdClient.VerifyWebhookSignature(webhookSecret, real.Body, real.Signature.Substring(0, real.Signature.Length - 2), null, atSigning), "a short signature");
            // A signature made here, independently, agrees with the check: fresh passes, stale fails.
            var now = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
            Check.True(MatchdClient.VerifyWebhookSignature(webhookSecret, real.Body, Sign(webhookSecret, now, real.Body)), "signed here now");
            Check.True(!MatchdClient.VerifyWebhookSignature(webhookSecret, real.Body, Sign(webhookSecret, now - 10 * 60000, real.Body)), "signed here ten minutes ago");
            Check.Equal(Sign(webhookSecret, signedAt, real.Body), real.Signature, "the service signs as documented");
            return Task.FromResult(0);
        }

        private async Task ErrorCodes()
        {
            await Check.Refused(() => game.GetTicketAsync("t_unknown-" + run), 404, MatchdErrorCodes.TicketNotFound, "an unknown ticket");
            await Check.Refused(() => game.CreateTicketAsync(Ticket("no-such-queue-" + run, Player(9))), 404, MatchdErrorCodes.QueueNotFound, "an unknown queue");
            await Check.Refused(() => game.GetMatchAsync("m_unknown-" + run), 404, MatchdErrorCodes.MatchNotFound, "an unknown match");
            using (var stranger = new MatchdClient(url, "not-a-key-of-this-service-" + run))
                await Check.Refused(() => stranger.GetTicketAsync(party.TicketId), 401, MatchdErrorCodes.Unauthorized, "a bad key");
            using (var player = new MatchdClient(url, playerToken))
                await Check.Refused(() => player.PutQueueAsync(SquadConfig(squadQueue, null)), 403, MatchdErrorCodes.Forbidden, "a player on an admin route");
            var empty = Ticket(duelQueue);
            var invalid = await Check.Refused(() => game.CreateTicketAsync(empty), 400, MatchdErrorCodes.InvalidRequest, "a party of no one");
            Check.True(invalid.Details["path"] != null && invalid.Details["path"].AsString().Contains("players"), "the refused field: " + invalid.Details);
            var negative = Ticket(duelQueue, Player(9));
            negative.PingMsByRegion = new Dictionary<string, double> { { "eu", -5 } };
            await Check.Refused(() => game.CreateTicketAsync(negative), 400, MatchdErrorCodes.InvalidRequest, "a negative ping");
            var error = await Check.Refused(() => game.GetQueueAsync("no-such-queue-" + run), 404, MatchdErrorCodes.QueueNotFound, "an unknown queue read");
            Check.True(error.Message.Length > 0, "a message");
        }

        private async Task StreamRefusals()
        {
            await Check.Refused(() => game.WatchTicketAsync("t_unknown-" + run), 404, MatchdErrorCodes.TicketNotFound, "an unknown ticket's stream");
            using (var player = new MatchdClient(url, playerToken))
                await Check.Refused(() => player.WatchTicketAsync(solos[0].TicketId), 403, MatchdErrorCodes.Forbidden, "another player's stream");
            using (var player = new MatchdClient(url, playerToken))
                await Check.Refused(() => player.WatchMatchesAsync(squadQueue), 403, MatchdErrorCodes.Forbidden, "a player on the game servers' stream");
        }

        private TicketView declined;
        private TicketView stayed;
        private TicketStream stayedStream;

        private async Task Decline()
        {
            declined = await game.CreateTicketAsync(Ticket(duelQueue, Player(6)));
            stayed = await game.CreateTicketAsync(Ticket(duelQueue, Player(7)));
            stayedStream = await game.WatchTicketAsync(stayed.TicketId);
            await Check.Eventually(() => stayedStream.Events.Any(e => e is TicketProposedEvent), "the proposal");
            var answered = await game.DeclineAsync(declined.TicketId, Player(6));
            Check.Equal("cancelled", answered.State, "the declined ticket leaves");
            var returned = (TicketReturnedEvent)await Check.Eventually(
                () => stayedStream.Events.FirstOrDefault(e => e is TicketReturnedEvent), "returned");
            Check.Equal("declined", returned.Reason, "the reason");
            Check.Equal("searching", (await game.GetTicketAsync(stayed.TicketId)).State, "the other searches again");
        }

        private async Task Cancel()
        {
            var cancelled = await game.CancelTicketAsync(stayed.TicketId);
            Check.Equal("cancelled", cancelled.State, "state");
            var last = await Check.Within(stayedStream.Completion, "the final event");
            Check.True(last is TicketCancelledEvent, "cancelled, not " + last.Type);
            stayedStream.Dispose();
            var ended = await Check.Refused(() => game.WaitForMatchAsync(stayed.TicketId), 0, MatchdErrorCodes.SdkTicketEnded, "waiting on a cancelled ticket");
            Check.Equal("cancelled", ended.Details["state"].AsString(), "the state it ended in");
            await Check.Refused(() => game.CancelTicketAsync(stayed.TicketId), 409, MatchdErrorCodes.InvalidTicketState, "cancelling twice");
        }

        /// <summary>A client behind its own proxy that resets its next <paramref name="drops"/> connections.</summary>
        private async Task Dropping(int drops, Func<MatchdClient, Task> calls, Action<TcpCutter> after)
        {
            // A proxy and a client of their own, so that no connection is pooled from another call.
            using (var dropping = new TcpCutter(new Uri(url)))
            using (var client = new MatchdClient(dropping.Url, serverKey, new MatchdClientOptions { RetryDelay = TimeSpan.FromMilliseconds(20) }))
            {
                dropping.DropNext(drops);
                await calls(client);
                after(dropping);
            }
        }

        private async Task Retries()
        {
            await Dropping(
                2,
                async client => Check.Equal(duelQueue, (await client.GetQueueAsync(duelQueue)).QueueId, "the read went through"),
                dropping => Check.Equal(2, dropping.Refused, "after two reset connections"));

            await Dropping(
                1,
                async client =>
                {
                    var network = await Check.Refused(
                        () => client.CreateTicketAsync(Ticket(duelQueue, Player(8))), 0, MatchdErrorCodes.SdkNetwork, "a create on a reset connection");
                    Check.True(network.InnerException != null, "the cause is kept");
                },
                dropping => Check.Equal(1, dropping.Refused + dropping.Forwarded, "one attempt only"));
            Check.True((await admin.GetPlayerAsync(Player(8))).WaitingTicketId == null, "nothing was created");

            TicketView created = null;
            await Dropping(
                1,
                async client => created = await client.CreateTicketAsync(Ticket(duelQueue, Player(8)), idempotencyKey: "retry-" + run),
                dropping => Check.Equal(1, dropping.Refused, "one reset, then through"));
            Check.Equal(created.TicketId, (await admin.GetPlayerAsync(Player(8))).WaitingTicketId, "created once");
            await game.CancelTicketAsync(created.TicketId);
        }

        private async Task UnitySample()
        {
            var panel = new MatchmakingPanel
            {
                serverUrl = url,
                credential = serverKey,
                queueId = quickQueue,
                playerId = Player(11),
            };
            // As Unity does: the messages are private methods found by name.
            Action<string> message = name => typeof(MatchmakingPanel)
                .GetMethod(name, BindingFlags.Instance | BindingFlags.NonPublic)
                .Invoke(panel, null);
            Func<List<string>> frame = () =>
            {
                lock (UnityEngine.GUILayout.Drawn) UnityEngine.GUILayout.Drawn.Clear();
                message("OnGUI");
                lock (UnityEngine.GUILayout.Drawn) return new List<string>(UnityEngine.GUILayout.Drawn);
            };
            message("Start");
            await Check.Eventually(() => panel.Status == "Searching", "the panel searching");
            await Task.Delay(1100);
            var waiting = frame();
            Check.True(waiting.Any(line => line.StartsWith("Waiting ") && !line.StartsWith("Waiting 0 s")), "the wait shown: " + string.Join(" | ", waiting));
            Check.True(waiting.Contains("[Cancel]"), "a cancel button");
            foreach (var other in new[] { 12, 13, 14 })
                await game.CreateTicketAsync(Ticket(quickQueue, Player(other)));
            await Check.Eventually(() => panel.Status == "Matched", "the panel matched (" + panel.Status + ")");
            var matched = frame();
            Check.Equal("Matched", matched[0], "the status");
            Check.True(matched.Any(line => line.StartsWith("Team ") && line.Contains(Player(11))), "the match shown: " + string.Join(" | ", matched));
            Check.Equal(2, matched.Count(line => line.StartsWith("Team ")), "both teams");
            message("OnDestroy");
        }
    }
}

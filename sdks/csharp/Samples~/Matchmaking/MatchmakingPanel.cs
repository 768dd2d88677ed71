// MatchmakingPanel: queues one player with matchd, shows the wait, then the match and its server.
// Put it on any GameObject and set the fields in the Inspector.
using System;
using System.Collections.Generic;
using System.Threading;
using Matchd;
using UnityEngine;

public class MatchmakingPanel : MonoBehaviour
{
    // Where matchd runs, and a credential that may create tickets (a server key). A shipped game
    // client asks the studio's backend to create its ticket and to issue it a player token instead:
    // see "Credentials" in docs/sdk-csharp.md.
    public string serverUrl = "http://127.0.0.1:8080";
    public string credential = "";
    public string queueId = "quick-2v2";
    public string playerId = "player-1";

    public string Status { get; private set; } = "Not queued";

    private readonly CancellationTokenSource lifetime = new CancellationTokenSource();
    private MatchdClient client;
    private TicketView ticket;
    private DateTime queuedAtUtc;
    private bool searching;
    private TicketProposedEvent proposal;
    private MatchView match;
    private Connection server;

    private async void Start()
    {
        client = new MatchdClient(serverUrl, credential);
        try
        {
            var request = new TicketRequest
            {
                QueueId = queueId,
                Players = new List<TicketRequestPlayer> { new TicketRequestPlayer { PlayerId = playerId } },
            };
            ticket = await client.CreateTicketAsync(request, cancellationToken: lifetime.Token);
            queuedAtUtc = DateTime.UtcNow;
            searching = true;
            Status = "Searching";
            // The stream's callbacks run on the main thread: it posts them to the context that opened it.
            var stream = await client.WatchTicketAsync(
                ticket.TicketId,
                new TicketStreamOptions { OnState = state => ticket = state, OnEvent = Show },
                lifetime.Token);
            var last = await stream.Completion;
            searching = false;
            Debug.Log("matchmaking ended with " + last.Type);
        }
        catch (OperationCanceledException)
        {
            // The panel was destroyed.
        }
        catch (MatchdApiException error)
        {
            searching = false;
            Status = "Matchmaking failed: " + error.Code;
            Debug.LogError(error.Message);
        }
    }

    private void Show(TicketEvent ticketEvent)
    {
        proposal = ticketEvent as TicketProposedEvent;
        if (proposal != null)
        {
            Status = "Match found: accept it";
            return;
        }
        var matched = ticketEvent as TicketMatchedEvent;
        if (matched != null)
        {
            match = matched.Match;
            server = matched.Connection;
            Status = matched.Allocating == true ? "Matched: waiting for a server" : "Matched";
        }
        else if (ticketEvent is TicketAssignedEvent)
        {
            server = ((TicketAssignedEvent)ticketEvent).Connection;
            Status = "Matched: server ready";
        }
        else if (ticketEvent is TicketReturnedEvent)
        {
            Status = "Searching again";
        }
        else if (ticketEvent is TicketAllocationFailedEvent)
        {
            Status = "No server was found: queue again";
        }
        else if (ticketEvent is TicketExpiredEvent)
        {
            Status = "No match in time";
        }
        else if (ticketEvent is TicketCancelledEvent)
        {
            Status = "Cancelled";
        }
    }

    private void OnGUI()
    {
        GUILayout.Label(Status);
        if (searching && match == null)
        {
            GUILayout.Label("Waiting " + (int)(DateTime.UtcNow - queuedAtUtc).TotalSeconds + " s" + Estimate());
            if (proposal != null && GUILayout.Button("Accept")) Answer(true);
            if (GUILayout.Button("Cancel")) Answer(false);
        }
        if (match != null)
        {
            for (var team = 0; team < match.Teams.Count; team++)
                GUILayout.Label("Team " + (team + 1) + ": " + string.Join(", ", match.Teams[team].PlayerIds));
        }
        if (server != null) GUILayout.Label("Server " + server.Host + ":" + server.Port);
    }

    /// <summary>The ticket's estimate of the rest of the wait, when the queue has one.</summary>
    private string Estimate()
    {
        var eta = ticket == null ? null : ticket.Eta;
        if (eta == null || eta.Kind != "estimate" || !eta.RemainingMedianMs.HasValue) return "";
        return " (about " + Math.Ceiling(eta.RemainingMedianMs.Value / 1000) + " s more)";
    }

    private async void Answer(bool accept)
    {
        try
        {
            if (accept) await client.AcceptAsync(ticket.TicketId, playerId, lifetime.Token);
            else await client.CancelTicketAsync(ticket.TicketId, lifetime.Token);
        }
        catch (MatchdApiException error)
        {
            Debug.LogError(error.Code + ": " + error.Message);
        }
    }

    private void OnDestroy()
    {
        lifetime.Cancel();
        if (client != null) client.Dispose();
    }
}

// The C# SDK's flow against a real matchd server (started by test.sh): a game server, its players,
// an admin and a studio's webhook endpoint, step by step, each step asserting what a studio relies
// on. Streams go through a TCP proxy that cuts their connections for real.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Net.Http;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Matchd.Tests
{
    internal static class Program
    {
        private static int Main(string[] args)
        {
            if (args.Length == 3 && args[0] == "json") return JsonCorpus.Answer(args[1], args[2]);
            return new Flow().RunAsync().GetAwaiter().GetResult();
        }
    }

    internal sealed partial class Flow
    {
        private readonly string url = Need("SDK_TEST_URL");
        private readonly string adminKey = Need("SDK_TEST_ADMIN_KEY");
        private readonly string serverKey = Need("SDK_TEST_SERVER_KEY");
        private readonly string webhookSecret = Need("SDK_TEST_WEBHOOK_SECRET");
        private readonly string run = Guid.NewGuid().ToString("N").Substring(0, 6);

        /// <summary>Fast reconnects, so that a cut costs the test little time.</summary>
        private static readonly TimeSpan RetryDelay = TimeSpan.FromMilliseconds(50);

        private static readonly TimeSpan MaxDelay = TimeSpan.FromMilliseconds(400);

        private static string Need(string name)
        {
            var value = Environment.GetEnvironmentVariable(name);
            if (string.IsNullOrEmpty(value)) throw new InvalidOperationException(name + " is not set: run sdks/csharp/test.sh");
            return value;
        }

        private string Player(int number)
        {
            return "p" + number + "-" + run;
        }

        private static TicketRequest Ticket(string queueId, params string[] playerIds)
        {
            return new TicketRequest
            {
                QueueId = queueId,
                Players = playerIds.Select(id => new TicketRequestPlayer { PlayerId = id }).ToList(),
            };
        }

        public async Task<int> RunAsync()
        {
            var steps = Steps();
            var passed = 0;
            var failed = 0;
            var clock = Stopwatch.StartNew();
            try
            {
                await SetUpAsync();
                foreach (var step in steps)
                {
                    var started = clock.ElapsedMilliseconds;
                    try
                    {
                        await Check.Within(Done(step.Value()), step.Key, 30000);
                        passed++;
                        Console.WriteLine("ok " + (passed + failed) + " - " + step.Key + " (" + (clock.ElapsedMilliseconds - started) + " ms)");
                    }
                    catch (Exception error)
                    {
                        failed++;
                        Console.WriteLine("not ok " + (passed + failed) + " - " + step.Key);
                        Console.WriteLine("  " + error.ToString().Replace("\n", "\n  "));
                        // Later steps build on this one.
                        break;
                    }
                }
            }
            finally
            {
                TearDown();
            }
            Console.WriteLine("1.." + steps.Count);
            Console.WriteLine(passed + " passed, " + (steps.Count - passed) + " failed");
            return passed == steps.Count ? 0 : 1;
        }

        private static async Task<bool> Done(Task task)
        {
            await task;
            return true;
        }
    }
}

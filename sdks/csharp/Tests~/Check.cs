// Assertions and waits of the flow test.
using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;

namespace Matchd.Tests
{
    internal sealed class CheckFailed : Exception
    {
        public CheckFailed(string message) : base(message) { }
    }

    internal static class Check
    {
        public static void True(bool condition, string what)
        {
            if (!condition) throw new CheckFailed(what);
        }

        public static void Equal<T>(T expected, T actual, string what)
        {
            if (!Equals(expected, actual)) throw new CheckFailed(what + ": expected " + expected + ", got " + actual);
        }

        /// <summary>The MatchdApiException a call fails with; it must have this status and code.</summary>
        public static async Task<MatchdApiException> Refused(Func<Task> call, int status, string code, string what)
        {
            try
            {
                await call();
            }
            catch (MatchdApiException error)
            {
                if (error.Status != status || error.Code != code)
                    throw new CheckFailed(what + ": expected " + status + " " + code + ", got " + error.Status + " " + error.Code + " (" + error.Message + ")");
                return error;
            }
            throw new CheckFailed(what + ": the call was not refused");
        }

        /// <summary>Polls until <paramref name="find"/> gives a value (not null), or fails after the timeout.</summary>
        public static async Task<T> Eventually<T>(Func<T> find, string what, int timeoutMs = 10000) where T : class
        {
            var clock = Stopwatch.StartNew();
            while (true)
            {
                var found = find();
                if (found != null) return found;
                if (clock.ElapsedMilliseconds > timeoutMs) throw new CheckFailed("timed out waiting for " + what);
                await Task.Delay(20);
            }
        }

        public static async Task Eventually(Func<bool> condition, string what, int timeoutMs = 10000)
        {
            await Eventually(() => condition() ? "" : null, what, timeoutMs);
        }

        /// <summary>The task's result, or a failure after the timeout.</summary>
        public static async Task<T> Within<T>(Task<T> task, string what, int timeoutMs = 10000)
        {
            if (await Task.WhenAny(task, Task.Delay(timeoutMs)) != task) throw new CheckFailed("timed out waiting for " + what);
            return await task;
        }
    }
}

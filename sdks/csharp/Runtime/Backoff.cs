using System;

namespace Matchd
{
    /// <summary>
    /// The wait before another attempt of something that keeps failing (a call, a reconnect): the
    /// step doubles from a first delay up to a cap, and the wait is drawn between half the step and
    /// the step ("equal jitter", as the service's own retries), so that the many clients a restart
    /// cut off together do not come back together.
    /// </summary>
    internal static class Backoff
    {
        private static readonly Random Draws = new Random();

        /// <summary>The wait after the <paramref name="failures"/>-th failure in a row (1 for the first).</summary>
        public static TimeSpan Delay(int failures, TimeSpan first, TimeSpan cap)
        {
            var step = Math.Min(cap.TotalMilliseconds, first.TotalMilliseconds * Math.Pow(2, Math.Min(Math.Max(failures, 1) - 1, 52)));
            double draw;
            lock (Draws) draw = Draws.NextDouble();
            return TimeSpan.FromMilliseconds(step / 2 + step / 2 * draw);
        }
    }
}

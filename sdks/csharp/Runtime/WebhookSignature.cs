// Checking a matchd webhook (docs/handoff.md): the `matchd-signature` header is
// `t=<epoch ms>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under the deployment's webhook secret.
// Verify the raw body as received (before any JSON parsing), in constant time, and refuse old
// timestamps so that a captured delivery cannot be replayed later. Deduplicate on
// `matchd-idempotency-key` (also the body's `id`): a retry carries the same key.
using System;
using System.Globalization;
using System.Security.Cryptography;
using System.Text;

namespace Matchd
{
    public sealed partial class MatchdClient
    {
        /// <summary>The default oldest accepted signature: 5 minutes either side of now.</summary>
        public static readonly TimeSpan DefaultWebhookTolerance = TimeSpan.FromMinutes(5);

        /// <summary>
        /// True when <paramref name="header"/> (the <c>matchd-signature</c> header) signs
        /// <paramref name="body"/> (the raw body, as received) under <paramref name="secret"/>,
        /// within <paramref name="tolerance"/> of <paramref name="now"/> (default: the clock).
        /// </summary>
        public static bool VerifyWebhookSignature(
            string secret,
            string body,
            string header,
            TimeSpan? tolerance = null,
            DateTimeOffset? now = null)
        {
            if (body == null) return false;
            return VerifyWebhookSignature(secret, Encoding.UTF8.GetBytes(body), header, tolerance, now);
        }

        /// <summary>The same check on the body's bytes.</summary>
        public static bool VerifyWebhookSignature(
            string secret,
            byte[] body,
            string header,
            TimeSpan? tolerance = null,
            DateTimeOffset? now = null)
        {
            if (secret == null) throw new ArgumentNullException("secret");
            if (body == null || string.IsNullOrEmpty(header)) return false;
            string timestamp = null;
            foreach (var part in header.Split(','))
            {
                var at = part.IndexOf('=');
                if (at > 0 && part.Substring(0, at).Trim() == "t") timestamp = part.Substring(at + 1).Trim();
            }
            long signedAtMs;
            if (timestamp == null || !long.TryParse(timestamp, NumberStyles.None, CultureInfo.InvariantCulture, out signedAtMs))
                return false;
            var nowMs = (now ?? DateTimeOffset.UtcNow).ToUnixTimeMilliseconds();
            if (Math.Abs((double)nowMs - signedAtMs) > (tolerance ?? DefaultWebhookTolerance).TotalMilliseconds) return false;

            byte[] expected;
            using (var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(secret)))
            {
                var prefix = Encoding.ASCII.GetBytes(timestamp + ".");
                var signed = new byte[prefix.Length + body.Length];
                Buffer.BlockCopy(prefix, 0, signed, 0, prefix.Length);
                Buffer.BlockCopy(body, 0, signed, prefix.Length, body.Length);
                expected = hmac.ComputeHash(signed);
            }
            // Every v1 is tried: a service that rotates its secret may sign with both.
            var valid = false;
            foreach (var part in header.Split(','))
            {
                var at = part.IndexOf('=');
                if (at <= 0 || part.Substring(0, at).Trim() != "v1") continue;
                var given = Hex(part.Substring(at + 1).Trim());
                if (given != null && FixedTimeEquals(expected, given)) valid = true;
            }
            return valid;
        }

        /// <summary>The bytes of 64 lowercase hex digits, or null.</summary>
        private static byte[] Hex(string text)
        {
            if (text.Length != 64) return null;
            var bytes = new byte[32];
            for (var index = 0; index < 32; index++)
            {
                var high = HexDigit(text[2 * index]);
                var low = HexDigit(text[2 * index + 1]);
                if (high < 0 || low < 0) return null;
                bytes[index] = (byte)(high * 16 + low);
            }
            return bytes;
        }

        private static int HexDigit(char c)
        {
            if (c >= '0' && c <= '9') return c - '0';
            if (c >= 'a' && c <= 'f') return c - 'a' + 10;
            return -1;
        }

        /// <summary>Equal bytes, in a time that does not depend on where they differ.</summary>
        private static bool FixedTimeEquals(byte[] a, byte[] b)
        {
            if (a.Length != b.Length) return false;
            var difference = 0;
            for (var index = 0; index < a.Length; index++) difference |= a[index] ^ b[index];
            return difference == 0;
        }
    }
}

// JSON numbers to and from doubles, correctly rounded on every runtime. Mono's double.Parse (Unity's
// too) rounds some numbers wrong (6.4e-323 reads as 6e-323, a double off), so the text is read here:
// exactly in double arithmetic when that is exact (Clinger's fast path), else with big integers.
using System;
using System.Globalization;
using System.Numerics;
using System.Text;

namespace Matchd
{
    internal static class JsonNumbers
    {
        /// <summary>The powers of ten a double holds exactly.</summary>
        private static readonly double[] ExactPowers =
        {
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
        };

        private static readonly BigInteger Two52 = BigInteger.One << 52;
        private static readonly BigInteger Two53 = BigInteger.One << 53;

        /// <summary>
        /// The double nearest to a JSON number's text (already checked against JSON's grammar),
        /// ties to even; false when it is past a double's range.
        /// </summary>
        public static bool TryParse(string text, out double value)
        {
            var at = 0;
            var negative = text[0] == '-';
            if (negative) at++;
            var digits = new StringBuilder();
            var exponent = 0L;
            var fraction = false;
            for (; at < text.Length; at++)
            {
                var c = text[at];
                if (c == '.')
                {
                    fraction = true;
                    continue;
                }
                if (c == 'e' || c == 'E') break;
                // Leading zeros say nothing; each digit after the point lowers the exponent.
                if (digits.Length > 0 || c != '0') digits.Append(c);
                if (fraction) exponent--;
            }
            if (at < text.Length)
            {
                at++;
                var sign = 1;
                if (text[at] == '+' || text[at] == '-')
                {
                    if (text[at] == '-') sign = -1;
                    at++;
                }
                var written = 0L;
                // Clamped: any exponent past a few thousand is as good as infinite here.
                for (; at < text.Length; at++) written = Math.Min(written * 10 + (text[at] - '0'), 1000000);
                exponent += sign * written;
            }
            var significant = digits.ToString().TrimEnd('0');
            exponent += digits.Length - significant.Length;
            value = negative ? -0.0 : 0.0;
            if (significant.Length == 0) return true;
            // Below half the least double it is zero; at or past 10^309 it is beyond the greatest.
            if (significant.Length + exponent < -324) return true;
            if (significant.Length + exponent > 309) return false;
            double magnitude;
            if (significant.Length <= 15 && exponent >= -22 && exponent <= 22)
            {
                // Both the digits and the power of ten are exact doubles: one rounding, the right one.
                var whole = (double)long.Parse(significant, CultureInfo.InvariantCulture);
                magnitude = exponent >= 0 ? whole * ExactPowers[exponent] : whole / ExactPowers[-exponent];
            }
            else
            {
                var numerator = BigInteger.Parse(significant, CultureInfo.InvariantCulture);
                var denominator = BigInteger.One;
                if (exponent >= 0) numerator *= BigInteger.Pow(10, (int)exponent);
                else denominator = BigInteger.Pow(10, (int)-exponent);
                if (!TryRatio(numerator, denominator, out magnitude)) return false;
            }
            value = negative ? -magnitude : magnitude;
            return true;
        }

        /// <summary>The double nearest to numerator / denominator (both positive), ties to even.</summary>
        private static bool TryRatio(BigInteger numerator, BigInteger denominator, out double value)
        {
            // value = quotient * 2^shift, the quotient of 53 bits (fewer below the normal range).
            var shift = (int)Math.Floor(BigInteger.Log(numerator, 2) - BigInteger.Log(denominator, 2)) - 52;
            BigInteger quotient;
            BigInteger remainder;
            BigInteger divisor;
            while (true)
            {
                if (shift < -1074) shift = -1074;
                var scaled = shift < 0 ? numerator << -shift : numerator;
                divisor = shift > 0 ? denominator << shift : denominator;
                quotient = BigInteger.DivRem(scaled, divisor, out remainder);
                if (quotient >= Two53)
                {
                    shift++;
                    continue;
                }
                if (quotient < Two52 && shift > -1074)
                {
                    shift--;
                    continue;
                }
                break;
            }
            var twice = remainder * 2;
            if (twice > divisor || (twice == divisor && !quotient.IsEven)) quotient++;
            if (quotient == Two53)
            {
                quotient = Two52;
                shift++;
            }
            value = 0;
            if (shift > 971) return false;
            var mantissa = (long)quotient;
            // A normal double keeps its leading bit implicit; a subnormal one (shift -1074) has none.
            var bits = mantissa >= (1L << 52) ? ((long)(shift + 1075) << 52) | (mantissa - (1L << 52)) : mantissa;
            value = BitConverter.Int64BitsToDouble(bits);
            return true;
        }

        /// <summary>A short text that reads back (correctly rounded) as the same double.</summary>
        public static string Format(double value)
        {
            if (value == 0) return "0";
            var shortest = value.ToString("R", CultureInfo.InvariantCulture);
            double back;
            // "R" is not the shortest on every runtime, nor always exact; 17 digits always are.
            if (!TryParse(shortest, out back) || back != value) shortest = value.ToString("G17", CultureInfo.InvariantCulture);
            return shortest;
        }
    }
}

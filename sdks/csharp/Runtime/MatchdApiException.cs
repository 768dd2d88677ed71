using System;

namespace Matchd
{
    /// <summary>
    /// Every failure of a call: the service's answer (its HTTP status and stable error code, message
    /// and details), or the SDK's own when there was no usable answer (<see cref="Status"/> 0 and a
    /// code of <see cref="MatchdErrorCodes"/> starting <c>MM_SDK_</c>). Cancelling a call through its
    /// CancellationToken throws OperationCanceledException, as everywhere in .NET.
    /// </summary>
    public class MatchdApiException : Exception
    {
        public MatchdApiException(int status, string code, string message, JsonValue details = null, Exception inner = null)
            : base(message, inner)
        {
            Status = status;
            Code = code;
            Details = details as JsonObject ?? new JsonObject();
        }

        /// <summary>The HTTP status; 0 when no answer came (network, stream, timeout).</summary>
        public int Status { get; }

        /// <summary>The stable error code (<c>MM_ERR_*</c> from the service, <c>MM_SDK_*</c> from the SDK).</summary>
        public string Code { get; }

        /// <summary>Where and why: the refused field's <c>path</c>, ids, limits.</summary>
        public JsonObject Details { get; }

        /// <summary>The exception of an answer: its error body, or <c>HTTP_&lt;status&gt;</c> without one.</summary>
        internal static MatchdApiException FromAnswer(int status, JsonValue body, string fallback)
        {
            var error = body == null ? null : body["error"];
            var code = error == null ? null : error["code"];
            if (code != null && code.Kind == JsonKind.String)
            {
                var message = error["message"];
                return new MatchdApiException(
                    status,
                    code.AsString(),
                    message != null && message.Kind == JsonKind.String ? message.AsString() : fallback,
                    error["details"]);
            }
            return new MatchdApiException(status, "HTTP_" + status, fallback);
        }
    }

    public static partial class MatchdErrorCodes
    {
        /// <summary>No answer: the connection failed or was cut, or the call timed out, after every retry.</summary>
        public const string SdkNetwork = "MM_SDK_NETWORK";

        /// <summary>An answer that is not what the API describes (not JSON, or JSON of another shape).</summary>
        public const string SdkInvalidResponse = "MM_SDK_INVALID_RESPONSE";

        /// <summary>WaitForMatchAsync: the ticket ended without a match (expired or cancelled).</summary>
        public const string SdkTicketEnded = "MM_SDK_TICKET_ENDED";

        /// <summary>WaitForMatchAsync: no match within the time given.</summary>
        public const string SdkTimeout = "MM_SDK_TIMEOUT";

        /// <summary>A stream could not be re-established within its retries.</summary>
        public const string SdkStreamLost = "MM_SDK_STREAM_LOST";
    }
}

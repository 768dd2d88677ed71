// A studio's webhook endpoint: an HttpListener that keeps each delivery's raw body and headers,
// and answers 204 when MatchdClient.VerifyWebhookSignature accepts it (401 otherwise), as the
// documentation tells a studio to.
using System;
using System.Collections.Generic;
using System.IO;
using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Threading.Tasks;

namespace Matchd.Tests
{
    internal sealed class Delivery
    {
        public byte[] Body;
        public string Signature;
        public string IdempotencyKey;
        public string EventType;
        public bool Accepted;

        public JsonValue Json
        {
            get { return JsonValue.Parse(Encoding.UTF8.GetString(Body)); }
        }
    }

    internal sealed class WebhookReceiver : IDisposable
    {
        private readonly HttpListener listener = new HttpListener();
        private readonly List<Delivery> deliveries = new List<Delivery>();
        private readonly string secret;

        public WebhookReceiver(string secret)
        {
            this.secret = secret;
            var probe = new TcpListener(IPAddress.Loopback, 0);
            probe.Start();
            var port = ((IPEndPoint)probe.LocalEndpoint).Port;
            probe.Stop();
            Url = "http://127.0.0.1:" + port + "/hooks/";
            listener.Prefixes.Add(Url);
            listener.Start();
            Task.Run(Loop);
        }

        public string Url { get; }

        public List<Delivery> Deliveries
        {
            get
            {
                lock (deliveries) return new List<Delivery>(deliveries);
            }
        }

        private async Task Loop()
        {
            while (listener.IsListening)
            {
                HttpListenerContext context;
                try
                {
                    context = await listener.GetContextAsync().ConfigureAwait(false);
                }
                catch (Exception)
                {
                    return;
                }
                var body = new MemoryStream();
                await context.Request.InputStream.CopyToAsync(body).ConfigureAwait(false);
                var delivery = new Delivery
                {
                    Body = body.ToArray(),
                    Signature = context.Request.Headers["matchd-signature"],
                    IdempotencyKey = context.Request.Headers["matchd-idempotency-key"],
                    EventType = context.Request.Headers["matchd-event-type"],
                };
                delivery.Accepted = MatchdClient.VerifyWebhookSignature(secret, delivery.Body, delivery.Signature);
                lock (deliveries) deliveries.Add(delivery);
                context.Response.StatusCode = delivery.Accepted ? 204 : 401;
                context.Response.Close();
            }
        }

        public void Dispose()
        {
            listener.Close();
        }
    }
}

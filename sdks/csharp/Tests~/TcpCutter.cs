// A TCP proxy in front of the service that cuts connections for real: Cut() resets every live
// connection (both sides), and while it holds, new connections are reset as they arrive, so a
// client's reconnects fail until Release(). DropNext(n) resets the next n connections only.
using System;
using System.Collections.Generic;
using System.Net;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;

namespace Matchd.Tests
{
    internal sealed class TcpCutter : IDisposable
    {
        private readonly TcpListener listener;
        private readonly string targetHost;
        private readonly int targetPort;
        private readonly List<TcpClient> live = new List<TcpClient>();
        private readonly object gate = new object();
        private bool holding;
        private int dropNext;
        private bool disposed;

        public TcpCutter(Uri target)
        {
            targetHost = target.Host;
            targetPort = target.Port;
            listener = new TcpListener(IPAddress.Loopback, 0);
            listener.Start();
            Task.Run(AcceptLoop);
        }

        /// <summary>http://127.0.0.1:port of the proxy.</summary>
        public string Url
        {
            get { return "http://127.0.0.1:" + ((IPEndPoint)listener.LocalEndpoint).Port; }
        }

        /// <summary>Connections forwarded to the service.</summary>
        public int Forwarded { get; private set; }

        /// <summary>Connections reset on arrival (held or dropped).</summary>
        public int Refused { get; private set; }

        /// <summary>Resets every live connection; with hold, new ones too until Release.</summary>
        public void Cut(bool hold)
        {
            lock (gate)
            {
                holding = hold;
                foreach (var client in live) Reset(client);
                live.Clear();
            }
        }

        public void Release()
        {
            lock (gate) holding = false;
        }

        public void DropNext(int count)
        {
            lock (gate) dropNext = count;
        }

        private static void Reset(TcpClient client)
        {
            try
            {
                client.Client.LingerState = new LingerOption(true, 0);
                client.Close();
            }
            catch (Exception)
            {
                // Already gone.
            }
        }

        private async Task AcceptLoop()
        {
            while (!disposed)
            {
                TcpClient inbound;
                try
                {
                    inbound = await listener.AcceptTcpClientAsync().ConfigureAwait(false);
                }
                catch (Exception)
                {
                    return;
                }
                lock (gate)
                {
                    if (holding || dropNext > 0)
                    {
                        if (dropNext > 0) dropNext--;
                        Refused++;
                        Reset(inbound);
                        continue;
                    }
                }
                _ = Forward(inbound);
            }
        }

        private async Task Forward(TcpClient inbound)
        {
            var outbound = new TcpClient();
            try
            {
                await outbound.ConnectAsync(targetHost, targetPort).ConfigureAwait(false);
            }
            catch (Exception)
            {
                Reset(inbound);
                return;
            }
            lock (gate)
            {
                Forwarded++;
                live.Add(inbound);
                live.Add(outbound);
            }
            var up = Pump(inbound, outbound);
            var down = Pump(outbound, inbound);
            await Task.WhenAny(up, down).ConfigureAwait(false);
            lock (gate)
            {
                live.Remove(inbound);
                live.Remove(outbound);
            }
            Reset(inbound);
            Reset(outbound);
        }

        private static async Task Pump(TcpClient from, TcpClient to)
        {
            var buffer = new byte[16 * 1024];
            try
            {
                var source = from.GetStream();
                var sink = to.GetStream();
                while (true)
                {
                    var read = await source.ReadAsync(buffer, 0, buffer.Length).ConfigureAwait(false);
                    if (read == 0) return;
                    await sink.WriteAsync(buffer, 0, read).ConfigureAwait(false);
                }
            }
            catch (Exception)
            {
                // Cut or closed.
            }
        }

        public void Dispose()
        {
            disposed = true;
            listener.Stop();
            Cut(false);
        }
    }
}

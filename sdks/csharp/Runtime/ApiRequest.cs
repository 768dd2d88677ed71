using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Matchd
{
    /// <summary>One call as the generated methods describe it: method, path, query, headers, body.</summary>
    internal sealed class ApiRequest
    {
        private readonly Dictionary<string, string> pathValues = new Dictionary<string, string>(StringComparer.Ordinal);
        private readonly List<KeyValuePair<string, string>> query = new List<KeyValuePair<string, string>>();
        private readonly List<KeyValuePair<string, string>> headers = new List<KeyValuePair<string, string>>();

        public ApiRequest(string method, string pathTemplate)
        {
            Method = method;
            PathTemplate = pathTemplate;
        }

        public string Method { get; }

        public string PathTemplate { get; }

        public JsonValue Body { get; set; }

        /// <summary>Sent once, without retries.</summary>
        public bool Once { get; set; }

        public IEnumerable<KeyValuePair<string, string>> Headers
        {
            get { return headers; }
        }

        public void SetPath(string name, string value)
        {
            if (string.IsNullOrEmpty(value)) throw new ArgumentException("a path parameter may not be empty", name);
            pathValues[name] = value;
        }

        /// <summary>A query parameter; a null value is left out.</summary>
        public void SetQuery(string name, object value)
        {
            if (value == null) return;
            string text;
            if (value is bool) text = (bool)value ? "true" : "false";
            else if (value is IFormattable) text = ((IFormattable)value).ToString(null, CultureInfo.InvariantCulture);
            else text = value.ToString();
            query.Add(new KeyValuePair<string, string>(name, text));
        }

        /// <summary>A header; a null value is left out.</summary>
        public void SetHeader(string name, string value)
        {
            if (value != null) headers.Add(new KeyValuePair<string, string>(name, value));
        }

        public bool HasHeader(string name)
        {
            foreach (var header in headers)
                if (string.Equals(header.Key, name, StringComparison.OrdinalIgnoreCase)) return true;
            return false;
        }

        /// <summary>The path with its parameters, each encoded as one segment, and the query.</summary>
        public string RelativeUri()
        {
            var builder = new StringBuilder();
            var at = 0;
            while (at < PathTemplate.Length)
            {
                var open = PathTemplate.IndexOf('{', at);
                if (open < 0)
                {
                    builder.Append(PathTemplate, at, PathTemplate.Length - at);
                    break;
                }
                var close = PathTemplate.IndexOf('}', open);
                builder.Append(PathTemplate, at, open - at);
                var name = PathTemplate.Substring(open + 1, close - open - 1);
                string value;
                if (!pathValues.TryGetValue(name, out value)) throw new ArgumentException("missing path parameter " + name);
                builder.Append(Uri.EscapeDataString(value));
                at = close + 1;
            }
            for (var index = 0; index < query.Count; index++)
            {
                builder.Append(index == 0 ? '?' : '&');
                builder.Append(Uri.EscapeDataString(query[index].Key)).Append('=').Append(Uri.EscapeDataString(query[index].Value));
            }
            return builder.ToString();
        }
    }
}

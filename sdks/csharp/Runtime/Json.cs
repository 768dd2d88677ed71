// The SDK's own JSON: a value tree, a strict parser and a compact writer. Its own, so that the SDK
// needs no third-party assembly (Unity projects often pin their own Newtonsoft.Json, or none).
// Numbers are doubles, as in the service (JavaScript): integers up to 2^53 are exact.
using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Matchd
{
    /// <summary>The kind of a <see cref="JsonValue"/>.</summary>
    public enum JsonKind
    {
        Null,
        Boolean,
        Number,
        String,
        Array,
        Object,
    }

    /// <summary>Text that is not JSON, or a value of another kind than the one asked for.</summary>
    public sealed class JsonException : FormatException
    {
        public JsonException(string message) : base(message) { }
    }

    /// <summary>
    /// A JSON value. Strings, numbers and booleans convert to it implicitly, so objects are written
    /// as <c>new JsonObject { { "kind", "team-balance" }, { "weight", 1 } }</c>.
    /// </summary>
    public class JsonValue : IEquatable<JsonValue>
    {
        /// <summary>JSON <c>null</c>.</summary>
        public static readonly JsonValue Null = new JsonValue(JsonKind.Null);

        private static readonly JsonValue True = new JsonValue(JsonKind.Boolean) { boolean = true };
        private static readonly JsonValue False = new JsonValue(JsonKind.Boolean) { boolean = false };

        private bool boolean;
        private double number;
        private string text;

        protected JsonValue(JsonKind kind)
        {
            Kind = kind;
        }

        public JsonKind Kind { get; }

        public bool IsNull
        {
            get { return Kind == JsonKind.Null; }
        }

        public static JsonValue From(bool value)
        {
            return value ? True : False;
        }

        /// <summary>A number; NaN and infinities have no JSON form and are refused.</summary>
        public static JsonValue From(double value)
        {
            if (double.IsNaN(value) || double.IsInfinity(value))
                throw new ArgumentOutOfRangeException("value", "JSON has no NaN or infinite numbers");
            return new JsonValue(JsonKind.Number) { number = value };
        }

        /// <summary>A string, or JSON null for a null reference.</summary>
        public static JsonValue From(string value)
        {
            return value == null ? Null : new JsonValue(JsonKind.String) { text = value };
        }

        public static implicit operator JsonValue(string value)
        {
            return From(value);
        }

        public static implicit operator JsonValue(double value)
        {
            return From(value);
        }

        public static implicit operator JsonValue(long value)
        {
            return From((double)value);
        }

        public static implicit operator JsonValue(int value)
        {
            return From((double)value);
        }

        public static implicit operator JsonValue(bool value)
        {
            return From(value);
        }

        public bool AsBoolean()
        {
            Expect(JsonKind.Boolean);
            return boolean;
        }

        public double AsNumber()
        {
            Expect(JsonKind.Number);
            return number;
        }

        /// <summary>The number as an integer; a fraction or a number beyond <c>long</c> is refused.</summary>
        public long AsInteger()
        {
            Expect(JsonKind.Number);
            if (number != Math.Floor(number) || number < -9.2233720368547758E18 || number >= 9.2233720368547758E18)
                throw new JsonException("expected an integer, got " + ToString());
            return (long)number;
        }

        public string AsString()
        {
            Expect(JsonKind.String);
            return text;
        }

        public JsonArray AsArray()
        {
            Expect(JsonKind.Array);
            return (JsonArray)this;
        }

        public JsonObject AsObject()
        {
            Expect(JsonKind.Object);
            return (JsonObject)this;
        }

        /// <summary>A member of an object (null when absent, or when this is not an object).</summary>
        public JsonValue this[string key]
        {
            get
            {
                var asObject = this as JsonObject;
                JsonValue value;
                return asObject != null && asObject.TryGetValue(key, out value) ? value : null;
            }
        }

        private void Expect(JsonKind kind)
        {
            if (Kind != kind)
                throw new JsonException("expected a JSON " + kind.ToString().ToLowerInvariant() + ", got " + Describe());
        }

        private string Describe()
        {
            var written = ToString();
            return written.Length > 80 ? written.Substring(0, 80) + "…" : written;
        }

        /// <summary>Parses JSON text (RFC 8259; nesting up to 512 levels).</summary>
        public static JsonValue Parse(string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            return new JsonParser(text).ParseDocument();
        }

        /// <summary>The compact JSON text of the value.</summary>
        public override string ToString()
        {
            var builder = new StringBuilder();
            Write(builder);
            return builder.ToString();
        }

        internal virtual void Write(StringBuilder builder)
        {
            switch (Kind)
            {
                case JsonKind.Null:
                    builder.Append("null");
                    break;
                case JsonKind.Boolean:
                    builder.Append(boolean ? "true" : "false");
                    break;
                case JsonKind.Number:
                    builder.Append(JsonNumbers.Format(number));
                    break;
                default:
                    WriteString(builder, text);
                    break;
            }
        }

        internal static void WriteString(StringBuilder builder, string value)
        {
            builder.Append('"');
            for (var index = 0; index < value.Length; index++)
            {
                var c = value[index];
                switch (c)
                {
                    case '"':
                        builder.Append("\\\"");
                        break;
                    case '\\':
                        builder.Append("\\\\");
                        break;
                    case '\n':
                        builder.Append("\\n");
                        break;
                    case '\r':
                        builder.Append("\\r");
                        break;
                    case '\t':
                        builder.Append("\\t");
                        break;
                    case '\b':
                        builder.Append("\\b");
                        break;
                    case '\f':
                        builder.Append("\\f");
                        break;
                    default:
                        var paired = char.IsHighSurrogate(c)
                            ? index + 1 < value.Length && char.IsLowSurrogate(value[index + 1])
                            : char.IsLowSurrogate(c)
                                ? index > 0 && char.IsHighSurrogate(value[index - 1])
                                : true;
                        // Control characters and lone surrogates are escaped, so the text is valid UTF-8.
                        if (c < ' ' || !paired)
                            builder.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                        else
                            builder.Append(c);
                        break;
                }
            }
            builder.Append('"');
        }

        /// <summary>Deep equality: same kind, same numbers, same members (in any order).</summary>
        public bool Equals(JsonValue other)
        {
            if (ReferenceEquals(this, other)) return true;
            if (ReferenceEquals(other, null) || other.Kind != Kind) return false;
            switch (Kind)
            {
                case JsonKind.Null:
                    return true;
                case JsonKind.Boolean:
                    return boolean == other.boolean;
                case JsonKind.Number:
                    return number == other.number;
                case JsonKind.String:
                    return text == other.text;
                default:
                    return ContentEquals(other);
            }
        }

        protected virtual bool ContentEquals(JsonValue other)
        {
            return false;
        }

        public override bool Equals(object obj)
        {
            return Equals(obj as JsonValue);
        }

        public override int GetHashCode()
        {
            switch (Kind)
            {
                case JsonKind.Boolean:
                    return boolean ? 1 : 2;
                case JsonKind.Number:
                    return number.GetHashCode();
                case JsonKind.String:
                    return text.GetHashCode();
                default:
                    return (int)Kind;
            }
        }
    }

    /// <summary>A JSON array.</summary>
    public sealed class JsonArray : JsonValue, IEnumerable<JsonValue>
    {
        private readonly List<JsonValue> items = new List<JsonValue>();

        public JsonArray() : base(JsonKind.Array) { }

        public JsonArray(IEnumerable<JsonValue> values) : this()
        {
            foreach (var value in values) Add(value);
        }

        public int Count
        {
            get { return items.Count; }
        }

        public JsonValue this[int index]
        {
            get { return items[index]; }
            set { items[index] = value ?? Null; }
        }

        /// <summary>Appends a value (a null reference is JSON null).</summary>
        public void Add(JsonValue value)
        {
            items.Add(value ?? Null);
        }

        public IEnumerator<JsonValue> GetEnumerator()
        {
            return items.GetEnumerator();
        }

        IEnumerator IEnumerable.GetEnumerator()
        {
            return GetEnumerator();
        }

        internal override void Write(StringBuilder builder)
        {
            builder.Append('[');
            for (var index = 0; index < items.Count; index++)
            {
                if (index > 0) builder.Append(',');
                items[index].Write(builder);
            }
            builder.Append(']');
        }

        protected override bool ContentEquals(JsonValue other)
        {
            var array = (JsonArray)other;
            if (array.items.Count != items.Count) return false;
            for (var index = 0; index < items.Count; index++)
                if (!items[index].Equals(array.items[index])) return false;
            return true;
        }
    }

    /// <summary>A JSON object; members keep the order they were added in.</summary>
    public sealed class JsonObject : JsonValue, IEnumerable<KeyValuePair<string, JsonValue>>
    {
        private readonly List<KeyValuePair<string, JsonValue>> members = new List<KeyValuePair<string, JsonValue>>();
        private readonly Dictionary<string, int> positions = new Dictionary<string, int>(StringComparer.Ordinal);

        public JsonObject() : base(JsonKind.Object) { }

        public int Count
        {
            get { return members.Count; }
        }

        public IEnumerable<string> Keys
        {
            get
            {
                foreach (var member in members) yield return member.Key;
            }
        }

        /// <summary>Gets a member (null when absent) or sets one (replacing it in place).</summary>
        public new JsonValue this[string key]
        {
            get
            {
                JsonValue value;
                return TryGetValue(key, out value) ? value : null;
            }
            set { Add(key, value); }
        }

        /// <summary>Adds or replaces a member (a null reference is JSON null).</summary>
        public void Add(string key, JsonValue value)
        {
            if (key == null) throw new ArgumentNullException("key");
            var member = new KeyValuePair<string, JsonValue>(key, value ?? Null);
            int position;
            if (positions.TryGetValue(key, out position))
            {
                members[position] = member;
                return;
            }
            positions[key] = members.Count;
            members.Add(member);
        }

        public bool ContainsKey(string key)
        {
            return positions.ContainsKey(key);
        }

        public bool TryGetValue(string key, out JsonValue value)
        {
            int position;
            if (key != null && positions.TryGetValue(key, out position))
            {
                value = members[position].Value;
                return true;
            }
            value = null;
            return false;
        }

        public bool Remove(string key)
        {
            int position;
            if (key == null || !positions.TryGetValue(key, out position)) return false;
            members.RemoveAt(position);
            positions.Remove(key);
            for (var index = position; index < members.Count; index++) positions[members[index].Key] = index;
            return true;
        }

        public IEnumerator<KeyValuePair<string, JsonValue>> GetEnumerator()
        {
            return members.GetEnumerator();
        }

        IEnumerator IEnumerable.GetEnumerator()
        {
            return GetEnumerator();
        }

        internal override void Write(StringBuilder builder)
        {
            builder.Append('{');
            for (var index = 0; index < members.Count; index++)
            {
                if (index > 0) builder.Append(',');
                WriteString(builder, members[index].Key);
                builder.Append(':');
                members[index].Value.Write(builder);
            }
            builder.Append('}');
        }

        protected override bool ContentEquals(JsonValue other)
        {
            var asObject = (JsonObject)other;
            if (asObject.members.Count != members.Count) return false;
            foreach (var member in members)
            {
                JsonValue theirs;
                if (!asObject.TryGetValue(member.Key, out theirs) || !member.Value.Equals(theirs)) return false;
            }
            return true;
        }
    }

    /// <summary>A strict recursive-descent parser of one JSON document.</summary>
    internal sealed class JsonParser
    {
        private const int MaxDepth = 512;
        private readonly string text;
        private int position;
        private int depth;

        internal JsonParser(string text)
        {
            this.text = text;
        }

        internal JsonValue ParseDocument()
        {
            var value = ParseValue();
            SkipWhitespace();
            if (position != text.Length) throw Error("unexpected text after the value");
            return value;
        }

        private JsonException Error(string message)
        {
            return new JsonException("invalid JSON at offset " + position + ": " + message);
        }

        private void SkipWhitespace()
        {
            while (position < text.Length)
            {
                var c = text[position];
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return;
                position++;
            }
        }

        private JsonValue ParseValue()
        {
            SkipWhitespace();
            if (position >= text.Length) throw Error("unexpected end");
            var c = text[position];
            switch (c)
            {
                case '{':
                    return ParseObject();
                case '[':
                    return ParseArray();
                case '"':
                    return JsonValue.From(ParseString());
                case 't':
                    ExpectWord("true");
                    return JsonValue.From(true);
                case 'f':
                    ExpectWord("false");
                    return JsonValue.From(false);
                case 'n':
                    ExpectWord("null");
                    return JsonValue.Null;
                default:
                    if (c == '-' || (c >= '0' && c <= '9')) return ParseNumber();
                    throw Error("unexpected character '" + c + "'");
            }
        }

        private void ExpectWord(string word)
        {
            if (string.CompareOrdinal(text, position, word, 0, word.Length) != 0) throw Error("expected " + word);
            position += word.Length;
        }

        private void Enter()
        {
            if (++depth > MaxDepth) throw Error("nested deeper than " + MaxDepth + " levels");
            position++;
        }

        private JsonObject ParseObject()
        {
            Enter();
            var result = new JsonObject();
            SkipWhitespace();
            if (position < text.Length && text[position] == '}')
            {
                position++;
                depth--;
                return result;
            }
            while (true)
            {
                SkipWhitespace();
                if (position >= text.Length || text[position] != '"') throw Error("expected a member name");
                var key = ParseString();
                SkipWhitespace();
                if (position >= text.Length || text[position] != ':') throw Error("expected ':'");
                position++;
                result.Add(key, ParseValue());
                SkipWhitespace();
                if (position >= text.Length) throw Error("unexpected end in an object");
                var c = text[position++];
                if (c == '}') break;
                if (c != ',') throw Error("expected ',' or '}'");
            }
            depth--;
            return result;
        }

        private JsonArray ParseArray()
        {
            Enter();
            var result = new JsonArray();
            SkipWhitespace();
            if (position < text.Length && text[position] == ']')
            {
                position++;
                depth--;
                return result;
            }
            while (true)
            {
                result.Add(ParseValue());
                SkipWhitespace();
                if (position >= text.Length) throw Error("unexpected end in an array");
                var c = text[position++];
                if (c == ']') break;
                if (c != ',') throw Error("expected ',' or ']'");
            }
            depth--;
            return result;
        }

        private string ParseString()
        {
            position++;
            var builder = new StringBuilder();
            while (true)
            {
                if (position >= text.Length) throw Error("unterminated string");
                var c = text[position++];
                if (c == '"') return builder.ToString();
                if (c < ' ') throw Error("control character in a string");
                if (c != '\\')
                {
                    builder.Append(c);
                    continue;
                }
                if (position >= text.Length) throw Error("unterminated escape");
                var escape = text[position++];
                switch (escape)
                {
                    case '"':
                    case '\\':
                    case '/':
                        builder.Append(escape);
                        break;
                    case 'b':
                        builder.Append('\b');
                        break;
                    case 'f':
                        builder.Append('\f');
                        break;
                    case 'n':
                        builder.Append('\n');
                        break;
                    case 'r':
                        builder.Append('\r');
                        break;
                    case 't':
                        builder.Append('\t');
                        break;
                    case 'u':
                        if (position + 4 > text.Length) throw Error("short \\u escape");
                        int code;
                        if (!int.TryParse(text.Substring(position, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out code))
                            throw Error("bad \\u escape");
                        builder.Append((char)code);
                        position += 4;
                        break;
                    default:
                        throw Error("bad escape \\" + escape);
                }
            }
        }

        private JsonValue ParseNumber()
        {
            var start = position;
            if (text[position] == '-') position++;
            if (position < text.Length && text[position] == '0') position++;
            else if (!Digits()) throw Error("expected a digit");
            if (position < text.Length && text[position] == '.')
            {
                position++;
                if (!Digits()) throw Error("expected a digit after '.'");
            }
            if (position < text.Length && (text[position] == 'e' || text[position] == 'E'))
            {
                position++;
                if (position < text.Length && (text[position] == '+' || text[position] == '-')) position++;
                if (!Digits()) throw Error("expected an exponent");
            }
            double value;
            if (!JsonNumbers.TryParse(text.Substring(start, position - start), out value)) throw Error("number out of a double's range");
            return JsonValue.From(value);
        }

        private bool Digits()
        {
            var start = position;
            while (position < text.Length && text[position] >= '0' && text[position] <= '9') position++;
            return position > start;
        }
    }
}

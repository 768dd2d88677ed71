// What the generated classes call to read and write their members. Reading is lenient about what
// is absent (a missing member is null, or the type's default when the schema requires it) and
// strict about what is there: a member of another JSON kind than its schema's is a JsonException.
using System;
using System.Collections.Generic;

namespace Matchd
{
    internal static class JsonMapping
    {
        private static bool Absent(JsonValue value)
        {
            return value == null || value.IsNull;
        }

        public static string ReadString(JsonValue value)
        {
            return Absent(value) ? null : value.AsString();
        }

        public static double ReadNumber(JsonValue value)
        {
            return Absent(value) ? 0 : value.AsNumber();
        }

        public static double? ReadOptionalNumber(JsonValue value)
        {
            return Absent(value) ? (double?)null : value.AsNumber();
        }

        public static long ReadLong(JsonValue value)
        {
            return Absent(value) ? 0 : value.AsInteger();
        }

        public static long? ReadOptionalLong(JsonValue value)
        {
            return Absent(value) ? (long?)null : value.AsInteger();
        }

        public static int ReadInt(JsonValue value)
        {
            return Absent(value) ? 0 : checked((int)value.AsInteger());
        }

        public static int? ReadOptionalInt(JsonValue value)
        {
            return Absent(value) ? (int?)null : checked((int)value.AsInteger());
        }

        public static bool ReadBoolean(JsonValue value)
        {
            return !Absent(value) && value.AsBoolean();
        }

        public static bool? ReadOptionalBoolean(JsonValue value)
        {
            return Absent(value) ? (bool?)null : value.AsBoolean();
        }

        /// <summary>Any JSON as it is (null when absent; JSON null stays JSON null).</summary>
        public static JsonValue ReadAny(JsonValue value)
        {
            return value;
        }

        public static List<T> ReadList<T>(JsonValue value, Func<JsonValue, T> read)
        {
            if (Absent(value)) return null;
            var list = new List<T>();
            foreach (var item in value.AsArray()) list.Add(read(item));
            return list;
        }

        public static Dictionary<string, T> ReadMap<T>(JsonValue value, Func<JsonValue, T> read)
        {
            if (Absent(value)) return null;
            var map = new Dictionary<string, T>(StringComparer.Ordinal);
            foreach (var member in value.AsObject()) map[member.Key] = read(member.Value);
            return map;
        }

        public static JsonValue WriteList<T>(List<T> list, Func<T, JsonValue> write)
        {
            var array = new JsonArray();
            foreach (var item in list) array.Add(write(item));
            return array;
        }

        public static JsonValue WriteMap<T>(Dictionary<string, T> map, Func<T, JsonValue> write)
        {
            var json = new JsonObject();
            foreach (var member in map) json.Add(member.Key, write(member.Value));
            return json;
        }

        /// <summary>Adds a member the class does not know to its kept members.</summary>
        public static JsonObject Keep(JsonObject kept, KeyValuePair<string, JsonValue> member)
        {
            var result = kept ?? new JsonObject();
            result.Add(member.Key, member.Value);
            return result;
        }

        /// <summary>Writes the kept members back, under the known ones.</summary>
        public static void AddMissing(JsonObject json, JsonObject kept)
        {
            if (kept == null) return;
            foreach (var member in kept)
                if (!json.ContainsKey(member.Key)) json.Add(member.Key, member.Value);
        }
    }
}

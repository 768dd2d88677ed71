// The C# half of the JSON check (scripts/csharp-sdk/json-oracle.ts): reads each text of the corpus
// (base64, one a line), and answers `ok <base64 of what JsonValue writes back>` or `invalid`. The
// oracle compares the answers with JavaScript's JSON.parse.
using System;
using System.IO;
using System.Text;

namespace Matchd.Tests
{
    internal static class JsonCorpus
    {
        public static int Answer(string inFile, string outFile)
        {
            using (var output = new StreamWriter(outFile, false, new UTF8Encoding(false)))
            {
                foreach (var line in File.ReadAllLines(inFile))
                {
                    var text = Encoding.UTF8.GetString(Convert.FromBase64String(line));
                    JsonValue value;
                    try
                    {
                        value = JsonValue.Parse(text);
                    }
                    catch (JsonException)
                    {
                        output.WriteLine("invalid");
                        continue;
                    }
                    var written = value.ToString();
                    // What it writes reads back as the same value.
                    if (!JsonValue.Parse(written).Equals(value)) throw new InvalidOperationException("not read back: " + written);
                    output.WriteLine("ok " + Convert.ToBase64String(Encoding.UTF8.GetBytes(written)));
                }
            }
            return 0;
        }
    }
}

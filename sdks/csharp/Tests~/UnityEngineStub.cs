// The few UnityEngine types the sample uses, with Unity's signatures, so that the sample compiles
// and runs here as Unity would run it (the test calls Start, OnGUI and OnDestroy as Unity does).
// Only in the test folder: a Unity project has the real ones.
using System.Collections.Generic;

namespace UnityEngine
{
    public class Object
    {
    }

    public class Component : Object
    {
    }

    public class Behaviour : Component
    {
    }

    public class MonoBehaviour : Behaviour
    {
    }

    public sealed class GUILayoutOption
    {
    }

    public static class GUILayout
    {
        /// <summary>What the last frames drew, for the test to read.</summary>
        public static readonly List<string> Drawn = new List<string>();

        public static void Label(string text, params GUILayoutOption[] options)
        {
            lock (Drawn) Drawn.Add(text);
        }

        public static bool Button(string text, params GUILayoutOption[] options)
        {
            lock (Drawn) Drawn.Add("[" + text + "]");
            return false;
        }
    }

    public static class Debug
    {
        public static void Log(object message)
        {
            System.Console.WriteLine("  unity: " + message);
        }

        public static void LogError(object message)
        {
            System.Console.WriteLine("  unity error: " + message);
        }
    }
}

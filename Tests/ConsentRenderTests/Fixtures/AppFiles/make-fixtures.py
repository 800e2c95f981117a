#!/usr/bin/env python3
"""Writes the binary property lists and the .strings files of AppFileParsingTests next to this
script (python3 make-fixtures.py). Info.plist and the .xcstrings file are written by hand."""
import datetime
import os
import plistlib
import struct

here = os.path.dirname(os.path.abspath(__file__))


def write(name, data):
    with open(os.path.join(here, name), "wb") as file:
        file.write(data)


# Every value type, with strings that need UTF-16 and integers of every width.
write("all-types.bplist", plistlib.dumps({
    "ascii": "Hello",
    "unicode": "Zugriff erlauben – 日本語 😀",
    "small": 7,
    "wide": 2 ** 40,
    "negative": -42,
    "huge": 2 ** 63 + 5,
    "pi": 3.25,
    "yes": True,
    "no": False,
    "date": datetime.datetime(2024, 1, 2, 3, 4, 5),
    "bytes": b"\x00\x01\xfe",
    "list": [1, "two", []],
    "nested": {"inner": "x"},
    "uid": plistlib.UID(300),
}, fmt=plistlib.FMT_BINARY, sort_keys=True))

info = plistlib.dumps({
    "CFBundleDevelopmentRegion": "en",
    "CFBundleDisplayName": "Wetter Jetzt",
    "CFBundleIdentifier": "com.example.weather",
    "CFBundleLocalizations": ["en", "de", "ja"],
    "NSUserTrackingUsageDescription": "Ihre Daten werden verwendet, um Werbung zu personalisieren – nur mit Ihrer Zustimmung.",
    "UIRequiredDeviceCapabilities": ["arm64"],
}, fmt=plistlib.FMT_BINARY, sort_keys=True)
write("info.bplist", info)

# Cut short: the last 32 bytes read as the trailer are now objects and offsets.
write("truncated.bplist", info[:-20])

# The trailer's offset table offset (its last 8 bytes) points far past the end of the file.
write("bad-offset-table.bplist", info[:-8] + struct.pack(">Q", 0xFFFF))

# Object 0 is an array whose one element is object 0.
objects = b"\xA1\x00"
table = bytes([8])
trailer = bytes(6) + bytes([1, 1]) + struct.pack(">QQQ", 1, 0, 8 + len(objects))
write("cycle.bplist", b"bplist00" + objects + table + trailer)

strings = """/* Shown in the tracking prompt. */
"NSUserTrackingUsageDescription" = "Wir verwenden Ihre Daten für \\"personalisierte\\" Werbung.";
// A line comment
CFBundleDisplayName = Wetter;
"greeting" = "こんにちは、世界";
"escapes" = "tab\\there\\nnew line \\\\ \\U00E9 \\UD83D\\UDE00";
"""
write("Localizable-utf8.strings", strings.encode("utf-8"))
write("Localizable-utf16le.strings", b"\xff\xfe" + strings.encode("utf-16-le"))
write("Localizable-utf16be.strings", strings.encode("utf-16-be"))

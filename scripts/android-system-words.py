#!/usr/bin/env python3
"""Writes the Android permission dialogs' own words, in every language PermissionController ships,
as ConsentRender reads them (Sources/ConsentRender/Resources/AndroidSystemWords/android-NN.json).

Usage: scripts/android-system-words.py GIT_DIR COMMIT VERSION SOURCE > android-VERSION.json

GIT_DIR is a clone of AOSP's packages/modules/Permission (or a mirror of it), COMMIT the release's
commit, VERSION the Android version (14, 15, 16) and SOURCE a line saying where the commit is from.
Each string is read from PermissionController/res/values*/strings.xml with aapt2's rules:
white space outside quotes collapsed and trimmed, quotes dropped, backslash escapes (\\' \\" \\n
\\t \\uXXXX) resolved, <xliff:g> wrappers dropped, <b> kept as markup (the app's name is bold).
The strings are Android's own UI text, Apache-2.0 (The Android Open Source Project); the output
says so and names the commit. Not run by CI: its output is committed.
"""
import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

# The strings the grant dialogs of the permissions ConsentRender draws use (GrantPermissionsActivity,
# Utils.PERM_GROUP_REQUEST_RES, grant_permissions_material3.xml's buttons).
KEYS = [
    "permgrouprequest_location", "permgrouprequest_coarselocation", "permgrouprequest_notifications",
    "permgrouprequest_camera", "permgrouprequest_microphone", "permgrouprequest_contacts", "permgrouprequest_calendar",
    "permgrouprequest_phone", "permgrouprequest_calllog", "permgrouprequest_sms", "permgrouprequest_activityRecognition",
    "permgrouprequest_nearby_devices", "permgrouprequest_read_media_aural", "permgrouprequest_read_media_visual",
    "permgrouprequest_sensors",
    "grant_dialog_button_allow", "grant_dialog_button_deny", "grant_dialog_button_allow_foreground",
    "grant_dialog_button_allow_one_time", "grant_dialog_button_allow_limited_access", "grant_dialog_button_allow_all",
    "permgrouprequest_finelocation_imagetext", "permgrouprequest_coarselocation_imagetext",
]
XLIFF = "{urn:oasis:names:tc:xliff:document:1.2}"


def git(git_dir, *args):
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True).stdout


def unescape(raw):
    """aapt2's reading of a string's characters (the XML parser has resolved entities)."""
    out, quoted, index, space = [], False, 0, False
    while index < len(raw):
        c = raw[index]
        if c == "\\" and index + 1 < len(raw):
            n = raw[index + 1]
            if n == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", raw[index + 2:index + 6] or ""):
                out.append(chr(int(raw[index + 2:index + 6], 16)))
                index += 6
            else:
                out.append({"n": "\n", "t": "\t"}.get(n, n))
                index += 2
            space = False
            continue
        if c == '"':
            quoted = not quoted
        elif c.isspace() and not quoted:
            if not space:
                out.append(" ")
            space = True
            index += 1
            continue
        else:
            out.append(c)
        space = False
        index += 1
    return "".join(out).strip(" ")


def text_of(element):
    """The element's text with <xliff:g> unwrapped and other elements kept as markup."""
    parts = [element.text or ""]
    for child in element:
        if child.tag == XLIFF + "g":
            parts.append(text_of(child))
        else:
            parts.append("<%s>%s</%s>" % (child.tag, text_of(child), child.tag))
        parts.append(child.tail or "")
    return "".join(parts)


def main():
    git_dir, commit, version, source = sys.argv[1:5]
    listing = git(git_dir, "ls-tree", "--name-only", commit, "PermissionController/res/").decode().split()
    folders = sorted(path.split("/")[-1] for path in listing if re.fullmatch(r".*/values(-[a-zA-Z0-9+-]+)?", path))
    locales = {}
    for folder in folders:
        qualifier = folder[len("values-"):] if folder != "values" else "default"
        # Only language folders: not values-night, values-v31, values-television, ...
        if qualifier != "default" and not re.fullmatch(r"([a-z]{2,3}(-r[A-Z]{2})?|b\+[a-z]+(\+[A-Za-z0-9]+)+)", qualifier):
            continue
        try:
            data = git(git_dir, "show", "%s:PermissionController/res/%s/strings.xml" % (commit, folder))
        except subprocess.CalledProcessError:
            continue
        root = ElementTree.fromstring(data)
        strings = {}
        for element in root.iter("string"):
            name = element.get("name")
            if name in KEYS:
                strings[name] = unescape(text_of(element))
        if strings:
            locales[qualifier] = dict(sorted(strings.items()))
    missing = [key for key in KEYS if key not in locales.get("default", {})]
    if missing:
        sys.exit("the default strings lack " + ", ".join(missing))
    print(json.dumps({
        "android": int(version),
        "source": {
            "repository": "AOSP platform/packages/modules/Permission",
            "commit": commit,
            "reached": source,
            "files": "PermissionController/res/values*/strings.xml",
            "license": "Apache-2.0; Copyright (C) The Android Open Source Project (see NOTICE beside this file)",
        },
        "locales": locales,
    }, ensure_ascii=False, indent=1, sort_keys=True))


main()

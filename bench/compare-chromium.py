#!/usr/bin/env python3
"""Screenshot speed: ConsentRender against a warm headless Chromium, in one run.

Chromium (Debian's, driven by Playwright from PyPI) renders an HTML page equivalent to the
agreement dialog at 393×852 pt and 3× scale (1179×2556 px), 20 times on a warm page; ConsentRender
renders a 20-screenshot iphone-15-pro matrix with `render-cli matrix` on every core. The script
prints both per-screenshot times and their ratio. Not part of the tests.

    python3 -m pip install playwright        # PyPI only; Playwright's own browser download is not needed
    swift build -c release --product render-cli
    python3 bench/compare-chromium.py [--screenshots 20] [--chromium /usr/bin/chromium]
"""

import argparse
import html
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><style>
html, body {{ margin: 0; width: 393px; height: 852px; background: #919194; font-family: "Noto Sans"; }}
.card {{ position: absolute; left: 24px; top: 178px; width: 305px; padding: 20px; background: {card};
        border-radius: 14px; color: {label}; }}
h1 {{ font-size: 17px; font-weight: 600; color: #007AFF; text-align: center; margin: 0 0 12px; line-height: 1.35; }}
p, li {{ font-size: 15px; line-height: 1.35; letter-spacing: -0.24px; margin: 0 0 8px; }}
ul {{ margin: 0 0 8px; padding-left: 20px; }}
a {{ color: #007AFF; }}
.buttons {{ display: flex; gap: 12px; margin-top: 16px; }}
button {{ flex: 1; height: 44px; border: 0; border-radius: 12px; font: 600 17px "Noto Sans"; }}
.accept {{ background: #007AFF; color: white; }} .decline {{ background: #E5E5EA; color: black; }}
</style></head><body><div class="card">
<h1>{title}</h1>
<p>Welcome to Yunfan Rides. Before you start, please read our <a href="https://example.com/en/privacy">Privacy Policy</a>
and <a href="https://example.com/en/terms">Terms of Service</a>. They explain what we collect, why, and the choices you have.</p>
<p>With your consent we collect:</p>
<ul><li><b>Location</b>, to suggest pick-up points and calculate fares;</li>
<li><b>Device information</b>, to keep your account and payments secure;</li>
<li><b>Contact details</b>, to send trip updates and support replies.</li></ul>
<p>We never sell your personal information. As required by <a href="https://www.gov.cn/">Article 23 of China's Personal
Information Protection Law</a>, we ask for your separate consent before sharing it with a third party.</p>
<div class="buttons"><button class="decline">Decline</button><button class="accept">Agree and continue</button></div>
</div></body></html>"""


def chromium_ms_per_screenshot(chromium, count):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 393, "height": 852}, device_scale_factor=3)
        variants = [PAGE.format(title=html.escape(f"Your Privacy ({index + 1})"),
                                card="#FFFFFF" if index % 2 == 0 else "#FFFFFE",
                                label="#000000") for index in range(count)]
        for warm in variants[:3]:
            page.set_content(warm)
            page.screenshot(type="png")
        started = time.perf_counter()
        for variant in variants:
            page.set_content(variant)
            shot = page.screenshot(type="png")
        elapsed = time.perf_counter() - started
        browser.close()
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"
    return elapsed * 1000 / count


def consentrender_ms_per_screenshot(cli, count):
    languages = ["ar", "de", "en", "he", "hi", "ja", "th"]
    # iphone-15-pro × orientations × appearances × languages, enough languages for `count` cells.
    needed = -(-count // 4)
    out = tempfile.mkdtemp(prefix="consentrender-compare-")
    try:
        command = [cli, "matrix", "--document", os.path.join(ROOT, "Samples/world-agreement"),
                   "--devices", "iphone-15-pro", "--languages", ",".join(languages[:needed]),
                   "--orientations", "portrait,landscape", "--appearances", "light,dark",
                   "--profiles", os.path.join(ROOT, "DeviceProfiles"), "--out", out, "--format", "json"]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)  # warm: fonts and caches
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        elapsed = time.perf_counter() - started
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return elapsed * 1000 / (needed * 4), needed * 4


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screenshots", type=int, default=20)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--cli", default=os.path.join(ROOT, ".build/release/render-cli"))
    arguments = parser.parse_args()
    try:
        import playwright  # noqa: F401
    except ImportError:
        sys.exit("Playwright is missing: python3 -m pip install playwright")
    if not os.access(arguments.cli, os.X_OK):
        sys.exit(f"{arguments.cli} is missing: swift build -c release --product render-cli")

    chromium = chromium_ms_per_screenshot(arguments.chromium, arguments.screenshots)
    ours, cells = consentrender_ms_per_screenshot(arguments.cli, arguments.screenshots)
    print(f"headless Chromium (warm, Playwright), 1179x2556: {chromium:.1f} ms per screenshot")
    print(f"ConsentRender matrix of {cells} iphone-15-pro screenshots, all cores: {ours:.1f} ms per screenshot")
    print(f"ConsentRender is {chromium / ours:.1f}x faster")


if __name__ == "__main__":
    main()

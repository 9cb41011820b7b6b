#!/usr/bin/env python3
"""The pages as a browser draws them: Debian's Chromium, headless, driven over its DevTools protocol.

For each page given, at each width (390 and 1280 CSS px) and colour scheme (light, dark), it checks:

- at phone widths (under 600 px) nothing is wider than the viewport: document scrollWidth <= innerWidth;
- no rendered chart or table text is under 11 CSS px: every table cell's computed font size, and every text of the
  SVG each chart shows (its font size × the image's rendered width ÷ the SVG's viewBox width);
- no chart is drawn through a CSS filter (the image and each of its ancestors have `filter: none`), and in dark
  mode each chart shows a dark drawing (its current source is a `-dark.svg`).

It prints one line per page, width and scheme and exits 1 when any check fails. With --screenshots DIR it also
saves each page at both widths (light) as DIR/<name>-<width>.png, cropped to at most --max-height pixels.

Usage: pagecheck.py [--chromium PATH] [--screenshots DIR] NAME=FILE.html ...
Needs the `websockets` package (tools/reference/requirements-test.txt).
"""
import argparse
import asyncio
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

import websockets

MINIMUM_PX = 11.0
WIDTHS = (390, 1280)
SCHEMES = ("light", "dark")

PROBE = r"""
(() => {
  const out = {scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, charts: [],
               tableText: null, smallest: null, filtered: []};
  for (const img of document.querySelectorAll('figure.chart .plot img')) {
    const r = img.getBoundingClientRect();
    out.charts.push({src: img.currentSrc, width: r.width});
    for (let e = img; e && e.nodeType === 1; e = e.parentElement) {
      const f = getComputedStyle(e).filter;
      if (f && f !== 'none') out.filtered.push(img.currentSrc + ' (' + e.tagName + ': ' + f + ')');
    }
  }
  for (const cell of document.querySelectorAll('table th, table td')) {
    if (!cell.offsetParent && getComputedStyle(cell).display === 'none') continue;
    if (!cell.textContent.trim()) continue;
    const px = parseFloat(getComputedStyle(cell).fontSize);
    if (out.tableText === null || px < out.tableText) {
      out.tableText = px;
      out.smallest = cell.textContent.trim().slice(0, 40);
    }
  }
  out.ready = document.readyState === 'complete' && [...document.images].every(i => i.complete);
  out.height = document.documentElement.scrollHeight;
  return JSON.stringify(out);
})()
"""


class Browser:
    def __init__(self, ws):
        self.ws, self.next_id, self.session, self.events = ws, 0, None, []

    async def call(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        await self.ws.send(json.dumps(message))
        while True:
            reply = json.loads(await self.ws.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply["method"])

    async def wait_for(self, event, timeout=30):
        """Waits until `event` arrives (or has arrived since the last wait)."""
        async def wait():
            while event not in self.events:
                reply = json.loads(await self.ws.recv())
                if "method" in reply:
                    self.events.append(reply["method"])
        await asyncio.wait_for(wait(), timeout)
        self.events.clear()


def svg_smallest_text(path):
    """The smallest font size of the SVG's texts, and its viewBox width."""
    text = open(path, encoding="utf-8").read()
    box = re.search(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"', text)
    sizes = [float(s) for s in re.findall(r"font-size:([0-9.]+)px", text)]
    return (min(sizes) if sizes else None), (float(box.group(1)) if box else None)


def local_path(url):
    parsed = urllib.parse.urlparse(url)
    return urllib.parse.unquote(parsed.path) if parsed.scheme == "file" else None


async def check(browser, name, path, shots, max_height):
    failures = []
    url = "file://" + urllib.parse.quote(os.path.abspath(path))
    for width in WIDTHS:
        for scheme in SCHEMES:
            await browser.call("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
            await browser.call("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            browser.events.clear()
            await browser.call("Page.navigate", {"url": url})
            await browser.wait_for("Page.loadEventFired")
            # Every image loaded, the lazy ones too (a browser loads them as they scroll into view).
            await browser.call("Runtime.evaluate",
                               {"expression": "document.querySelectorAll('img').forEach(i => i.loading = 'eager')"})
            probe = {}
            for _ in range(200):
                result = await browser.call("Runtime.evaluate", {"expression": PROBE, "returnByValue": True})
                if "value" not in result.get("result", {}):
                    raise RuntimeError(f"{name}: the page probe failed: {result.get('exceptionDetails')}")
                probe = json.loads(result["result"]["value"])
                if probe["ready"] and all(c["src"] for c in probe["charts"]):
                    break
                await asyncio.sleep(0.1)
            where = f"{name} at {width} px, {scheme}"
            problems = []
            if width < 600 and probe["scrollWidth"] > probe["innerWidth"]:
                problems.append(f"wider than the screen: scrollWidth {probe['scrollWidth']} > {probe['innerWidth']}")
            if probe["tableText"] is not None and probe["tableText"] < MINIMUM_PX:
                problems.append(f"table text {probe['tableText']} px ('{probe['smallest']}')")
            problems += [f"chart drawn through a CSS filter: {f}" for f in probe["filtered"]]
            for chart in probe["charts"]:
                file = local_path(chart["src"])
                if not file or not os.path.exists(file):
                    problems.append(f"chart image not found: {chart['src']}")
                    continue
                if scheme == "dark" and not file.endswith("-dark.svg"):
                    problems.append(f"dark mode shows a light chart: {os.path.basename(file)}")
                size, box = svg_smallest_text(file)
                if size and box and chart["width"] > 0:
                    px = size * chart["width"] / box
                    if px < MINIMUM_PX - 0.05:
                        problems.append(f"chart text {px:.1f} px in {os.path.basename(file)} "
                                        f"(shown {chart['width']:.0f} px wide)")
            print(f"{'FAIL' if problems else 'ok'}: {where}: {len(probe['charts'])} charts, "
                  f"scrollWidth {probe['scrollWidth']}")
            for p in problems:
                print(f"  {p}")
            failures += [f"{where}: {p}" for p in problems]
            if shots and scheme == "light":
                height = min(probe["height"], max_height)
                await browser.call("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
                await asyncio.sleep(0.2)
                shot = await browser.call("Page.captureScreenshot", {"format": "png"})
                with open(os.path.join(shots, f"{name}-{width}.png"), "wb") as f:
                    f.write(base64.b64decode(shot["data"]))
    return failures


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--screenshots")
    parser.add_argument("--max-height", type=int, default=2600)
    parser.add_argument("pages", nargs="+")
    args = parser.parse_args()
    profile = tempfile.mkdtemp(prefix="pagecheck-")
    chromium = subprocess.Popen([args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                 "--remote-debugging-port=0", f"--user-data-dir={profile}",
                                 "--allow-file-access-from-files", "about:blank"],
                                stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        endpoint = None
        for line in chromium.stderr:
            m = re.search(r"DevTools listening on (ws://\S+)", line)
            if m:
                endpoint = m.group(1)
                break
        if not endpoint:
            sys.exit("chromium did not start its DevTools endpoint")
        async with websockets.connect(endpoint, max_size=64 << 20) as ws:
            browser = Browser(ws)
            target = await browser.call("Target.createTarget", {"url": "about:blank"}, session=False)
            attached = await browser.call("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True},
                                          session=False)
            browser.session = attached["sessionId"]
            await browser.call("Page.enable")
            if args.screenshots:
                os.makedirs(args.screenshots, exist_ok=True)
            failures = []
            for spec in args.pages:
                name, _, path = spec.partition("=")
                failures += await check(browser, name, path, args.screenshots, args.max_height)
        views = len(args.pages) * len(WIDTHS) * len(SCHEMES)
        print(f"pagecheck: {views} views checked, {len({f.split(': ')[0] for f in failures})} with problems")
        return 1 if failures else 0
    finally:
        chromium.terminate()
        chromium.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

#!/usr/bin/env python3
"""Opens Holoframe's report pages in headless Chromium and checks them as a person would look.

Talks to Chromium over --remote-debugging-pipe (the DevTools protocol as NUL-terminated JSON on
file descriptors 3 and 4), so it needs nothing beyond Python's standard library.

For every page: it loads from file://, no script error is thrown, every <img> has loaded
(naturalWidth > 0), and a screenshot is saved. For a golden review page with failures, also:
  - keys j / k move to the next / previous failure (the URL's #failure-N follows);
  - clicking the "Slider" tab shows the wipe; pressing Home, then End on the slider changes
    what is visible (three screenshots of the wipe at 0, 50 and 100 all differ);
  - key 3 shows the diff view.
For a bench page: each clip section has one SVG chart with a budget line and one bar (or the
line) per frame, and the worst frame's picture loads.
Exit 0 when every check passed, 1 otherwise; each check is printed.
"""
import argparse, base64, json, os, pathlib, shutil, subprocess, sys, tempfile, time


class Browser:
    def __init__(self, chromium, width, height):
        self.profile = tempfile.mkdtemp(prefix="holoframe-chromium-")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()

        def wire():  # the child reads commands on fd 3 and writes answers on fd 4
            # Copy first: the pipe's own numbers may be 3 or 4, and dup2 onto itself would keep close-on-exec.
            read_end, write_end = os.dup(to_child_r), os.dup(from_child_w)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--hide-scrollbars", "--remote-debugging-pipe", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "--allow-file-access-from-files", "about:blank"],
            preexec_fn=wire, close_fds=False,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        for domain in ("Page", "Runtime"):
            self.call(f"{domain}.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise TimeoutError("no answer from chromium")
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, timeout=30, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            answer = self._read_message(deadline)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, event, timeout=30):
        deadline = time.time() + timeout
        while True:
            for i, e in enumerate(self.events):
                if e.get("method") == event:
                    return self.events.pop(i)
            self.events.append(self._read_message(deadline))

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def key(self, key, code, key_code):
        for kind in ("keyDown", "keyUp"):
            params = dict(type=kind, key=key, code=code, windowsVirtualKeyCode=key_code)
            if kind == "keyDown" and len(key) == 1:
                params["text"] = key
            self.call("Input.dispatchKeyEvent", **params)

    def click(self, x, y):
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def screenshot(self, clip=None):
        params = {"format": "png"}
        if clip:
            params["clip"] = dict(clip, scale=clip.get("scale", 1))
        return base64.b64decode(self.call("Page.captureScreenshot", **params)["data"])

    def close(self):
        try:
            self.call("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        print(("ok    " if ok else "FAIL  ") + what)
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        return ok

    def finish(self, name):
        """Prints the total under `name` and returns the exit status: 1 when any check failed."""
        total = self.passed + self.failed
        print(f"{name}: all {total} checks passed" if not self.failed else f"{name}: {self.failed} of {total} checks FAILED")
        return 1 if self.failed else 0


def rect_of(browser, selector):
    r = browser.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
        if (!e) return null; e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect();
        return {{x: r.x, y: r.y, width: r.width, height: r.height, pageX: r.x + scrollX, pageY: r.y + scrollY}}; }})()""")
    return r


def check_page(browser, checks, page, out_dir, small):
    name = page.parent.name
    browser.events.clear()
    browser.call("Page.navigate", url=page.resolve().as_uri())
    browser.wait_for("Page.loadEventFired")
    errors = [e for e in browser.events if e.get("method") == "Runtime.exceptionThrown"]
    checks.check(not errors, f"{name}: no script error" + (f" ({errors[0]['params']['exceptionDetails']['text']})" if errors else ""))
    images = browser.evaluate("Array.from(document.images).map(i => [i.getAttribute('src'), i.complete, i.naturalWidth])")
    broken = [src for src, complete, width in images if not complete or width <= 0]
    checks.check(bool(images) and not broken,
                  f"{name}: all {len(images)} images load (naturalWidth > 0)" + (f"; broken: {broken}" if broken else ""))
    kind = browser.evaluate("document.querySelector('section.failure') ? 'golden' : (document.querySelector('svg.chart') ? 'bench' : 'empty')")

    if kind == "golden":
        count = browser.evaluate("document.querySelectorAll('section.failure').length")
        browser.key("j", "KeyJ", 74)
        first = browser.evaluate("location.hash")
        browser.key("j", "KeyJ", 74)
        second = browser.evaluate("location.hash")
        browser.key("k", "KeyK", 75)
        back = browser.evaluate("location.hash")
        expected_second = "#failure-2" if count > 1 else "#failure-1"
        checks.check(first == "#failure-1" and second == expected_second and back == "#failure-1",
                     f"{name}: keys j, j, k go to failures 1, {expected_second[-1]}, 1 (got {first}, {second}, {back})")
        if browser.evaluate("!!document.querySelector('#failure-1 div.view[data-view=diff]')"):
            browser.key("3", "Digit3", 51)
            diff_shown = browser.evaluate("!document.querySelector('#failure-1 div.view[data-view=diff]').hidden"
                                          " && document.querySelector('#failure-1 div.view[data-view=side]').hidden")
            checks.check(diff_shown, f"{name}: key 3 shows the diff alone")
        browser.key("1", "Digit1", 49)

        tab = rect_of(browser, "#failure-1 .tabs button[data-view=slider]")
        browser.click(tab["x"] + tab["width"] / 2, tab["y"] + tab["height"] / 2)
        visible = browser.evaluate("!document.querySelector('#failure-1 div.view[data-view=slider]').hidden")
        checks.check(visible, f"{name}: clicking Slider shows the wipe")
        shots = {}
        for label, key, code, key_code in (("50", None, None, None), ("0", "Home", "Home", 36), ("100", "End", "End", 35)):
            if key:
                slider = rect_of(browser, "#failure-1 .wipe-control input")
                browser.click(slider["x"] + slider["width"] / 2, slider["y"] + slider["height"] / 2)  # focus (moves it to 50)
                browser.key(key, code, key_code)
            wipe = rect_of(browser, "#failure-1 .wipe")
            shots[label] = browser.screenshot(dict(x=wipe["pageX"], y=wipe["pageY"], width=wipe["width"], height=wipe["height"]))
            (out_dir / f"{name}-wipe-{label}.png").write_bytes(shots[label])
        value = browser.evaluate("document.querySelector('#failure-1 .wipe-control input').value")
        checks.check(value == "100" and len({shots['0'], shots['50'], shots['100']}) == 3,
                     f"{name}: the slider changes what is visible (wipe at 0, 50 and 100 % are three different pictures; value now {value})")
        browser.key("1", "Digit1", 49)
        browser.evaluate("window.scrollTo(0, 0)")
    elif kind == "bench":
        charts = browser.evaluate("""Array.from(document.querySelectorAll('section.clip')).map(s => ({
            charts: s.querySelectorAll('svg.chart').length,
            budget: s.querySelectorAll('svg.chart line.budget').length,
            marks: s.querySelectorAll('svg.chart rect.bar, svg.chart polyline.frame-line').length,
            over: s.querySelectorAll('svg.chart rect.bar.over, svg.chart rect.over-mark').length,
            declaredOver: Number(s.dataset.over),
            worst: s.querySelectorAll('.worst img').length,
            width: s.querySelector('svg.chart').getBoundingClientRect().width }))""")
        checks.check(bool(charts) and all(c["charts"] == 1 and c["budget"] == 1 and c["marks"] > 0 and c["width"] > 100 for c in charts),
                     f"{name}: {len(charts)} clip(s), each with one drawn chart and one budget line")
        checks.check(all(c["over"] == c["declaredOver"] for c in charts),
                     f"{name}: over-budget marks equal each clip's over-budget count")
        checks.check(all(c["worst"] == 1 for c in charts), f"{name}: each clip shows its worst frame's picture")
    else:
        checks.check(False, f"{name}: the page has neither failures nor charts")

    shot = browser.screenshot()
    (out_dir / f"{name}.png").write_bytes(shot)
    print(f"      screenshot: {out_dir / (name + '.png')}")
    if small:
        small_dir, small_width = small
        width = browser.evaluate("document.documentElement.clientWidth")
        picture = browser.screenshot(dict(x=0, y=0, width=width, height=browser.evaluate("window.innerHeight"), scale=small_width / width))
        (small_dir / f"{name}.png").write_bytes(picture)
        print(f"      small screenshot: {small_dir / (name + '.png')}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="+", type=pathlib.Path, help="index.html files of report folders")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path(".build/browser-check"), help="where screenshots go")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--small-out", type=pathlib.Path, help="also save a small screenshot of the top of each page here, as NAME.png")
    parser.add_argument("--small-width", type=int, default=640, help="the small screenshot's width in pixels")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.small_out:
        args.small_out.mkdir(parents=True, exist_ok=True)
    checks = Checks()
    browser = Browser(args.chromium, args.width, args.height)
    try:
        for page in args.pages:
            check_page(browser, checks, page, args.out, (args.small_out, args.small_width) if args.small_out else None)
    finally:
        browser.close()
    sys.exit(checks.finish("browser check"))


if __name__ == "__main__":
    main()

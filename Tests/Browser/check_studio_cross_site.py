#!/usr/bin/env python3
"""Another site's page cannot make the user's browser spend the studio's work (issue 41).

Starts `holoframe studio` on 127.0.0.1:PORT and a plain file server on 127.0.0.1:PORT2, and opens
the file server's page in headless Chromium as http://localhost:PORT2/ (localhost and 127.0.0.1
are different sites; another port of 127.0.0.1 would be the same site). The page loads, as `<img>`:
  - http://127.0.0.1:PORT/frame?n=0 (cross-site) and http://localhost:PORT/frame?n=0 (same site,
    another port): both must fail to load (the studio answers 403 to Sec-Fetch-Site other than
    same-origin or none);
(A frame, not `/state` (what grew the FlyingFox studio to 7.6 GB), because only a PNG tells an
answer from a refusal in an `<img>`; the studio refuses every route the same way.)
The control: the same frame opened directly in the address bar (Sec-Fetch-Site: none) is an image.
Bounded: about 10 s; exit 0 when every check passed, 1 otherwise.

    check_studio_cross_site.py --holoframe BIN --chromium CHROMIUM
"""
import argparse, functools, http.server, os, pathlib, re, shutil, subprocess, sys, tempfile, threading

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from check_reports import Browser, Checks  # noqa: E402
from check_studio import stop, wait_until  # noqa: E402


IMAGES = "Array.from(document.images).map(i => ({id: i.id, complete: i.complete, width: i.naturalWidth}))"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--holoframe", default=".build/debug/holoframe")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    args = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix="holoframe-studio-cross-site-"))
    checks = Checks()
    studio = subprocess.Popen([os.path.abspath(args.holoframe), "studio", "demo", "--scale", "0.25", "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    files = browser = None
    try:
        line = studio.stdout.readline()
        m = re.search(r"at http://127\.0\.0\.1:(\d+)/", line)
        if not checks.check(bool(m), f"the studio prints its address ({line.strip()!r})"):
            return 1
        port = int(m.group(1))
        (work / "page.html").write_text(f"""<!doctype html><title>another site</title>
<img id="cross-site-frame" src="http://127.0.0.1:{port}/frame?n=0">
<img id="same-site-frame" src="http://localhost:{port}/frame?n=0">
""")
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass
        files = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(work)))
        threading.Thread(target=files.serve_forever, daemon=True).start()
        browser = Browser(args.chromium, 800, 600)

        # The control: the frame opened directly is an image.
        browser.call("Page.navigate", url=f"http://127.0.0.1:{port}/frame?n=0")
        browser.wait_for("Page.loadEventFired")
        direct = wait_until(browser, f"(() => {{ const i = document.images[0]; return i && i.complete && i.naturalWidth; }})()", 20)
        checks.check(bool(direct), f"the frame opened in the address bar is an image ({direct} px wide)")

        browser.events.clear()
        browser.call("Page.navigate", url=f"http://localhost:{files.server_address[1]}/page.html")
        browser.wait_for("Page.loadEventFired")
        images = {i["id"]: i for i in wait_until(browser, f"(() => {{ const a = {IMAGES}; return a.every(i => i.complete) ? a : null; }})()", 30) or []}
        for name, what in [("cross-site-frame", "http://127.0.0.1:PORT/frame?n=0 (cross-site)"),
                           ("same-site-frame", "http://localhost:PORT/frame?n=0 (same site, another port)")]:
            image = images.get(name, {})
            checks.check(image.get("complete") and image.get("width") == 0,
                         f"a page on localhost:PORT2 cannot load {what} ({image})")
        checks.check(studio.poll() is None, "the studio is still running")
    finally:
        if browser:
            browser.close()
        if files:
            files.shutdown()
        stop(studio)
        shutil.rmtree(work, ignore_errors=True)
    return checks.finish("studio cross-site check")


if __name__ == "__main__":
    sys.exit(main())

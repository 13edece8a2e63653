#!/usr/bin/env python3
"""What a simulated frame dropped from the studio's --state-cache-mb costs to serve again (issue 41).

For each clip: starts `holoframe studio CLIP --duration 600 --port 0` (36,000 frames at 60 fps)
twice, with the default --state-cache-mb (64) and with 1, and times, over GET /state:
  first  frame 35,999 asked for first (simulated from t = 0);
  near   frame 35,998 then 35,999 again: kept (64 MB), or 35,999 dropped and simulated again;
  far    frames 0 … 199 asked for, then 35,999 again: with 1 MB it was dropped and is simulated
         again from t = 0 (the cost of eviction); with 64 MB it may still be kept.
Each time is the median of 3; the studio's resident memory (VmRSS) after each step is printed too.

    Tests/Scripts/measure_studio_resimulation.py HOLOFRAME_BIN CLIP...

CLIP `2000-rects` is a clip file this script writes: 2,000 rects whose x follows `time`
(`mix(0, 300, fract(time + i / 2000))`), on 390×844@3.
"""
import json, os, pathlib, select, socket, statistics, subprocess, sys, tempfile, time


def get(port, target):
    start = time.perf_counter()
    s = socket.create_connection(("127.0.0.1", port), timeout=600)
    s.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    data = b""
    while chunk := s.recv(1 << 16):
        data += chunk
    s.close()
    assert data.startswith(b"HTTP/1.1 200"), data[:200]
    return time.perf_counter() - start


def rss(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) // 1024
    return 0


def measure(binary, clip, mb):
    p = subprocess.Popen([binary, "studio", clip, "--duration", "600", "--port", "0", "--state-cache-mb", str(mb)],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        select.select([p.stdout], [], [], 120)
        port = int(p.stdout.readline().split(b"http://127.0.0.1:")[1].split(b"/")[0])
        first = get(port, "/state?n=35999")
        near, far = [], []
        for _ in range(3):
            get(port, "/state?n=35998")
            near.append(get(port, "/state?n=35999"))
            for n in range(200):
                get(port, f"/state?n={n}")
            far.append(get(port, "/state?n=35999"))
        print(f"{pathlib.Path(clip).name:24} --state-cache-mb {mb:3}: first {first*1000:8.1f} ms, "
              f"near {statistics.median(near)*1000:8.1f} ms, far after 200 others {statistics.median(far)*1000:8.1f} ms, "
              f"VmRSS {rss(p.pid)} MiB", flush=True)
    finally:
        p.terminate()
        p.wait()


def two_thousand_rects():
    rects = [{"type": "rect", "frame": {"x": f"mix(0, 300, fract(time + {i} / 2000))", "y": i % 800, "width": 20, "height": 4},
              "fill": "#3366FF"} for i in range(2000)]
    path = pathlib.Path(tempfile.mkdtemp(prefix="holoframe-resimulation-")) / "2000-rects.json"
    path.write_text(json.dumps({"design": "custom", "duration": 2, "device": "390x844@3",
                                "scene": {"type": "group", "children": rects}}))
    return str(path)


if __name__ == "__main__":
    binary, clips = sys.argv[1], sys.argv[2:]
    for clip in clips:
        clip = two_thousand_rects() if clip == "2000-rects" else clip
        for mb in (64, 1):
            measure(binary, clip, mb)

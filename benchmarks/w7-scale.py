#!/usr/bin/env python3
"""W7 "scale": one template filled with 100 rows of data, rendered three ways.

  batch      `moviemake batch` over the CSV (one process; rows share decoded images and fonts)
  processes  the same 100 renders as separate `moviemake render --set …` processes, one after another
  service    `moviemake serve` with 100 submissions of the stored template, timed until the last succeeds

and the service's submission latency while renders run: 200 submissions from 20 concurrent clients.
Writes benchmarks/RESULTS-W7.md (overwritten on every run). Needs the release `moviemake` built with
the service (`make serve`). Usage: benchmarks/w7-scale.py [--rows 100] [--runs 1] [--moviemake PATH]
"""
import argparse, csv, datetime, http.client, json, os, platform, resource, shutil, statistics, subprocess
import sys, tempfile, threading, time

TEMPLATE = """canvas: { width: 1280, height: 720, fps: 30, duration: 5, background: "${color}" }
variables: { color: "#203040" }
layers:
  - type: ellipse
    size: [220, 220]
    fill: "#ffd86f"
    animate:
      position: { from: [200, 360], to: [1080, 360], duration: 5, easing: easeInOut }
  - type: text
    text: "Hello, ${name}"
    font: { size: 72, weight: bold }
    position: [640, 600]
"""


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(function):
    cpu, start = children_cpu(), time.monotonic()
    function()
    return time.monotonic() - start, children_cpu() - cpu


def run(command, **kwargs):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kwargs)


class Server:
    def __init__(self, moviemake, folder):
        self.folder = folder
        os.makedirs(f"{folder}/assets/templates", exist_ok=True)
        with open(f"{folder}/assets/templates/card.yaml", "w") as f:
            f.write(TEMPLATE)
        with open(f"{folder}/tokens", "w") as f:
            f.write("bench\n")
        self.process = subprocess.Popen(
            [moviemake, "serve", "--port", "0", "--data", f"{folder}/data", "--assets", f"{folder}/assets",
             "--token-file", f"{folder}/tokens", "--max-queued-per-token", "100000"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        self.port = int(line.strip().rsplit(":", 1)[1])

    def request(self, method, path, body=None, connection=None):
        conn = connection or http.client.HTTPConnection("127.0.0.1", self.port)
        headers = {"Authorization": "Bearer bench", "Content-Type": "application/json"}
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = conn.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data else None

    def stop(self):
        self.process.terminate()
        self.process.wait()


def service_run(moviemake, rows, folder):
    server = Server(moviemake, folder)
    try:
        start = time.monotonic()
        ids = []
        for row in rows:
            status, job = server.request("POST", "/v1/renders", {
                "template": "card", "variables": {"name": row["name"], "color": row["color"]},
                "settings": {"preset": "veryfast"}})
            assert status == 202, (status, job)
            ids.append(job["id"])
        for job_id in ids:
            while True:
                status, job = server.request("GET", f"/v1/renders/{job_id}")
                if job["status"] in ("succeeded", "failed", "cancelled"):
                    assert job["status"] == "succeeded", job
                    break
                time.sleep(0.05)
        return time.monotonic() - start
    finally:
        server.stop()


def latency_run(moviemake, folder):
    """200 submissions from 20 clients while renders run; returns (p50, p99, statuses) in ms."""
    server = Server(moviemake, folder)
    try:
        for _ in range(3):  # renders under way while the clients submit
            server.request("POST", "/v1/renders", {"template": "card", "variables": {"name": "load"}})
        time.sleep(1)
        latencies, statuses, lock = [], {}, threading.Lock()
        body = {"document": {"canvas": {"width": 320, "height": 176, "fps": 25, "duration": 0.2}, "layers": []}}

        def client():
            conn = http.client.HTTPConnection("127.0.0.1", server.port)
            for _ in range(10):
                start = time.monotonic()
                status, _ = server.request("POST", "/v1/renders", body, conn)
                with lock:
                    latencies.append(time.monotonic() - start)
                    statuses[status] = statuses.get(status, 0) + 1

        threads = [threading.Thread(target=client) for _ in range(20)]
        [t.start() for t in threads]
        [t.join() for t in threads]
        latencies.sort()
        return latencies[len(latencies) // 2] * 1000, latencies[int((len(latencies) - 1) * 0.99)] * 1000, statuses
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=100)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--moviemake", default="Service/.build/release/moviemake")
    parser.add_argument("--results", default="benchmarks/RESULTS-W7.md")
    args = parser.parse_args()
    moviemake = os.path.abspath(args.moviemake)
    work = tempfile.mkdtemp(prefix="moviekit-w7-")
    try:
        with open(f"{work}/card.yaml", "w") as f:
            f.write(TEMPLATE)
        rows = [{"id": f"r{i:03d}", "name": f"Person {i}", "color": f"#{(i * 37) % 256:02x}30{(i * 91) % 256:02x}"}
                for i in range(args.rows)]
        with open(f"{work}/rows.csv", "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=["id", "name", "color"])
            writer.writeheader()
            writer.writerows(rows)
        results = {"batch": [], "processes": [], "service": []}
        for run_index in range(args.runs):
            for name in ("batch", "processes", "service"):
                folder = f"{work}/{name}-{run_index}"
                os.makedirs(folder)
                if name == "batch":
                    wall, cpu = timed(lambda: run([moviemake, "batch", f"{work}/card.yaml", "--data", f"{work}/rows.csv",
                                                   "-o", f"{folder}/{{id}}.mp4", "--preset", "veryfast",
                                                   "--progress", "none"]))
                elif name == "processes":
                    def renders():
                        for row in rows:
                            run([moviemake, "render", f"{work}/card.yaml", "-o", f"{folder}/{row['id']}.mp4",
                                 "--set", f"name={row['name']}", "--set", f"color={row['color']}",
                                 "--preset", "veryfast", "--quiet"])
                    wall, cpu = timed(renders)
                else:
                    cpu0 = children_cpu()
                    wall = service_run(moviemake, rows, folder)
                    cpu = children_cpu() - cpu0
                results[name].append((wall, cpu))
                print(f"W7 {name} run {run_index + 1}: {wall:.1f} s wall, {cpu:.1f} s CPU", flush=True)
        p50, p99, statuses = latency_run(moviemake, f"{work}/latency")
        print(f"W7 submissions under load: p50 {p50:.1f} ms, p99 {p99:.1f} ms, {statuses}", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    def median(name, index):
        return statistics.median(r[index] for r in results[name])

    batch, processes, service = median("batch", 0), median("processes", 0), median("service", 0)
    frames = args.rows * 150
    ffmpeg = subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True).stdout.splitlines()[0]
    lines = [
        "# MovieKit W7 results: one template, many rows",
        "",
        "Generated by `make bench-w7` (benchmarks/w7-scale.py); overwritten on every run. Workload: see benchmarks/README.md (W7).",
        "",
        f"- Date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')}",
        f"- Machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}",
        f"- FFmpeg: {ffmpeg}",
        f"- Command: `{' '.join(sys.argv)}`",
        f"- Rows: {args.rows} (5 s of 1280x720 at 30 fps each, x264 `veryfast`), runs: {args.runs} (median)",
        "",
        "| Way | Wall (s) | CPU (s) | Frames a second | Ratio to separate processes | Runs (s) |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, label in (("batch", "`moviemake batch` (one process)"),
                        ("processes", "separate `moviemake render` processes"),
                        ("service", f"`moviemake serve`, {args.rows} submissions")):
        wall, cpu = median(name, 0), median(name, 1)
        runs = ", ".join(f"{r[0]:.1f}" for r in results[name])
        lines.append(f"| {label} | {wall:.1f} | {cpu:.1f} | {frames / wall:.1f} | {wall / processes:.3f} | {runs} |")
    lines += [
        "",
        f"- Batch ÷ separate processes: **{batch / processes:.3f}** (goal ≤ 0.8).",
        f"- Service ÷ batch: **{service / batch:.3f}** (goal ≤ 1.05).",
        f"- Submissions while renders run (200 from 20 concurrent clients, one connection each): p50 {p50:.1f} ms, "
        f"p99 **{p99:.1f} ms** (goal < 50 ms); answers {statuses}.",
        "",
    ]
    with open(args.results, "w") as f:
        f.write("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()

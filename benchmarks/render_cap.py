"""Time and memory of drawing the PDF format's largest page (14,400 × 14,400 points) as a viewer image.

Each pixel cap is measured in a fresh subprocess (peak RSS is per process): wall and CPU seconds of the render,
and the peak RSS growth over the process after imports. The default cap is MDQA_RENDER_MAX_PIXELS's default;
`--caps 0` means no cap (466 million pixels at scale 1.5: several GB, do not run it on a shared machine).

    .venv/bin/python benchmarks/render_cap.py [--scale 1.5] [--caps 16000000,4000000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

CHILD = """
import json, resource, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from app.ingest import render
path, scale, cap = Path(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
if cap == 0:
    render.fitted_scale = lambda width, height, scale, max_pixels: scale
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
wall, cpu = time.perf_counter(), time.process_time()
image = render.draw_page(path, 1, scale, cap or 1)
print(json.dumps({"wall_s": time.perf_counter() - wall, "cpu_s": time.process_time() - cpu, "size": image.size,
                  "rss_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base) / 1024}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.5)
    parser.add_argument("--caps", default="16000000,4000000")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from reportlab.pdfgen import canvas

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "largest.pdf"
        pdf = canvas.Canvas(str(path), pagesize=(14_400, 14_400))
        pdf.setFont("Helvetica", 48)
        pdf.drawString(72, 72, "The largest page the PDF format allows.")
        pdf.showPage()
        pdf.save()
        for cap in (int(c) for c in args.caps.split(",")):
            runs = [
                json.loads(
                    subprocess.run(
                        [sys.executable, "-c", CHILD, str(REPO), str(path), str(args.scale), str(cap)],
                        check=True, capture_output=True, text=True,
                    ).stdout
                )
                for _ in range(args.rounds)
            ]  # fmt: skip
            print(
                f"cap {cap or 'none'}: image {runs[0]['size'][0]}×{runs[0]['size'][1]}, "
                f"wall {statistics.median(r['wall_s'] for r in runs):.2f} s, "
                f"CPU {statistics.median(r['cpu_s'] for r in runs):.2f} s, "
                f"peak RSS +{max(r['rss_mb'] for r in runs):.0f} MB (median of {args.rounds})"
            )


if __name__ == "__main__":
    main()

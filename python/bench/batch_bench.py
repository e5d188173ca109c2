#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
"""Speed of the Python package against the C library (a benchmark, not a test: timings never go in tests).

For 1,000,000 box-box and hull-32/hull-32 signed distances at random poses:
  - the C loop (python/bench/loop.c: gjk_signed_distance3 per pair, one thread, built from the single header with
    the extension's flags), in ns per query;
  - one Python batch call on 1 thread and on 2 threads (gjk.signed_distance with (N, 7) poses), and the ratios
    Python / C and 1 thread / 2 threads;
  - the per-call overhead of single-pose Python calls (sphere-sphere, the cheapest query, against the C loop);
  - the Dask run's throughput per worker (LocalCluster of 2 worker processes) against the single-process batch.
The best of --rounds runs each. Prints a markdown table.

    python3 python/bench/batch_bench.py [--pairs 1000000] [--rounds 3] [--dask-pairs 4000000]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

import gjk

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def best(fn, rounds):
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def scene(name, n, rng):
    pa = np.empty((n, 7))
    pb = np.empty((n, 7))
    for p in (pa, pb):
        p[:, :3] = rng.uniform(-1.0, 1.0, (n, 3))
        p[:, 3:] = rng.normal(size=(n, 4))
    hull_points = rng.uniform(-0.6, 0.6, (64, 3))
    if name == "hull32":
        a, b = gjk.ConvexHull(hull_points[:32]), gjk.ConvexHull(hull_points[32:])
    else:
        a, b = gjk.Box([0.5, 0.4, 0.3]), gjk.Box([0.3, 0.6, 0.2])
    return a, b, pa, pb, hull_points


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=1_000_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dask-pairs", type=int, default=4_000_000, help="0 skips the Dask run")
    a = ap.parse_args()
    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    tmp = tempfile.mkdtemp()
    exe = os.path.join(tmp, "loop")
    subprocess.run([cc, "-std=c11", "-O2", "-ffp-contract=off", "-fno-strict-aliasing", "-fvisibility=hidden",
                    "-I", os.path.join(ROOT, "single"), os.path.join(HERE, "loop.c"), "-o", exe, "-lm"], check=True)
    rng = np.random.default_rng(17)
    rows = []
    for name in ("box", "hull32"):
        sa, sb, pa, pb, hull = scene(name, a.pairs, rng)
        path = os.path.join(tmp, name + ".poses")
        np.hstack([pa, pb]).astype(np.float64).tofile(path)
        hull.astype(np.float64).tofile(path + ".hull")
        out = subprocess.run([exe, name, path, str(a.rounds)], capture_output=True, text=True, check=True).stdout
        c_ns, c_sum = float(out.split()[0]), float.fromhex(out.split()[1])
        t1, r1 = best(lambda: gjk.signed_distance(sa, pa, sb, pb, threads=1), a.rounds)
        t2, r2 = best(lambda: gjk.signed_distance(sa, pa, sb, pb, threads=2), a.rounds)
        py_sum = 0.0
        for d in r1.distance:  # the C loop's order of summation
            py_sum += float(d)
        assert py_sum == c_sum, "the Python batch's distances differ from the C loop's"
        assert np.array_equal(r1.distance, r2.distance)
        ns1, ns2 = t1 / a.pairs * 1e9, t2 / a.pairs * 1e9
        rows.append((name, c_ns, ns1, ns2, ns1 / c_ns, ns1 / ns2))
    # single calls: sphere-sphere, the cheapest query
    s1, s2 = gjk.Sphere(0.5), gjk.Sphere(0.4)
    p1, p2 = [0.0, 0, 0, 1, 0, 0, 0], [1.5, 0.2, 0, 1, 0, 0, 0]
    calls = 200_000
    t_single, _ = best(lambda: [gjk.signed_distance(s1, p1, s2, p2) for _ in range(calls)], a.rounds)
    one = np.tile(p2, (calls, 1))
    t_batch, _ = best(lambda: gjk.signed_distance(s1, p1, s2, one), a.rounds)
    single_us = t_single / calls * 1e6
    print("| scene | C loop, ns/query | Python batch, 1 thread | 2 threads | Python / C | 1 / 2 threads |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, c_ns, ns1, ns2, ratio, speedup in rows:
        label = "box-box" if name == "box" else "hull-32 / hull-32"
        print("| %s (%d pairs) | %.0f | %.0f | %.0f | %.2f | %.2f |" % (label, a.pairs, c_ns, ns1, ns2, ratio, speedup))
    print()
    print("Single-pose calls (sphere-sphere signed distance): %.2f us per call from Python, %.0f ns per pair in a batch"
          " of %d: about %.2f us of overhead per single call." % (single_us, t_batch / calls * 1e9, calls,
                                                                 single_us - t_batch / calls * 1e6))
    if a.dask_pairs:
        sys.path.insert(0, os.path.join(os.path.dirname(HERE), "examples"))
        out = subprocess.run([sys.executable, os.path.join(os.path.dirname(HERE), "examples", "dask_signed_distance.py"),
                              "--pairs", str(a.dask_pairs), "--workers", "2"], capture_output=True, text=True)
        print()
        print("Dask (python/examples/dask_signed_distance.py --pairs %d --workers 2):" % a.dask_pairs)
        for line in out.stdout.splitlines():
            print("    " + line)
        if out.returncode:
            print(out.stderr)
            return 1
    shutil.rmtree(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())

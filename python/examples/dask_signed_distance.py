#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 The gjk authors
# SPDX-License-Identifier: MIT
"""Signed distances of many pose pairs on a Dask cluster, checked against the same job in one process.

A box against a 32-vertex hull, at N random pose pairs: the pairs are cut into partitions, each partition makes
its own poses from its index (so nothing large travels to the workers: the shapes are pickled, the poses are not)
and answers them with one batch call. The results come back in partition order and equal, bit for bit, what one
process computes for the same partitions.

    python3 examples/dask_signed_distance.py                       # 10 million pairs, a local cluster of 2 workers
    python3 examples/dask_signed_distance.py --pairs 100000        # what CI runs
    python3 examples/dask_signed_distance.py --scheduler tcp://host:8786   # a real cluster (gjk installed there)

Needs Debian's python3-dask and python3-distributed.
"""
import argparse
import logging
import sys
import time

import numpy as np

import gjk


def shapes():
    rng = np.random.default_rng(2026)
    return gjk.Box([0.5, 0.4, 0.3]), gjk.ConvexHull(rng.uniform(-0.6, 0.6, (32, 3)))


def poses(partition, count):
    """Partition `partition`'s pose pairs, from its own seed: the same arrays wherever it runs."""
    rng = np.random.default_rng([7, partition])
    pa = np.empty((count, 7))
    pb = np.empty((count, 7))
    for p in (pa, pb):
        p[:, :3] = rng.uniform(-1.0, 1.0, (count, 3))
        p[:, 3:] = rng.normal(size=(count, 4))
    return pa, pb


def partition_job(partition, count, box, hull):
    """One partition: its signed distances and statuses (what a worker sends back)."""
    pa, pb = poses(partition, count)
    r = gjk.signed_distance(box, pa, hull, pb)
    return r.distance, r.status


def sizes(pairs, partitions):
    base, extra = divmod(pairs, partitions)
    return [base + (1 if i < extra else 0) for i in range(partitions)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=10_000_000, help="pose pairs in all (default 10,000,000)")
    ap.add_argument("--partitions", type=int, default=0, help="partitions (default: about 250,000 pairs each)")
    ap.add_argument("--workers", type=int, default=2, help="local cluster: worker processes (default 2)")
    ap.add_argument("--scheduler", help="address of a running Dask scheduler instead of a local cluster")
    ap.add_argument("--no-check", action="store_true", help="skip the single-process run and the comparison")
    a = ap.parse_args()
    if a.pairs < 1:
        ap.error("--pairs must be at least 1")
    # (at least four partitions per worker, so that a small job is still shared out)
    partitions = a.partitions or max(4 * a.workers, min(4096, round(a.pairs / 250_000)))
    partitions = min(partitions, a.pairs)
    counts = sizes(a.pairs, partitions)

    from dask.distributed import Client, LocalCluster

    box, hull = shapes()
    if a.scheduler:
        client, cluster = Client(a.scheduler), None
    else:
        # one thread per worker process: each batch call runs on its worker's core
        cluster = LocalCluster(n_workers=a.workers, threads_per_worker=1, processes=True, dashboard_address=None,
                               silence_logs=logging.CRITICAL)
        client = Client(cluster)
    try:
        workers = len(client.scheduler_info()["workers"])
        box_f, hull_f = client.scatter([box, hull], broadcast=True)
        t0 = time.perf_counter()
        futures = [client.submit(partition_job, i, n, box_f, hull_f, pure=False) for i, n in enumerate(counts)]
        parts = client.gather(futures)
        t_dask = time.perf_counter() - t0
    finally:
        client.close()
        if cluster:
            cluster.close()
    distance = np.concatenate([p[0] for p in parts])
    status = np.concatenate([p[1] for p in parts])
    print("dask: %d pairs in %d partitions on %d workers: %.2f s, %.2f M pairs/s (%.2f M per worker)"
          % (a.pairs, partitions, workers, t_dask, a.pairs / t_dask / 1e6, a.pairs / t_dask / 1e6 / workers))
    print("overlapping %d, min %.6f, max %.6f, statuses not OK %d"
          % ((distance < 0).sum(), distance.min(), distance.max(), (status != gjk.Status.OK).sum()))
    if a.no_check:
        return 0
    t0 = time.perf_counter()
    local = [partition_job(i, n, box, hull) for i, n in enumerate(counts)]
    t_one = time.perf_counter() - t0
    same = (np.array_equal(np.concatenate([p[0] for p in local]).view(np.uint64), distance.view(np.uint64))
            and np.array_equal(np.concatenate([p[1] for p in local]), status))
    print("one process: %.2f s, %.2f M pairs/s; dask per worker / one process: %.2f; results %s"
          % (t_one, a.pairs / t_one / 1e6, (a.pairs / t_dask / workers) / (a.pairs / t_one),
             "equal bit for bit" if same else "DIFFER"))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())

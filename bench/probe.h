// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Run a library's accuracy pass in a child process (crash and hang guard); see probe.cpp.
#pragma once

#include <string>
#include <vector>

#include "bench.h"

struct ProbeOut {
    std::vector<std::vector<Result>> results; // [query][k], k indexing s.sel[query]; empty when not supported
    std::string note;                          // why the probe failed
};

// Returns false (and a note) when the child crashed, failed or ran past `timeout` seconds.
bool probe(Lib &lib, const Scene &s, const std::vector<Query> &queries, double timeout, ProbeOut &out);

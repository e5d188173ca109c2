// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Per-cell statistics and the text / markdown reports.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "bench.h"

// One library in one cell (scene x query).
struct LibCell {
    std::string lib;
    bool supported = false;
    std::string note;       // why the library was skipped on this scene (crash, hang), shown instead of a time
    std::vector<double> ns; // one per repetition
    double median_ns = 0;
    bool accuracy = false;  // accuracy was measured
    long pairs = 0;         // queries checked
    long invalid = 0;       // no answer (failure, or "no contact" on an overlapping pair)
    long wrong = 0;         // intersect: wrong answers (pairs within the touching band excluded)
    double max_err = 0;     // distance / depth: max |value - reference|
    long big = 0;           // distance / depth errors above 1e-3 x the scene's size
    int worst = -1;         // pair with the largest error (or the first wrong / failed one)
    double max_angle = -1;  // radians, where the reference normal is unique (-1: none checked)
    long sep_ok = 0, sep_total = 0; // penetration: normals that separate
    // the rows (rows_score.cpp)
    double med_err = -1;    // raycast / cast: median |t - reference| over rays / casts both call hits
    long missed = 0;        // raycast / cast: the reference hits (not ambiguous), the library does not
    long false_hits = 0;    // the reference misses (not ambiguous), the library hits
    long ambiguous = 0;     // grazing rays / casts left out of the hit/miss counts
    long late = 0;          // cast: t after the true contact by more than 1e-7 x size along the motion
    double max_late = 0;    // cast: the largest (t - reference) x |motion| (length units)
    long phantom = 0;       // manifold: points deeper than the true depth by more than 1e-6 x size
    double mean_iter = -1;  // mean iterations (gjk)
    double max_diff = -1;   // warm scenes: largest |answer - gjk cold's answer|
    long mismatch = 0;      // warm scenes: frames whose intersect flag or point count differs from gjk cold's
};

struct Cell {
    std::string scene;
    Query query = Q_INTERSECT;
    long pairs = 0;
    double bracket = 0; // cylinders: largest width of the certified reference bracket
    std::vector<LibCell> libs;
};

double median(std::vector<double> v);
const LibCell *find_lib(const Cell &c, const std::string &name);
// The fastest supporting peer (a library whose name does not start with "gjk"), or nullptr.
const LibCell *fastest_peer(const Cell &c);

void print_cell(FILE *out, const Cell &c);
// Targets: returns the number of failed checks and prints one line per check.
int print_summary(FILE *out, const std::vector<Cell> &cells);
// Accuracy of the rows (raycast, cast, manifold) against the scene's references, and of a library in a warm scene
// against gjk cold's answers (`cold`).
void score_row(const Scene &s, Query q, const std::vector<Result> &res, LibCell &lc);
void score_warm(const Scene &s, Query q, const std::vector<Result> &res, const std::vector<Result> &cold, LibCell &lc);
bool is_row(const Cell &c);  // raycast, cast, manifold on a regular scene
bool is_warm(const Cell &c); // a warm scene
bool write_markdown(const std::string &path, const std::vector<Cell> &cells, const std::string &command,
                    double seconds, bool quick, const std::string &extra = std::string());

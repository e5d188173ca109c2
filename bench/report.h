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
bool write_markdown(const std::string &path, const std::vector<Cell> &cells, const std::string &command,
                    double seconds, bool quick);

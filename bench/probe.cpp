// SPDX-FileCopyrightText: 2026 The gjk authors
// SPDX-License-Identifier: MIT
// Crash and hang guard: the accuracy pass of each library runs in a forked child that sends its results back
// through a pipe. A child that dies (signal, exception) or runs past the deadline is killed, and the library is
// skipped on that scene with a note, instead of taking the whole benchmark down.
#include "probe.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <type_traits>
#include <unistd.h>

static_assert(std::is_trivially_copyable<Result>::value, "Result goes through a pipe as bytes");

namespace {

bool write_all(int fd, const void *data, size_t n) {
    const char *p = (const char *)data;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w, n -= (size_t)w;
    }
    return true;
}

double clock_now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

} // namespace

bool probe(Lib &lib, const Scene &s, const std::vector<Query> &queries, double timeout, ProbeOut &out) {
    out = ProbeOut();
    int fds[2];
    if (pipe(fds) != 0) return false;
    std::fflush(stdout), std::fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]), close(fds[1]);
        out.note = "fork failed";
        return false;
    }
    if (pid == 0) { // child: one warm-up pass (fills warm caches), then every answer, in query order
        close(fds[0]);
        for (Query q : queries) {
            if (!lib.supports(s, q) || s.sel[q].empty()) continue;
            volatile double sink = lib.pass(q, s.sel[q]);
            (void)sink;
            for (int i : s.sel[q]) {
                Result r = lib.run(q, i);
                if (!write_all(fds[1], &r, sizeof r)) _exit(3);
            }
        }
        close(fds[1]);
        _exit(0);
    }
    close(fds[1]);
    std::vector<char> bytes;
    double deadline = clock_now() + timeout;
    bool timed_out = false;
    for (;;) {
        double left = deadline - clock_now();
        if (left <= 0) {
            timed_out = true;
            break;
        }
        struct pollfd pfd = {fds[0], POLLIN, 0};
        int pr = poll(&pfd, 1, (int)(left * 1000) + 1);
        if (pr < 0 && errno == EINTR) continue;
        if (pr <= 0) continue;
        char buf[1 << 16];
        ssize_t n = read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break; // EOF (or error): the child is done
        bytes.insert(bytes.end(), buf, buf + n);
    }
    close(fds[0]);
    int status = 0;
    if (timed_out) {
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        char note[64];
        std::snprintf(note, sizeof note, "hung (> %.0f s)", timeout);
        out.note = note;
        return false;
    }
    waitpid(pid, &status, 0);
    if (WIFSIGNALED(status)) {
        out.note = std::string("crashed (") + strsignal(WTERMSIG(status)) + ")";
        return false;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        out.note = "failed (exit " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
        return false;
    }
    size_t at = 0;
    out.results.assign(Q_COUNT, std::vector<Result>());
    for (Query q : queries) {
        if (!lib.supports(s, q) || s.sel[q].empty()) continue;
        size_t n = s.sel[q].size();
        if (bytes.size() < at + n * sizeof(Result)) {
            out.note = "short answer";
            return false;
        }
        out.results[q].resize(n);
        std::memcpy((void *)out.results[q].data(), bytes.data() + at, n * sizeof(Result));
        at += n * sizeof(Result);
    }
    return true;
}

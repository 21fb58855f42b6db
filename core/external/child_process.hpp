#pragma once
// A child process spoken to in lines of text: its standard input and its standard output
// are each one end of a Unix socket pair (two pairs, so that a child closing its output
// alone is seen to), its standard error a pipe whose last few kilobytes are kept for
// error messages. Every read and write has a deadline (poll), so a hung child costs at
// most the timeout. The child runs in its own process group: Ctrl-C at the terminal
// reaches bobench only (which then closes its children), and a kill reaches the whole
// group (a shell and what it started).
//
// Written by hand on posix_spawn and poll: Boost.Process (v1, in Debian 12's Boost 1.74)
// reads pipes either blocking or through Boost.Asio, so a deadline per line would need an
// io_context per run; the POSIX calls are shorter than that glue.
#include <chrono>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace bobench::external {

using Clock = std::chrono::steady_clock;

// What went wrong with the child; what() says it in words ("timed out after 2 s ...").
struct ProcessError : std::runtime_error {
    enum class Kind { Start, Timeout, Closed };
    Kind kind;
    ProcessError(Kind k, const std::string& message) : std::runtime_error(message), kind(k) {}
};

// The words of `command` when it is a simple command (words, '...' and "..." quoting,
// backslash escapes), else {"/bin/sh", "-c", command}: pipes, redirections, variables,
// globs, `;`, `&&` or a leading VAR=value need a shell.
std::vector<std::string> command_words(const std::string& command);

class ChildProcess {
public:
    // Starts `command` (see command_words); ProcessError(Start) names it when it cannot.
    explicit ChildProcess(const std::string& command);
    ~ChildProcess();  // kills the process group, and reaps the child
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    void write(std::string_view text, Clock::time_point deadline);
    // The next line without its '\n'; ProcessError(Timeout) at the deadline, (Closed) when
    // the child closed its output (usually: it exited).
    std::string read_line(Clock::time_point deadline);
    // What the child has written and no read_line took, without waiting: "" when it is in
    // step (a second reply to one message is not).
    std::string unread();
    // Waits until the deadline for the child to exit after it was asked to; then kills it.
    // True when it exited (or was killed) by itself, false when bobench killed it.
    bool finish(Clock::time_point deadline);
    void kill();  // SIGKILL to the process group, then reap

    pid_t pid() const { return pid_; }
    // "exited with status 3", "was killed by signal 11 (Segmentation fault)", "is running".
    std::string state();
    // The end of what the child wrote to standard error, or "".
    std::string stderr_tail();

private:
    void drain_stderr();
    bool reap(bool block);

    pid_t pid_ = -1;
    int to_ = -1, from_ = -1, err_ = -1;  // our ends: to its stdin, from its stdout, from its stderr
    std::string in_, err_tail_;
    int status_ = 0;
    bool exited_ = false;
};

}  // namespace bobench::external

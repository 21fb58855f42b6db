#pragma once
// Test support: a `bobench` process in the background that the test stops when a
// condition holds, never after a fixed time, so that a test passes the same way on a fast
// or a slow (or loaded) machine.
#include <functional>
#include <string>
#include <sys/types.h>

namespace bobench::testing {

// Polls `condition` until it holds, with no time limit: a hang is ended by CTest's per-test
// TIMEOUT (CMakeLists.txt), the same on every machine. `gave_up` is polled too: once it
// holds, waiting stops and the result is false (e.g. the process waited on has exited).
// `what` names the condition in failure messages.
bool wait_for(const std::function<bool()>& condition, const std::string& what,
              const std::function<bool()>& gave_up = [] { return false; });

// `bobench <args>` (shell words, already quoted) as a child of the test, with standard
// output to /dev/null and standard error to `stderr_file`. The destructor kills and reaps
// it if the test has not.
class BackgroundCli {
public:
    explicit BackgroundCli(const std::string& args, const std::string& stderr_file = "/dev/null");
    ~BackgroundCli();
    BackgroundCli(const BackgroundCli&) = delete;
    BackgroundCli& operator=(const BackgroundCli&) = delete;

    pid_t pid() const { return pid_; }
    // Waits until `condition` holds; REQUIREs that the process is still running then (it
    // did not finish or die before the moment the test wanted).
    void wait_until(const std::function<bool()>& condition, const std::string& what);
    // Sends `signal` and waits for the process to end: once this returns, nothing it does
    // can change a file any more. Returns the exit status (128 + signal when killed by one).
    int stop_with(int signal);
    // Waits for the process to end by itself; returns the exit status as stop_with does.
    int wait();

private:
    bool exited();  // reaps the process if it has ended
    pid_t pid_ = -1;
    int status_ = -1;  // once reaped
};

}  // namespace bobench::testing

#include "tests/support/process.hpp"

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <catch2/catch.hpp>

namespace bobench::testing {

bool wait_for(const std::function<bool()>& condition, const std::string& what, const std::function<bool()>& gave_up) {
    INFO("waiting for: " << what);
    while (!condition()) {
        if (gave_up()) return false;
        // the poll's pace, not a deadline (a hang is CTest's TIMEOUT); a spin would take a
        // core from the process being waited on
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return true;
}

BackgroundCli::BackgroundCli(const std::string& args, const std::string& stderr_file) {
    const std::string line = std::string("exec '") + BOBENCH_CLI + "' " + args;
    pid_ = ::fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {  // the shell execs bobench in its place: pid_ is bobench's
        const int out = ::open("/dev/null", O_WRONLY), err = ::open(stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int in = ::open("/dev/null", O_RDONLY);
        if (out < 0 || err < 0 || in < 0) ::_exit(126);
        ::dup2(in, 0);
        ::dup2(out, 1);
        ::dup2(err, 2);
        ::execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
}

BackgroundCli::~BackgroundCli() {
    if (status_ >= 0 || pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int raw = 0;
    ::waitpid(pid_, &raw, 0);
}

bool BackgroundCli::exited() {
    if (status_ >= 0) return true;
    int raw = 0;
    const pid_t r = ::waitpid(pid_, &raw, WNOHANG);
    if (r != pid_) return false;
    status_ = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    return true;
}

void BackgroundCli::wait_until(const std::function<bool()>& condition, const std::string& what) {
    const bool held = wait_for(condition, what, [&] { return exited(); });
    INFO("waiting for: " << what << "; the process ended with status " << status_);
    REQUIRE(held);
}

int BackgroundCli::stop_with(int signal) {
    if (!exited()) REQUIRE(::kill(pid_, signal) == 0);
    return wait();
}

int BackgroundCli::wait() {
    wait_for([&] { return exited(); }, "the process to end");
    return status_;
}

}  // namespace bobench::testing

#include "core/external/child_process.hpp"

#include <functional>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <functional>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "core/interrupt.hpp"

extern char** environ;

namespace bobench::external {

namespace {
constexpr std::size_t kStderrKept = 4096;              // bytes of the child's stderr kept for messages
constexpr std::size_t kLongestLine = 64u << 20;        // a reply longer than this is garbage
constexpr std::string_view kShellSyntax = "|&;<>()$`*?[]#~{}!\n";

std::string errno_text(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

// Milliseconds left until the deadline, rounded up, for poll(); 0 when it has passed.
int millis_until(Clock::time_point deadline) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 1 << 30));
}

// poll() until an event, the deadline (0) or a stop request (bobench::Interrupted): in
// slices of at most 100 ms, so that Ctrl-C does not wait for a silent child's timeout.
// `ended`, asked after each quiet slice, ends the wait early (returning -1): the child exited.
int poll_until(pollfd* fds, nfds_t count, Clock::time_point deadline, const std::function<bool()>& ended = {}) {
    for (;;) {
        const int r = ::poll(fds, count, std::min(millis_until(deadline), 100));
        if (stop_requested()) throw Interrupted{};
        if (r != 0 || millis_until(deadline) == 0) return r;
        if (ended && ended()) return -1;
    }
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }
}  // namespace

std::vector<std::string> command_words(const std::string& command) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    auto shell = [&] { return std::vector<std::string>{"/bin/sh", "-c", command}; };
    for (std::size_t i = 0; i < command.size(); ++i) {
        const char c = command[i];
        if (c == ' ' || c == '\t') {
            if (in_word) words.push_back(std::move(word)), word.clear(), in_word = false;
            continue;
        }
        in_word = true;
        if (c == '\'') {
            const std::size_t end = command.find('\'', i + 1);
            if (end == std::string::npos) return shell();  // let the shell report it
            word.append(command, i + 1, end - i - 1);
            i = end;
        } else if (c == '"') {
            for (++i; i < command.size() && command[i] != '"'; ++i) {
                if (command[i] == '$' || command[i] == '`') return shell();
                if (command[i] == '\\' && i + 1 < command.size() && std::strchr("\"\\$`", command[i + 1])) ++i;
                word += command[i];
            }
            if (i >= command.size()) return shell();
        } else if (c == '\\' && i + 1 < command.size()) {
            word += command[++i];
        } else if (kShellSyntax.find(c) != std::string_view::npos || (c == '=' && words.empty())) {
            return shell();  // `=` in the first word: a variable assignment
        } else {
            word += c;
        }
    }
    if (in_word) words.push_back(std::move(word));
    return words;
}

ChildProcess::ChildProcess(const std::string& command) {
    const std::vector<std::string> words = command_words(command);
    if (words.empty()) throw ProcessError(ProcessError::Kind::Start, "the command is empty");
    // Sockets, not pipes: send() takes MSG_NOSIGNAL, so a child that died is an error, no SIGPIPE.
    int in[2] = {-1, -1}, out[2] = {-1, -1}, ep[2] = {-1, -1};
    const auto close_all = [&] {
        for (int fd : {in[0], in[1], out[0], out[1], ep[0], ep[1]})
            if (fd >= 0) ::close(fd);
    };
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in) != 0 ||
        ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, out) != 0) {
        const std::string why = errno_text("socketpair");
        close_all();
        throw ProcessError(ProcessError::Kind::Start, why);
    }
    if (::pipe2(ep, O_CLOEXEC) != 0) {
        const std::string why = errno_text("pipe");
        close_all();
        throw ProcessError(ProcessError::Kind::Start, why);
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[1], 0);  // dup2 clears close-on-exec
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, ep[1], 2);
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    for (int s : {SIGPIPE, SIGINT, SIGTERM}) sigaddset(&defaults, s);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setpgroup(&attr, 0);  // its own process group
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    std::vector<char*> argv;
    for (const std::string& w : words) argv.push_back(const_cast<char*>(w.c_str()));
    argv.push_back(nullptr);
    const int rc = ::posix_spawnp(&pid_, argv[0], &actions, &attr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    for (int* child_end : {&in[1], &out[1], &ep[1]}) {
        ::close(*child_end);
        *child_end = -1;
    }
    if (rc != 0) {
        close_all();
        pid_ = -1;
        throw ProcessError(ProcessError::Kind::Start, "cannot start '" + words[0] + "': " + std::strerror(rc));
    }
    to_ = in[0];
    from_ = out[0];
    err_ = ep[0];
    set_nonblocking(to_);
    set_nonblocking(from_);
    set_nonblocking(err_);
}

ChildProcess::~ChildProcess() {
    kill();
    for (int fd : {to_, from_, err_})
        if (fd >= 0) ::close(fd);
}

void ChildProcess::write(std::string_view text, Clock::time_point deadline) {
    while (!text.empty()) {
        const ssize_t n = ::send(to_, text.data(), text.size(), MSG_NOSIGNAL);  // no SIGPIPE if it died
        if (n > 0) {
            text.remove_prefix(static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            throw ProcessError(ProcessError::Kind::Closed, "it closed its standard input");
        pollfd p[2] = {{to_, POLLOUT, 0}, {err_, POLLIN, 0}};
        const int r = poll_until(p, err_ >= 0 ? 2 : 1, deadline);
        if (r == 0) throw ProcessError(ProcessError::Kind::Timeout, "it does not read its standard input");
        if (p[1].revents) drain_stderr();
    }
}

std::string ChildProcess::read_line(Clock::time_point deadline) {
    char buf[65536];
    for (;;) {
        if (const std::size_t nl = in_.find('\n'); nl != std::string::npos) {
            std::string line = in_.substr(0, nl);
            in_.erase(0, nl + 1);
            return line;
        }
        if (in_.size() > kLongestLine)
            throw ProcessError(ProcessError::Kind::Closed, "it wrote more than 64 MiB without a newline");
        const ssize_t n = ::recv(from_, buf, sizeof buf, 0);
        if (n > 0) {
            in_.append(buf, static_cast<std::size_t>(n));
            continue;
        }
        if (n == 0) throw ProcessError(ProcessError::Kind::Closed, "it closed its standard output");
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK)
            throw ProcessError(ProcessError::Kind::Closed, errno_text("reading its standard output"));
        // a child that exited while a process it started holds the socket never closes it
        if (exited_) throw ProcessError(ProcessError::Kind::Closed, "it exited, a process it started holding its output");
        pollfd p[2] = {{from_, POLLIN, 0}, {err_, POLLIN, 0}};
        const int r = poll_until(p, err_ >= 0 ? 2 : 1, deadline, [this] { return reap(false); });
        if (r < 0) continue;  // it exited: what it wrote before is read first
        if (r == 0) throw ProcessError(ProcessError::Kind::Timeout, "no reply");
        if (err_ >= 0 && p[1].revents) drain_stderr();
    }
}

std::string ChildProcess::unread() {
    char buf[65536];
    for (;;) {
        const ssize_t n = in_.size() > kLongestLine ? 0 : ::recv(from_, buf, sizeof buf, 0);
        if (n > 0) in_.append(buf, static_cast<std::size_t>(n));
        else if (n < 0 && errno == EINTR) continue;
        else return in_;
    }
}

void ChildProcess::drain_stderr() {
    char buf[4096];
    for (;;) {
        const ssize_t n = ::read(err_, buf, sizeof buf);
        if (n > 0) {
            err_tail_.append(buf, static_cast<std::size_t>(n));
            if (err_tail_.size() > 2 * kStderrKept) err_tail_.erase(0, err_tail_.size() - kStderrKept);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n == 0) {  // the child closed it: stop watching
            ::close(err_);
            err_ = -1;
        }
        return;
    }
}

bool ChildProcess::reap(bool block) {
    if (exited_ || pid_ < 0) return true;
    siginfo_t info{};
    int r;
    do r = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOWAIT | (block ? 0 : WNOHANG));
    while (r < 0 && errno == EINTR);
    if (r == 0 && info.si_pid == 0) return false;  // still running
    // Ended but not reaped, so its pid still names its group: what it started (a worker, a
    // shell's children) is killed with it and never outlives the run.
    ::kill(-pid_, SIGKILL);
    pid_t w;
    do w = ::waitpid(pid_, &status_, 0);
    while (w < 0 && errno == EINTR);
    exited_ = true;
    return true;
}

bool ChildProcess::finish(Clock::time_point deadline) {
    auto pause = std::chrono::microseconds(100);
    bool ended = false;
    while (!(ended = reap(false)) && Clock::now() < deadline && !stop_requested()) {
        std::this_thread::sleep_for(pause);
        pause = std::min(2 * pause, std::chrono::microseconds(20000));
    }
    kill();
    return ended;
}

void ChildProcess::kill() {
    if (pid_ < 0 || exited_) return;
    ::kill(-pid_, SIGKILL);
    reap(true);
}

std::string ChildProcess::state() {
    if (!reap(false)) return "is running";
    if (WIFEXITED(status_)) return "exited with status " + std::to_string(WEXITSTATUS(status_));
    if (WIFSIGNALED(status_))
        return "was killed by signal " + std::to_string(WTERMSIG(status_)) + " (" + strsignal(WTERMSIG(status_)) + ")";
    return "ended";
}

std::string ChildProcess::stderr_tail() {
    if (err_ >= 0) drain_stderr();
    std::string tail = err_tail_.size() > kStderrKept ? err_tail_.substr(err_tail_.size() - kStderrKept) : err_tail_;
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == ' ')) tail.pop_back();
    return tail;
}

}  // namespace bobench::external

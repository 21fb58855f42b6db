#include "results/lock.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/io.hpp"

namespace bobench::results {

std::string resolved_output(const std::string& output) {
    namespace fs = std::filesystem;
    // the last name by hand: weakly_canonical leaves a link to a missing file unresolved
    const fs::path p = link_target(output);
    std::error_code ec;
    const fs::path resolved = fs::weakly_canonical(fs::absolute(p, ec), ec);
    return ec ? p.string() : resolved.string();
}

// "'a.h5'", or "'a.h5' (that is '/data/r.h5')" when a link or `..` leads elsewhere.
static std::string named(const std::string& output, const std::string& resolved) {
    std::error_code ec;
    const bool plain = std::filesystem::absolute(output, ec).lexically_normal() == resolved;
    return "'" + output + "'" + (plain ? "" : " (that is '" + resolved + "')");
}

std::string writer_of(const std::string& output) {
    struct stat lock {};
    if (::stat(OutputLock::path_for(output).c_str(), &lock) != 0) return "";
    // The kernel's table of locks, read rather than tried: a reader that took the lock, even
    // shared and for an instant, could make a writer starting then fail.
    const std::string file = fmt::format("{:02x}:{:02x}:{}", major(lock.st_dev), minor(lock.st_dev), lock.st_ino);
    std::ifstream locks("/proc/locks");
    for (std::string line; std::getline(locks, line);) {
        std::istringstream fields(line);
        std::string number, kind, mode, access, pid, id;
        fields >> number >> kind >> mode >> access >> pid >> id;
        if (number.find("->") == std::string::npos && kind == "FLOCK" && access == "WRITE" && id == file) return pid;
    }
    return "";
}

OutputLock::OutputLock(const std::string& output) : path_(path_for(output)) {
    const std::string what = named(output, resolved_output(output));
    // Retried when the file we locked was unlinked by its previous holder in between
    // (our lock would then guard a name nobody else can see).
    for (int attempt = 0; attempt < 100; ++attempt) {
        fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd_ < 0)
            throw UserError("cannot create the lock file '" + path_ + "' of output " + what + ": " +
                            std::strerror(errno));
        if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
            const int err = errno;
            char buf[32] = {};
            const ssize_t n = ::pread(fd_, buf, sizeof buf - 1, 0);
            ::close(fd_);
            fd_ = -1;
            if (err != EWOULDBLOCK)
                throw UserError("cannot lock output " + what + " (" + path_ + "): " + std::strerror(err));
            const std::string holder = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "?";
            throw UserError("output " + what + " is being written by another bobench process (pid " +
                            holder.substr(0, holder.find_first_of("\n ")) +
                            "); wait for it to finish, or choose another --output");
        }
        struct stat opened {}, named {};
        if (::fstat(fd_, &opened) == 0 && ::stat(path_.c_str(), &named) == 0 && opened.st_ino == named.st_ino &&
            opened.st_dev == named.st_dev) {
            const std::string pid = std::to_string(::getpid()) + "\n";
            if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size())) {
                const int err = errno;
                ::close(fd_);
                throw UserError("cannot write the lock file '" + path_ + "': " + std::strerror(err));
            }
            return;
        }
        ::close(fd_);
        fd_ = -1;
    }
    throw UserError("cannot lock output " + what + ": its lock file '" + path_ + "' keeps being replaced");
}

OutputLock::~OutputLock() {
    if (fd_ < 0) return;
    ::unlink(path_.c_str());  // while still holding it: a waiting opener then retries on a new file
    ::close(fd_);
}

}  // namespace bobench::results

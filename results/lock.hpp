#pragma once
// An exclusive lock on a results file, held while one process writes it: a second writer
// is refused at once, naming the holder's pid, instead of both writing and one silently
// losing its runs. The lock is flock(2) on `<output>.lock`, which the kernel releases
// when the holder dies, so a lock left behind by a killed process never blocks a resume.
#include <string>

namespace bobench::results {

class OutputLock {
public:
    // UserError when another live process holds the lock ("... is being written by pid N").
    explicit OutputLock(const std::string& output);
    ~OutputLock();
    OutputLock(const OutputLock&) = delete;
    OutputLock& operator=(const OutputLock&) = delete;

    static std::string path_for(const std::string& output) { return output + ".lock"; }

private:
    std::string path_;
    int fd_ = -1;
};

}  // namespace bobench::results

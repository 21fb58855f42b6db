#pragma once
// An exclusive lock on a results file, held while one process writes it: a second writer
// is refused at once, naming the holder's pid, instead of both writing and one silently
// losing its runs. The lock is flock(2) on `<output>.lock`, which the kernel releases
// when the holder dies, so a lock left behind by a killed process never blocks a resume.
// Lock, journal and temporary file all go beside the resolved output: two names of one
// file (a symbolic link, `..`) share one lock instead of both writing.
#include <string>

namespace bobench::results {

// The file that writing `output` replaces: symbolic links followed (also a link to a file
// not there yet), then the absolute path without `.`, `..` or linked folders.
std::string resolved_output(const std::string& output);

// The pid of the live bobench process writing `output` (it holds the lock), or "" when none:
// a reader of the file then sees the runs saved before, not those in the writer's journal.
std::string writer_of(const std::string& output);

class OutputLock {
public:
    // Locks resolved_output(output). UserError when another live process holds the lock
    // ("... is being written by pid N").
    explicit OutputLock(const std::string& output);
    ~OutputLock();
    OutputLock(const OutputLock&) = delete;
    OutputLock& operator=(const OutputLock&) = delete;

    static std::string path_for(const std::string& output) { return resolved_output(output) + ".lock"; }

private:
    std::string path_;
    int fd_ = -1;
};

}  // namespace bobench::results

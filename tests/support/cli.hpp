#pragma once
// Test support: run the real `bobench` binary and collect what it printed, and make
// private temporary folders.
#include <filesystem>
#include <string>

namespace bobench::testing {

struct CliResult {
    int status;       // exit status
    std::string out;  // standard output
    std::string err;  // standard error
};

// Runs `bobench <args>` through the shell (args are shell words, already quoted).
CliResult run_cli(const std::string& args);
// Runs `bobench <args>` and REQUIREs exit status 0, showing the arguments and standard
// error when it fails; the result for the checks that follow.
CliResult run_ok(const std::string& args);
// Runs any shell command line, capturing its standard output and error.
CliResult run_shell(const std::string& command);
// `bobench <args> <redirect>` with its files limited to `bytes` (RLIMIT_FSIZE: writes beyond
// it fail with EFBIG, as on a full disk). Its standard output and error go through a pipe,
// which the limit does not apply to, and come back in `err`.
CliResult run_limited(long bytes, const std::string& args, const std::string& redirect = "");
// Checks (Catch2 CHECKs) that `bobench <args>` exits with status 2 and says `message` on
// standard error.
void check_refused(const std::string& args, const std::string& message);

// The output of `bobench <args>` with FILE in args standing for `file`, and the file's name in
// the output put back to FILE, so that the outputs for two files compare.
std::string output_for(const std::string& args, const std::string& file);

// A fresh folder under the system temp dir, removed with its contents on destruction.
class TempDir {
public:
    TempDir();
    ~TempDir();
    const std::filesystem::path& path() const { return path_; }
    std::string operator/(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

std::string read_file(const std::string& path);
void write_file(const std::string& path, const std::string& text);

}  // namespace bobench::testing

#include "tests/support/cli.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "tests/support/text.hpp"

namespace bobench::testing {

TempDir::TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "bobench-test-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
}

TempDir::~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void write_file(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

CliResult run_cli(const std::string& args) { return run_shell(std::string("'") + BOBENCH_CLI + "' " + args); }

CliResult run_ok(const std::string& args) {
    CliResult r = run_cli(args);
    INFO("bobench " << args << "\nstderr: " << r.err);
    REQUIRE(r.status == 0);
    return r;
}

std::string output_for(const std::string& args, const std::string& file) {
    return replaced(run_ok(replaced(args, "FILE", "'" + file + "'")).out, file, "FILE");
}

void check_refused(const std::string& args, const std::string& message) {
    const CliResult r = run_cli(args);
    INFO(args << "\nstderr: " << r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find(message) != std::string::npos);
}

CliResult run_shell(const std::string& command) {
    TempDir tmp;
    const std::string out = tmp / "out", err = tmp / "err";
    const std::string cmd = command + " >'" + out + "' 2>'" + err + "' </dev/null";
    const int raw = std::system(cmd.c_str());
    const int status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    return {status, read_file(out), read_file(err)};
}

CliResult run_limited(long bytes, const std::string& args, const std::string& redirect) {
    const auto r = run_shell("{ { prlimit --fsize=" + std::to_string(bytes) + " '" + BOBENCH_CLI + "' " + args +
                             " 2>&1 " + redirect + "; echo \"exit status $?\"; } | cat; }");
    const auto at = r.out.rfind("exit status ");
    REQUIRE(at != std::string::npos);
    return {std::stoi(r.out.substr(at + 12)), "", r.out.substr(0, at)};
}

}  // namespace bobench::testing

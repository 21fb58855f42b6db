// A results file written by an older build (tests/data/results_87d9104, made by build 87d9104
// before the experiment schema, the hdf5/ layer and the runner's split) must still read, export
// and resume: a refactoring may not orphan the files users keep.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/support/cli.hpp"

using namespace bobench::testing;

namespace {
std::string old_file(const std::string& name) { return std::string(BOBENCH_TEST_DATA_DIR) + "/results_87d9104/" + name; }
}  // namespace

TEST_CASE("a results file of build 87d9104 exports byte-identically to that build's export", "[results][compat]") {
    const CliResult exported = run_cli("export " + old_file("partial.h5"));
    REQUIRE(exported.status == 0);
    CHECK(exported.out == read_file(old_file("partial.csv")));
}

TEST_CASE("a results file of build 87d9104 resumes with the runs it lacks, as that build ran them", "[results][compat]") {
    TempDir dir;
    std::filesystem::copy_file(old_file("partial.h5"), dir / "resumed.h5");
    const std::string run = "run " + old_file("spec.ini") + " -q --output " + dir / "resumed.h5";

    // another build's file takes new runs only when asked, naming both builds
    const CliResult refused = run_cli(run);
    CHECK(refused.status == 2);
    CHECK(refused.err.find("87d9104be875") != std::string::npos);
    CHECK(refused.err.find("--across-builds") != std::string::npos);

    const CliResult resumed = run_cli(run + " --across-builds");
    REQUIRE(resumed.status == 0);
    CHECK(resumed.err.find("12 of 18 runs were already done and were kept") != std::string::npos);
    // full.csv: build 87d9104's export of the same spec run whole (replicates 0-2)
    CHECK(run_cli("export " + dir / "resumed.h5").out == read_file(old_file("full.csv")));
}

// What a hostile probe found (issue #43, part 4): two names of one results file, outputs
// that are the command's own inputs, and a few refusals that came too late or not at all.
// No case depends on timing: a writer in progress is the lock taken here, as a run takes it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <unistd.h>

#include "results/lock.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using bobench::testing::check_refused;
using bobench::testing::read_file;
using bobench::testing::run_cli;
using bobench::testing::run_shell;
using bobench::testing::TempDir;
using bobench::testing::write_file;
namespace fs = std::filesystem;

namespace {
const std::string two_optimizers =
    "run --problem branin --optimizer random-search --optimizer de --budget 5 --replicates 2 --quiet ";
}  // namespace

TEST_CASE("probe: a second writer through a link to a results file in use is refused", "[cli][probe]") {
    TempDir dir;
    const std::string out = dir / "r.h5", link = dir / "a.h5";
    REQUIRE(run_cli(two_optimizers + "--output " + out).status == 0);
    const std::string before = read_file(out);
    fs::create_symlink("r.h5", link);  // relative, as `ln -s r.h5 a.h5` makes it
    const std::string more = "run --problem branin --optimizer random-search --budget 5 --replicates 4 --quiet ";
    const std::string pid = std::to_string(::getpid());
    {
        const results::OutputLock writer(out);  // what `bobench run --output r.h5` holds while it runs
        check_refused(more + "--output " + link, "output '" + link + "' (that is '" + fs::canonical(out).string() +
                                                     "') is being written by another bobench process (pid " + pid + ")");
    }
    {
        const results::OutputLock writer(link);  // and the other way round
        check_refused(more + "--output " + out, "output '" + out + "' is being written by another bobench process");
    }
    CHECK(read_file(out) == before);
    CHECK_FALSE(fs::exists(link + ".lock"));
    CHECK_FALSE(fs::exists(link + ".journal"));
    // once the file is free, a run through the link adds to it
    REQUIRE(run_cli(more + "--output " + link).status == 0);
    CHECK(fs::is_symlink(link));
    CHECK_FALSE(fs::exists(out + ".lock"));
}

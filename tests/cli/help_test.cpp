// Help that tells (#41 item 6): names for scripts, and one man page per command, made from
// the commands' own options.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>

#include "tests/support/cli.hpp"

using bobench::testing::run_cli;

namespace {
std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}
}  // namespace

TEST_CASE("list optimizers --names and list problems --names print one canonical id a line", "[cli][help]") {
    for (const std::string what : {"optimizers", "problems"}) {
        const auto names = run_cli("list " + what + " --names");
        INFO(names.err);
        REQUIRE(names.status == 0);
        // the entries of the full list: its lines that are not indented
        std::vector<std::string> entries;
        for (const std::string& line : lines(run_cli("list " + what).out))
            if (!line.empty() && line[0] != ' ') entries.push_back(line);
        CHECK(lines(names.out) == entries);
        CHECK(entries.size() > 10);
        for (const std::string& name : lines(names.out))
            CHECK(name.find_first_of(" =()") == std::string::npos);  // an id, nothing else
    }
    CHECK(lines(run_cli("list optimizers --names").out).front() == "bohamiann");
}

// Help that tells (#41 item 6): names for scripts, and one man page per command, made from
// the commands' own options.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>
#include <string>

#include "tests/support/cli.hpp"

using bobench::testing::run_cli;
using bobench::testing::run_ok;

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
        const auto names = run_ok("list " + what + " --names");
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

namespace {
// The long options a `--help` lists: "  -h [ --help ]", "  --budget arg".
std::vector<std::string> help_options(const std::string& help) {
    std::vector<std::string> out;
    for (const std::string& line : lines(help)) {
        const std::size_t at = line.find("--");
        if (line.rfind("  -", 0) != 0 || at == std::string::npos || at > 8) continue;
        out.push_back(line.substr(at, line.find_first_of(" ]", at) - at));
    }
    return out;
}

// The --help calls of a command: its own, and those of its subcommands.
std::vector<std::string> help_calls(const std::string& command) {
    if (command == "reproduce") return {"reproduce --help", "reproduce show --help"};
    if (command == "tabular") return {"tabular fixture --help", "tabular info --help"};
    return {command + " --help"};
}

std::string roff_dashes(const std::string& option) {
    std::string out;
    for (char c : option) out += c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
}
}  // namespace

TEST_CASE("every command has a man page naming each option its --help lists, and man renders it", "[cli][help]") {
    bobench::testing::TempDir dir;
    run_ok("help --man '" + (dir / "man") + "'");
    // the commands, as `bobench --help` lists them
    std::vector<std::string> commands;
    const std::string usage = run_cli("--help").out;
    const std::size_t from = usage.find("commands:\n") + 10;
    for (const std::string& line : lines(usage.substr(from, usage.find("\n\n", from) - from)))
        commands.push_back(line.substr(2, line.find(' ', 2) - 2));
    REQUIRE(commands.size() >= 13);
    CHECK(commands.front() == "eval");
    const std::string main_page = bobench::testing::read_file(dir / "man/bobench.1");
    CHECK(main_page.rfind(".TH BOBENCH \"1\"", 0) == 0);
    const bool have_man = bobench::testing::run_shell("command -v man").status == 0;
    for (const std::string& command : commands) {
        INFO(command);
        const std::string file = dir / ("man/bobench-" + command + ".1");
        REQUIRE(std::filesystem::exists(file));
        const std::string page = bobench::testing::read_file(file);
        CHECK(page.rfind(".TH BOBENCH\\-", 0) == 0);
        CHECK(main_page.find(".BR bobench\\-" + command + " (1)") != std::string::npos);
        // the installed page is the one the build wrote, the same as a fresh one
        CHECK(bobench::testing::read_file(std::string(BOBENCH_MAN_DIR) + "/bobench-" + command + ".1") == page);
        std::vector<std::string> options;
        for (const std::string& call : help_calls(command))
            for (const std::string& o : help_options(run_cli(call).out)) options.push_back(o);
        CHECK(options.size() >= 2);
        for (const std::string& option : options) {
            INFO(option);
            CHECK(page.find("\\fB" + roff_dashes(option) + "\\fR") != std::string::npos);
        }
        if (!have_man) continue;  // without man: the roff text above is what is checked
        // rendered without a warning (--warnings: groff's), every option readable
        const auto shown =
            bobench::testing::run_shell("LC_ALL=C MANWIDTH=100 MANPAGER=cat man --warnings -l '" + file + "'");
        CHECK(shown.status == 0);
        CHECK(shown.err == "");
        CHECK(shown.out.find("bobench-" + command) != std::string::npos);
        for (const std::string& option : options) CHECK(shown.out.find(option) != std::string::npos);
    }
}

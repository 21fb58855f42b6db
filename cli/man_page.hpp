#pragma once
// Man pages in roff, made from the commands' own option descriptions (the --help they
// print), so that a page cannot drift from its command: `bobench help --man DIR` writes
// bobench.1 and one bobench-COMMAND.1 per command.
#include <string>
#include <utility>
#include <vector>

#include <boost/program_options/options_description.hpp>

namespace bobench::cli {

// What one `--help` of a command shows: its caption (usage, then after three spaces what it
// does), its options and the notes printed after them.
struct HelpSection {
    std::string caption;
    std::vector<std::pair<std::string, std::string>> options;  // roff name line, description
    std::string notes;
};

HelpSection help_section(const boost::program_options::options_description& opts, const std::string& notes);

// bobench-COMMAND(1): NAME from `summary`, a SYNOPSIS line and an OPTIONS part per section
// (a command with subcommands has several).
std::string command_man_page(const std::string& command, const std::string& summary,
                             const std::vector<HelpSection>& sections);

// bobench(1): every command with its summary and page, and the exit statuses.
std::string main_man_page(const std::vector<std::pair<std::string, std::string>>& commands,
                          const std::string& exit_status);

}  // namespace bobench::cli

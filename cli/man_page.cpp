#include "cli/man_page.hpp"

#include <cctype>
#include <sstream>

#include <boost/program_options/cmdline.hpp>

#include "core/text.hpp"
#include "core/version.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

namespace {
// Text as roff prints it: backslashes escaped, no line taken for a request (a leading '.'
// or '\''), and `dashes` minus signs (option names, which a reader copies).
std::string roff(const std::string& text, bool dashes = false) {
    std::string out;
    bool line_start = true;
    for (const char c : text) {
        if (line_start && (c == '.' || c == '\'')) out += "\\&";
        if (c == '\\') out += "\\e";
        else if (c == '-' && dashes) out += "\\-";
        else out += c;
        line_start = c == '\n';
    }
    return out;
}

// "bobench list optimizers|problems   what it does" (or "usage: what it does"): the usage,
// and what it does.
std::pair<std::string, std::string> split_caption(const std::string& caption) {
    std::size_t gap = caption.find("   "), skip = 3;
    if (gap == std::string::npos) gap = caption.find(": "), skip = 2;
    if (gap == std::string::npos) return {trim(caption), ""};
    return {trim(caption.substr(0, gap)), trim(caption.substr(gap + skip))};
}

std::string header(const std::string& title, const std::string& name, const std::string& summary) {
    std::string upper = title;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return ".TH " + roff(upper, true) + " \"1\" \"\" \"bobench " + version + "\" \"bobench manual\"\n.SH NAME\n" +
           roff(name, true) + " \\- " + roff(summary) + "\n";
}
}  // namespace

HelpSection help_section(const po::options_description& opts, const std::string& notes) {
    std::ostringstream printed;  // boost keeps the caption to itself: it is the first line of --help, less its ':'
    printed << opts;
    std::string caption = printed.str().substr(0, printed.str().find('\n'));
    if (!caption.empty() && caption.back() == ':') caption.pop_back();
    HelpSection section{caption, {}, notes};
    for (const auto& option : opts.options()) {
        const std::string dash_short = option->canonical_display_name(po::command_line_style::allow_dash_for_short);
        std::string name = "\\fB" + roff("--" + option->long_name(), true) + "\\fR";
        if (dash_short.size() == 2 && dash_short[0] == '-') name = "\\fB" + roff(dash_short, true) + "\\fR, " + name;
        if (const std::string parameter = option->format_parameter(); !parameter.empty())
            name += " \\fI" + roff(parameter, true) + "\\fR";
        section.options.emplace_back(name, roff(option->description()));
    }
    return section;
}

std::string command_man_page(const std::string& command, const std::string& summary,
                             const std::vector<HelpSection>& sections) {
    std::string page = header("bobench-" + command, "bobench-" + command, summary) + ".SH SYNOPSIS\n";
    for (const HelpSection& s : sections) page += ".B " + roff(split_caption(s.caption).first, true) + "\n.br\n";
    const bool one = sections.size() == 1;  // else an OPTIONS subsection per subcommand, with what it does
    page += ".SH DESCRIPTION\n" + roff(summary) + ".\n";
    if (const std::string what = split_caption(sections.front().caption).second; one && !what.empty())
        page += ".PP\n" + roff(what) + "\n";
    for (const HelpSection& s : sections)
        if (!s.notes.empty()) page += ".PP\n" + roff(s.notes);
    page += ".SH OPTIONS\n";
    for (const HelpSection& s : sections) {
        const auto [usage, what] = split_caption(s.caption);
        if (!one) page += ".SS " + roff(usage, true) + "\n" + (what.empty() ? "" : roff(what) + "\n");
        for (const auto& [name, description] : s.options) page += ".TP\n" + name + "\n" + description + "\n";
    }
    return page + ".SH SEE ALSO\n.BR bobench (1)\n";
}

std::string main_man_page(const std::vector<std::pair<std::string, std::string>>& commands,
                          const std::string& exit_status) {
    std::string page = header("BOBENCH", "bobench", "benchmark black-box and Bayesian optimizers") +
                       ".SH SYNOPSIS\n.B bobench\n\\fICOMMAND\\fR [\\fIARGS\\fR]\n.br\n.B bobench \\-\\-version\n"
                       ".SH DESCRIPTION\nEach command has its options in its page and in "
                       "\\fBbobench\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR.\n.SH COMMANDS\n";
    for (const auto& [name, summary] : commands) page += ".TP\n" + name + "\n" + roff(summary) + "\n";
    page += ".SH EXIT STATUS\n" + roff(exit_status) + ".SH SEE ALSO\n";
    std::vector<std::string> pages;
    for (const auto& [name, summary] : commands) pages.push_back(".BR bobench\\-" + name + " (1)");
    return page + join(pages, ",\n") + "\n";
}

}  // namespace bobench::cli

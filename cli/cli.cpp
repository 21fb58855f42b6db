#include "cli/cli.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <malloc.h>
#include <map>
#include <string_view>
#include <unistd.h>

#include <boost/program_options/errors.hpp>
#include <fmt/format.h>

#include "cli/man_page.hpp"
#include "core/error.hpp"
#include "core/io.hpp"
#include "core/interrupt.hpp"
#include "core/text.hpp"
#include "core/version.hpp"
#include "results/lock.hpp"

namespace bobench::cli {

std::atomic<bool>& stop_flag() { return stop_requested(); }

namespace {
std::atomic<int> stop_signal{SIGINT};  // the last one received

struct Command {
    int (*run)(const Args&);
    const char* summary;
};

const std::map<std::string, Command>& commands() {
    static const std::map<std::string, Command> table = {
        {"reproduce", {cli::reproduce, "run a paper's experiment and compare ours with its published numbers"}},
        {"run", {cli::run, "run an experiment (spec file and/or --problem/--optimizer) into an HDF5 results file"}},
        {"merge", {cli::merge, "join the results files of `run --shard K/N` into one (checks they belong together)"}},
        {"slurm", {cli::slurm, "write (and --submit) a Slurm job array of shards plus a merge job for a spec"}},
        {"keep", {cli::keep, "copy a results file without its points (values only, compressed), to keep in a repository"}},
        {"list", {cli::list, "list optimizers or problems with descriptions and default parameters"}},
        {"eval", {cli::eval, "evaluate a problem at points read from a file or standard input"}},
        {"export", {cli::export_traces, "export a results file as a tidy CSV table (--curves: per-iteration summaries)"}},
        {"rank", {cli::rank, "rank the optimizers of a results file (Borda/Firsts, significance, Markdown)"}},
        {"table", {cli::table, "final regret per problem and optimizer as a Markdown, LaTeX or CSV table"}},
        {"plot", {cli::plot, "regret curves, runtime ECDFs, aggregates, critical-difference diagrams (PNG and SVG, "
                             "via gnuplot)"}},
        {"report", {cli::report, "one self-contained HTML page of a results file: provenance, ranking, tables, curves"}},
        {"stats", {cli::stats, "Mann-Whitney U (mwu) or Friedman test on numbers from CSV files"}},
        {"tabular", {cli::tabular, "tabular benchmarks: write a synthetic fixture table, or summarise a table file"}},
    };
    return table;
}

const char* const exit_status_text =
    "0 done; 1 a run failed, or an output could not be written (disk full: finished runs\n"
    "are saved, free space and run the command again); 2 bad input, refused before anything runs;\n"
    "130 / 143 stopped by SIGINT (Ctrl-C) / SIGTERM, finished runs are saved (a second signal: at once,\n"
    "the journalled runs kept)\n";

void usage(std::ostream& out) {
    out << "usage: bobench COMMAND [ARGS]   (bobench COMMAND --help for its options)\n\ncommands:\n";
    for (const auto& [name, cmd] : commands()) out << "  " << name << std::string(12 - name.size(), ' ') << cmd.summary << "\n";
    out << "\nexit status: " << exit_status_text;
}

// Set while `help --man` writes a command's page: parse_words then collects what --help
// would print here instead of printing it.
std::vector<HelpSection>* man_sections = nullptr;

// The --help calls whose options a command's page gathers: its own, and its subcommands'.
std::vector<Args> help_calls(const std::string& command) {
    if (command == "reproduce") return {{"--help"}, {"show", "--help"}};
    if (command == "tabular") return {{"fixture", "--help"}, {"info", "--help"}};
    return {{"--help"}};
}

// bobench.1 and bobench-COMMAND.1 of every command into `dir` (hidden: `bobench help --man DIR`,
// which the build runs).
void write_man_pages(const std::string& dir) {
    std::filesystem::create_directories(dir);
    std::vector<std::pair<std::string, std::string>> summaries;
    for (const auto& [name, cmd] : commands()) {
        summaries.emplace_back(name, cmd.summary);
        std::vector<HelpSection> sections;
        man_sections = &sections;
        for (const Args& call : help_calls(name)) cmd.run(call);
        man_sections = nullptr;
        if (sections.empty()) throw std::logic_error("bobench " + name + " --help reads no options: no man page");
        write_text_file(dir + "/bobench-" + name + ".1", command_man_page(name, cmd.summary, sections));
    }
    write_text_file(dir + "/bobench.1", main_man_page(summaries, exit_status_text));
}

extern "C" void on_signal(int sig) {
    stop_signal.store(sig);
    if (!stop_flag().exchange(true)) return;
    // the second: at once, even while a run is stuck inside an optimizer; the journalled runs
    // are kept, as after a kill (write and _exit: all a handler may call)
    static const char message[] = "bobench: stopped at once by a second signal (a run keeps its journalled runs)\n";
    [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, message, sizeof message - 1);
    ::_exit(128 + sig);
}
}  // namespace

int interrupted_status() { return 128 + stop_signal.load(); }

std::optional<boost::program_options::variables_map> parse_words(
    const Args& args, const boost::program_options::options_description& opts, const char* positional, int count,
    const boost::program_options::options_description& hidden, const std::string& notes) {
    namespace po = boost::program_options;
    po::positional_options_description pos;
    pos.add(positional, count);
    po::options_description all;
    all.add(opts).add(hidden);
    po::variables_map vm;
    try {
        po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
    } catch (const po::unknown_option& e) {  // a misspelt flag: suggest the nearest one, as for ids
        std::vector<std::string> flags;
        for (const auto& option : opts.options()) flags.push_back("--" + option->long_name());
        const std::string near = closest(e.get_option_name(), flags);
        if (near.empty()) throw;
        throw po::error(std::string(e.what()) + " (did you mean '" + near + "'?)");
    }
    if (vm.count("help") && man_sections) {
        man_sections->push_back(help_section(opts, notes));
        return std::nullopt;
    }
    if (vm.count("help")) {
        std::cout << opts << "\n" << notes;
        return std::nullopt;
    }
    return vm;
}

void write_output(const boost::program_options::variables_map& vm, const std::vector<InputFile>& inputs,
                  const std::function<void(std::ostream&)>& write) {
    if (!vm.count("output")) {
        write(std::cout);
        return;
    }
    const std::string path = vm["output"].as<std::string>();
    check_output_file("--output", path, inputs);
    write_file_atomically(path, write);
}

results::Results read_results_file(const std::string& path, bool with_points, const std::string& command) {
    if (const std::string pid = results::writer_of(path); !pid.empty())
        std::cerr << "bobench " << command << ": note: '" << path << "' is being written by bobench process " << pid
                  << ": this reads the runs of its last checkpoint; those finished since are in its journal until "
                     "it ends\n";
    return results::read_results(path, with_points);
}

std::string command_line(const std::string& command, const Args& args) {
    std::string line = "bobench " + command;
    for (const std::string& a : args) {
        const bool plain = !a.empty() && a.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                             "0123456789-_=:,./+@%") == std::string::npos;
        if (plain) {
            line += " " + a;
            continue;
        }
        std::string quoted = "'";
        for (char c : a) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
        line += " " + quoted + "'";
    }
    return line;
}

void tune_allocator() {
    // glibc would give every trace column over 128 KB its own mapping (a 2000-evaluation
    // run in 10 dimensions has one) and unmap them one by one when the results are freed
    // at the end: for 768 such runs that took 80 ms of one thread after the file was
    // written. From the heap they are freed without system calls, and the kernel takes
    // the pages back at exit. 32 MB is glibc's largest threshold; nothing freed is
    // returned to the system before the end (a study's memory peaks at its end anyway).
    ::mallopt(M_MMAP_THRESHOLD, 32 << 20);
    ::mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

int main(int argc, char** argv) {
    tune_allocator();
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    std::signal(SIGXFSZ, SIG_IGN);  // over a file-size limit: write() fails with EFBIG, reported by name
    if (argc < 2) {
        usage(std::cerr);
        return 2;
    }
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help" || name == "--version" || name == "version") {
        try {
            if (name == "--version" || name == "version") std::cout << "bobench " << version << " (" << git_revision << ")\n";
            else if (name == "help" && argc == 4 && std::string(argv[2]) == "--man") write_man_pages(argv[3]);
            else usage(std::cout);
            check_written(std::cout, "standard output");  // a help that reached no one is a failure
            return 0;
        } catch (...) {
            return report_error(name, std::current_exception());
        }
    }
    auto it = commands().find(name);
    if (it == commands().end()) {
        std::vector<std::string> names;
        for (const auto& [n, c] : commands()) names.push_back(n);
        std::string msg = "bobench: unknown command '" + name + "'";
        if (const std::string near = closest(name, names); !near.empty()) msg += " (did you mean '" + near + "'?)";
        std::cerr << msg << "; commands: " << join(names, ", ") << "\n";
        return 2;
    }
    try {
        const int status = it->second.run(Args(argv + 2, argv + argc));
        check_written(std::cout, "standard output");  // a full disk or /dev/full is an error
        return status;
    } catch (...) {
        return report_error(name, std::current_exception());
    }
}

namespace {
// Control characters of echoed input shown as \xNN: an escape sequence in a bad spec line
// would otherwise reach the terminal and act there (clear it, retitle it). Newlines and tabs
// stay: messages are laid out with them.
std::string printable(std::string_view message) {
    std::string out;
    for (const char c : message) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte < 0x20 && c != '\n' && c != '\t') || byte == 0x7f) out += fmt::format("\\x{:02x}", byte);
        else out += c;
    }
    return out;
}
}  // namespace

// A message that echoes a huge field or token (a 5 MB line of a data file, an optimizer's
// whole error output) keeps its start and its end, where the hint is.
std::string printed_message(std::string_view raw) {
    const std::string message = printable(raw);
    constexpr std::size_t keep_head = 800, keep_tail = 300;
    if (message.size() <= keep_head + keep_tail + 100) return message;
    const auto continuation = [&](std::size_t at) { return (static_cast<unsigned char>(message[at]) & 0xC0) == 0x80; };
    std::size_t head = keep_head, tail_start = message.size() - keep_tail;
    while (head > 0 && continuation(head)) --head;  // never cut a UTF-8 character in two
    while (tail_start < message.size() && continuation(tail_start)) ++tail_start;
    return fmt::format("{} [... {} bytes left out ...] {}", message.substr(0, head), tail_start - head,
                       message.substr(tail_start));
}

int report_error(const std::string& command, std::exception_ptr error) {
    try {
        std::rethrow_exception(error);
    } catch (const UserError& e) {
        std::cerr << "bobench " << command << ": error: " << printed_message(e.what()) << "\n";
        return 2;
    } catch (const Interrupted&) {
        std::cerr << "bobench " << command << ": stopped by signal " << interrupted_status() - 128 << "\n";
        return interrupted_status();
    } catch (const std::filesystem::filesystem_error& e) {
        // a path the user gave that the system cannot follow (a loop of links, a missing folder,
        // no permission) is the user's to mend: rc 2; anything else the system's: rc 1
        const int code = e.code().value();
        const bool users = code == ELOOP || code == ENOENT || code == ENOTDIR || code == EACCES || code == ENAMETOOLONG;
        const std::string path = e.path1().empty() ? std::string() : "'" + e.path1().string() + "': ";
        std::cerr << "bobench " << command << (users ? ": error: " : ": failed: ") << "cannot use " << printed_message(path)
                  << e.code().message() << (code == ELOOP ? " (a loop of symbolic links)" : "") << "\n";
        return users ? 2 : 1;
    } catch (const boost::program_options::error& e) {
        std::cerr << "bobench " << command << ": error: " << printed_message(e.what()) << " (see bobench " << command
                  << " --help)\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "bobench " << command << ": failed: " << printed_message(e.what()) << "\n";
        return 1;
    }
}

}  // namespace bobench::cli

#include "cli/cli.hpp"

#include <csignal>
#include <fstream>
#include <iostream>
#include <map>

#include <boost/program_options/errors.hpp>

#include "core/error.hpp"
#include "core/text.hpp"
#include "core/version.hpp"

namespace bobench::cli {

std::atomic<bool>& stop_flag() {
    static std::atomic<bool> flag{false};
    return flag;
}

namespace {
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
        {"list", {cli::list, "list optimizers or problems with descriptions and default parameters"}},
        {"eval", {cli::eval, "evaluate a problem at points read from a file or standard input"}},
        {"export", {cli::export_traces, "export a results file as a tidy CSV table (--curves: per-iteration summaries)"}},
        {"rank", {cli::rank, "rank the optimizers of a results file (Borda/Firsts, significance, Markdown)"}},
        {"table", {cli::table, "final regret per problem and optimizer as a Markdown, LaTeX or CSV table"}},
        {"plot", {cli::plot, "median and inter-quartile regret curves per problem (PNG and SVG, via gnuplot)"}},
        {"stats", {cli::stats, "Mann-Whitney U (mwu) or Friedman test on numbers from CSV files"}},
        {"tabular", {cli::tabular, "tabular benchmarks: write a synthetic fixture table, or summarise a table file"}},
    };
    return table;
}

void usage(std::ostream& out) {
    out << "usage: bobench COMMAND [ARGS]   (bobench COMMAND --help for its options)\n\ncommands:\n";
    for (const auto& [name, cmd] : commands()) out << "  " << name << std::string(12 - name.size(), ' ') << cmd.summary << "\n";
}

extern "C" void on_signal(int) { stop_flag().store(true); }
}  // namespace

std::optional<boost::program_options::variables_map> parse_words(const Args& args,
                                                                 const boost::program_options::options_description& opts,
                                                                 const char* positional, int count) {
    namespace po = boost::program_options;
    po::positional_options_description pos;
    pos.add(positional, count);
    po::variables_map vm;
    po::store(po::command_line_parser(args).options(opts).positional(pos).run(), vm);
    if (vm.count("help")) {
        std::cout << opts << "\n";
        return std::nullopt;
    }
    return vm;
}

void write_output(const boost::program_options::variables_map& vm, const std::function<void(std::ostream&)>& write) {
    if (!vm.count("output")) {
        write(std::cout);
        return;
    }
    const std::string path = vm["output"].as<std::string>();
    std::ofstream file(path);
    if (file) write(file);
    if (!file) throw UserError("cannot write '" + path + "'");
}

int main(int argc, char** argv) {
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    if (argc < 2) {
        usage(std::cerr);
        return 2;
    }
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        usage(std::cout);
        return 0;
    }
    if (name == "--version" || name == "version") {
        std::cout << "bobench " << version << " (" << git_revision << ")\n";
        return 0;
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
        return it->second.run(Args(argv + 2, argv + argc));
    } catch (...) {
        return report_error(name, std::current_exception());
    }
}

int report_error(const std::string& command, std::exception_ptr error) {
    try {
        std::rethrow_exception(error);
    } catch (const UserError& e) {
        std::cerr << "bobench " << command << ": error: " << e.what() << "\n";
        return 2;
    } catch (const boost::program_options::error& e) {
        std::cerr << "bobench " << command << ": error: " << e.what() << " (see bobench " << command << " --help)\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "bobench " << command << ": failed: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace bobench::cli

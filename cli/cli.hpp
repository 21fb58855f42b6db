#pragma once
// The `bobench` command line: one function per subcommand, one dispatcher.
#include <atomic>
#include <exception>
#include <filesystem>
#include <functional>
#include <ostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/program_options.hpp>

#include "results/store.hpp"
#include "runners/experiment.hpp"
#include "runners/plan.hpp"

namespace bobench::cli {

// Raised by SIGINT/SIGTERM; long-running commands stop cleanly when it becomes true.
std::atomic<bool>& stop_flag();
// The exit status of a command stopped by a signal: 128 + the signal's number (130 for
// SIGINT, 143 for SIGTERM).
int interrupted_status();
// Malloc settings for a process that keeps every run's trace until it ends (both mains
// call it first).
void tune_allocator();

using Args = std::vector<std::string>;  // the words after the subcommand

// Parses a subcommand's words against its options, the positional words filling option
// `positional` (`count` of them, -1: all). Prints the options and returns nothing when
// --help is asked, followed by `notes`; unknown options are errors naming the option (and
// the nearest known one). `hidden` options are parsed but not shown by --help (test hooks).
std::optional<boost::program_options::variables_map> parse_words(
    const Args& args, const boost::program_options::options_description& opts, const char* positional, int count,
    const boost::program_options::options_description& hidden = {}, const std::string& notes = "");

// A file a command reads, as its messages name it: {"results file", "r.h5"}.
struct InputFile {
    std::string what;
    std::string path;
};

// Refuses (UserError: exit status 2) to write the output `path`, given by `option`, when it
// is one of `inputs` (also through a link, `..` or a hard link), or an existing results file
// or experiment spec, which a report, table or script would destroy. Every command that
// writes a file calls it before computing or writing anything.
void check_output_file(const std::string& option, const std::string& path, const std::vector<InputFile>& inputs);

// Streams a command's output to the file named by its --output option, else to standard
// output; the file is checked first (check_output_file against `inputs`) and written whole
// or not at all (write_file_atomically: an old file is kept on a failure). UserError
// naming the file when it cannot be created, std::runtime_error when writing it fails
// (disk full).
void write_output(const boost::program_options::variables_map& vm, const std::vector<InputFile>& inputs,
                  const std::function<void(std::ostream&)>& write);

int run(const Args& args);
// `run` as one process of several (bobench-mpi): the writer (MPI rank 0) runs the
// experiment through `executor`; every other process calls `work` with the same plan.
struct RunBackend {
    bool writer = true;
    runners::Executor executor;
    std::function<void(const runners::Plan&, const std::atomic<bool>& stop)> work;
    int ranks = 1;  // processes running runs (for the time the plan will take)
};
int run_with(const Args& args, const RunBackend* backend);
int merge(const Args& args);
int keep(const Args& args);
int slurm(const Args& args);
int reproduce(const Args& args);
int list(const Args& args);
int eval(const Args& args);
int export_traces(const Args& args);
int stats(const Args& args);
int rank(const Args& args);
int table(const Args& args);
int plot(const Args& args);
int report(const Args& args);
// The page DIR/index.html of `report --html DIR` (and `reproduce --html DIR`): DIR is created
// when missing; an existing file there, or an index.html that is the results file, a spec
// or another input, is refused before any work.
std::filesystem::path html_page(const std::string& dir, const std::string& results_file);
int tabular(const Args& args);

// Prints a command's error ("bobench CMD: error: ...") and returns its exit status: 2 for
// bad input, 1 otherwise.
int report_error(const std::string& command, std::exception_ptr error);
// A message that may echo outside input (a data file's field, an optimizer's error) as it is
// printed: control characters shown as \xNN, and over about 1 kB only its start and its end.
std::string printed_message(std::string_view raw);

struct RunOptions {
    const RunBackend* backend = nullptr;  // null: this process's threads
    bool timing = false;                  // print where the CPU time went
    std::string cost_note;                // what is known of the cost before any run finished ("" nothing)
    std::optional<double> progress_pace;  // a test hook: seconds between progress lines and before the first
};
// Plans and runs a spec, resuming what its output already holds; warnings, run errors and
// the resume note go to standard error, `done` (may be empty) sees the plan and the outcome
// once the runs are over. Returns the exit status: 0, 1 (a run failed or was skipped, or
// could not be saved), 130 / 143 (SIGINT / SIGTERM).
// `command` (the command line) goes into the results file.
int run_spec(const runners::ExperimentSpec& spec, bool quiet, const std::string& command,
             const std::function<void(const runners::Plan&, const runners::ExperimentOutcome&)>& done,
             const RunOptions& options = {});

// results::read_results, with a note on standard error when a live bobench process is writing
// the file: what is read is then the runs it held before, not those of the run under way.
results::Results read_results_file(const std::string& path, bool with_points, const std::string& command);

// The command line as a shell would take it back: bobench run 'a b' ...
std::string command_line(const std::string& command, const Args& args);

// Dispatches argv; prints errors ("bobench: ..."); returns the exit status:
// 0 success, 1 a run failed or an output could not be written, 2 bad input,
// 130 / 143 stopped by SIGINT / SIGTERM. Standard output is checked before success.
int main(int argc, char** argv);

}  // namespace bobench::cli

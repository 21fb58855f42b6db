// bobench run [SPEC] [--problem ID]... [--optimizer ID]... [overrides]
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "core/error.hpp"
#include "core/text.hpp"
#include "cli/catalog.hpp"
#include "cli/cli.hpp"
#include "cli/plugins.hpp"
#include "cli/provenance.hpp"
#include "reproductions/entry.hpp"
#include "analysis/reports/format.hpp"
#include "analysis/reports/table_report.hpp"
#include "runners/experiment.hpp"
#include "results/store.hpp"

namespace po = boost::program_options;

namespace bobench::cli {

namespace {
// Runs of this invocation that threw or were skipped, by (problem, optimizer) label.
struct Unfinished {
    std::size_t failed = 0, skipped = 0;
};
std::map<std::pair<std::string, std::string>, Unfinished> unfinished_runs(const runners::Plan& plan,
                                                                        const std::vector<runners::RunError>& errors) {
    std::map<std::pair<std::string, std::string>, Unfinished> cells;
    for (const runners::RunError& e : errors) {
        Unfinished& u = cells[{plan.problems[static_cast<std::size_t>(e.key.problem)].label,
                               plan.optimizers[static_cast<std::size_t>(e.key.optimizer)].label}];
        ++(e.skipped ? u.skipped : u.failed);
    }
    return cells;
}

// The results file's final regrets (final best values without f*), median over replicates:
// the cells of `bobench table FILE --stat median`, computed by the same code. A cell whose
// runs failed or were skipped in this invocation says so, even when none of its runs is kept.
void print_summary(const std::string& path, const std::map<std::pair<std::string, std::string>, Unfinished>& unfinished,
                   std::ostream& out) {
    const results::Results r = results::read_results(path, /*with_points=*/false);
    const analysis::reports::ExperimentMetrics metrics = analysis::reports::compute_metrics(r, {/*with_auc=*/false, 1});
    const auto cells = analysis::reports::final_cells(metrics);
    out << fmt::format("{:<24} {:<24} {:>5} {:>7}  {}\n", "problem", "optimizer", "runs", "failed",
                       "median final regret (best value when f* is unknown)");
    for (std::size_t p = 0; p < cells.size(); ++p)
        for (std::size_t o = 0; o < cells[p].size(); ++o) {
            const analysis::reports::FinalCell& c = cells[p][o];
            const auto u = unfinished.find({metrics.problems[p], metrics.optimizers[o]});
            if (!c.ran && u == unfinished.end()) continue;
            std::string median = c.summary.count ? analysis::reports::format_significant(c.summary.median, 4) : "-";
            if (u != unfinished.end()) {
                median += " (" + count_noun(u->second.failed, "run") + " failed";
                if (u->second.skipped > 0) median += fmt::format(", {} skipped: optimizer stopped", u->second.skipped);
                median += ")";
            }
            out << fmt::format("{:<24} {:<24} {:>5} {:>7}  {}\n", metrics.problems[p], metrics.optimizers[o], c.runs,
                               c.failed, median);
        }
}

// Each failed run, its error quoted once per optimizer and first line (a broken optimizer
// fails every run with the same traceback), then each stopped optimizer with its skipped runs.
void print_run_errors(const runners::Plan& plan, const std::vector<runners::RunError>& errors, std::ostream& err) {
    std::map<std::pair<int, std::string>, results::RunKey> quoted;  // (optimizer, first line) -> the run quoted
    std::map<int, std::pair<std::string, std::size_t>> stopped;     // optimizer -> (first line, skipped runs)
    const auto where = [&](const results::RunKey& k) {
        return "problem '" + plan.problems[static_cast<std::size_t>(k.problem)].label + "', replicate " +
               std::to_string(k.replicate);
    };
    for (const runners::RunError& e : errors) {
        if (e.skipped) {
            stopped[e.key.optimizer] = {e.reason, stopped[e.key.optimizer].second + 1};
            continue;
        }
        const std::string first_line = e.reason.substr(0, e.reason.find('\n'));
        const auto [first, added] = quoted.emplace(std::pair{e.key.optimizer, first_line}, e.key);
        // a plugin's or an external optimizer's own words, of any length and bytes
        err << "error: run failed: "
            << printed_message(added ? e.message
                                     : runners::describe_failure(plan, e.key, "the same error as " + where(first->second)))
            << "\n";
    }
    for (const auto& [optimizer, why] : stopped)
        err << "error: optimizer '" << plan.optimizers[static_cast<std::size_t>(optimizer)].label
            << "' was stopped after "
            << runners::fail_fast_runs << " of its runs failed with the same error (quoted above for "
            << where(quoted.at({optimizer, why.first})) << "); " << why.second << " of its runs "
            << (why.second == 1 ? "was" : "were")
            << " skipped: not run, not stored; run the same command again, once it is fixed, to run them\n";
}

// `run`'s options, as --help shows them, every default with it.
po::options_description run_options(bool mpi) {
    po::options_description opts(mpi ? "bobench-mpi run [SPEC] [options]" : "bobench run [SPEC] [options]");
    const runners::ExperimentSpec defaults;
    opts.add_options()("help,h", "show this help")(
        "spec", po::value<std::string>(), "experiment spec (INI); see experiments/demo.ini")(
        "problem", po::value<std::vector<std::string>>()->composing(),
        "add a problem: an identifier (levy:d=5), or LABEL=IDENTIFIER (h6=hartmann6) to name it in reports as a "
        "line of the spec's [problems] does (repeatable)")(
        "optimizer", po::value<std::vector<std::string>>()->composing(),
        "add an optimizer: an identifier (random-search), or LABEL=IDENTIFIER (cma=external:command=...), "
        "labelled as --problem (repeatable)");
    runners::add_setting_flags(opts, runners::experiment_schema());  // threads, budget, seed ...
    opts.add_options()(
        "shard", po::value<std::string>(), "run only part K of N of the plan (K/N, e.g. 2/8; cost-balanced, the same "
                                           "on every machine) into OUTPUT.shard-K-of-N.h5; `bobench merge` joins them "
                                           "(default: the whole plan)")(
        "journal-after", po::value<std::string>(),
        fmt::format("seconds into the run after which finished runs are journalled, so that a killed run resumes "
                    "from them (default {}; 0: from the first run; a job that ends sooner writes no journal)",
                    format_double(defaults.journal_after))
            .c_str())(
        "timing", "print where the CPU time went (inside runs, and in the serial part: journal, results "
                  "file, which bounds the speed-up with more threads or ranks) and the wall time of each phase "
                  "(running, writing the results file, waiting for fsync, removing the journal)")(
        "across-builds", "add runs to a results file that runs of another bobench build are in (it then lists both builds); "
        "only where both builds give the same traces for this spec, checked on a few runs first")(
        "quiet,q", "no progress line, no summary");
    add_plugin_option(opts);
    return opts;
}

// `mpirun -n P bobench run` would start P independent copies of the experiment.
void refuse_mpi_launch() {
    for (const char* var : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"}) {
        const char* v = std::getenv(var);
        if (v && std::atoi(v) > 1)
            throw UserError(std::string("bobench was started as one of ") + v + " MPI processes (" + var +
                            "), but `bobench` does not use MPI; start `mpirun -n P bobench-mpi run ...` instead. "
                            "bobench-mpi is built when OpenMPI is installed (scripts/install-deps installs "
                            "libopenmpi-dev and openmpi-bin; then re-run cmake and build)");
    }
}
}  // namespace

int run(const Args& args) { return run_with(args, nullptr); }

int run_with(const Args& args, const RunBackend* backend) {
    if (!backend) refuse_mpi_launch();
    const bool writer = !backend || backend->writer;
    const po::options_description opts = run_options(backend != nullptr);
    po::options_description hooks;  // for tests, not in --help
    hooks.add_options()("journal-after-runs", po::value<std::string>(),
                        "journal from the moment this many runs have finished, whatever the time")(
        "progress-pace", po::value<std::string>(),
        "seconds between progress lines and before the first (default 1); 0 shows every line of a short job");
    const std::string notes = fmt::format(
        "A spec's [experiment] values replace the defaults above; flags replace both.\n"
        "Labels: a --problem or --optimizer word is LABEL=IDENTIFIER when what precedes its first '=' has no ':'\n"
        "and no ',' (an identifier's own '=' come after its ':', as in bbob:d=2,f=1); else the identifier\n"
        "alone, labelled by its canonical id. Labels must differ.\n"
        "A broken optimizer is stopped: once {} of its runs failed with the same first line of error, its\n"
        "runs not yet started are skipped (not run, not stored: the same command runs them again).\n"
        "Exit status: 0 done; 1 a run failed or was skipped, or an output could not be written; 2 bad input;\n"
        "130 / 143 stopped by SIGINT / SIGTERM (finished runs are saved; a second signal stops at once, keeping\n"
        "the journalled runs).\n",
        runners::fail_fast_runs);
    const auto parsed = parse_words(args, opts, "spec", 1, hooks, notes);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;

    runners::ExperimentSpec spec;
    if (vm.count("spec")) spec = reproductions::read_spec_file(vm["spec"].as<std::string>());
    add_plugin_flags(vm, spec.plugins);  // loaded when the plan is made, and kept in the stored spec
    if (vm.count("problem"))
        for (const auto& p : vm["problem"].as<std::vector<std::string>>())
            spec.problems.push_back(runners::parse_entry(p, "--problem"));
    if (vm.count("optimizer"))
        for (const auto& o : vm["optimizer"].as<std::vector<std::string>>())
            spec.optimizers.push_back(runners::parse_entry(o, "--optimizer"));
    runners::apply_setting_flags(vm, runners::experiment_schema(), spec);
    if (vm.count("shard")) {
        spec.shard = runners::parse_shard(vm["shard"].as<std::string>());
        spec.output = runners::shard_output(spec.output, spec.shard);
    }
    if (vm.count("journal-after"))
        spec.journal_after =
            runners::parse_nonnegative(vm["journal-after"].as<std::string>(), "--journal-after", "a number of seconds", "10");
    if (vm.count("journal-after-runs"))
        spec.journal_after_runs = static_cast<std::size_t>(
            parse_integer("--journal-after-runs", vm["journal-after-runs"].as<std::string>(), 0, runners::max_budget));
    spec.across_builds = vm.count("across-builds") > 0;
    const bool quiet = vm.count("quiet") > 0;
    RunOptions options;
    options.backend = backend;
    options.timing = vm.count("timing") > 0;
    if (vm.count("progress-pace"))
        options.progress_pace = runners::parse_nonnegative(vm["progress-pace"].as<std::string>(), "--progress-pace",
                                                           "a number of seconds", "1");
    const int status = run_spec(spec, quiet, command_line("run", args),
                                [&](const runners::Plan& plan, const runners::ExperimentOutcome& outcome) {
        if (!quiet) print_summary(plan.spec.output, unfinished_runs(plan, outcome.errors), std::cout);
    }, options);
    if (writer) std::cout << "results: " << spec.output << "\n";
    return status;
}

int run_spec(const runners::ExperimentSpec& spec, bool quiet, const std::string& command,
             const std::function<void(const runners::Plan&, const runners::ExperimentOutcome&)>& done,
             const RunOptions& options) {
    const auto started = std::chrono::system_clock::now();
    runners::Plan plan;
    try {
        plan = plan_experiment(spec, &stop_flag());
    } catch (const runners::Interrupted&) {
        std::cerr << "interrupted while planning; nothing was run\n";
        return interrupted_status();
    }
    if (options.backend && !options.backend->writer) {  // an MPI worker rank: runs what rank 0 hands out
        options.backend->work(plan, stop_flag());
        return stop_flag().load() ? interrupted_status() : 0;
    }
    for (const auto& pp : plan.problems)
        if (pp.problem->metadata().count("synthetic_fixture"))
            std::cerr << "warning: problem '" << pp.label << "' reads a SYNTHETIC fixture table ("
                      << pp.problem->metadata().at("file") << "): its results are not the benchmark's\n";
    runners::ProgressOptions progress;
    if (!quiet) {
        progress.out = &std::cerr;
        progress.style = ::isatty(STDERR_FILENO) ? runners::Progress::Style::Terminal : runners::Progress::Style::Log;
        progress.ranks = options.backend ? options.backend->ranks : 1;
        progress.cost_note = options.cost_note;
        if (options.progress_pace) progress.pace.min_interval = progress.pace.quiet_for = *options.progress_pace;
    }
    const runners::ExperimentOutcome outcome =
        runners::run_experiment(plan, stop_flag(), progress, provenance(started, command),
                                options.backend ? options.backend->executor : runners::Executor{});
    if (done) done(plan, outcome);
    if (options.timing) {
        std::cerr << fmt::format("timing: CPU {:.3f} s in runs (this process), {:.3f} s writing the results file in "
                                 "parallel, {:.3f} s serial: {:.3f} s committing finished runs, {:.3f} s "
                                 "reading/writing the results file; serial fraction {:.4f}; {:.3f} s of the above "
                                 "writing the journal, which the kernel does one write at a time\n",
                                 outcome.stats.run_cpu, outcome.store_parallel_cpu, outcome.serial_cpu(),
                                 outcome.stats.commit_cpu, outcome.store_cpu, outcome.serial_fraction(),
                                 outcome.journal_write_cpu);
        std::cerr << fmt::format("timing: wall {:.3f} s loading, {:.3f} s running, {:.3f} s writing the results file "
                                 "({:.3f} s of it waiting for fsync), {:.3f} s removing the journal\n",
                                 outcome.wall.load, outcome.wall.runs, outcome.wall.write, outcome.wall.write_sync,
                                 outcome.wall.remove);
    }
    if (outcome.journal_damaged_bytes > 0)
        std::cerr << "warning: " << outcome.journal_damaged_bytes << " damaged bytes in '" << plan.spec.output
                  << ".journal' were skipped; the intact runs around them were recovered\n";
    if (outcome.resumed > 0) {  // say where they were: a new file held none
        const std::size_t in_file = outcome.resumed - outcome.recovered;
        const std::string journal = "recovered from the journal of a run that stopped before writing them into it";
        std::cerr << outcome.resumed << " of " << outcome.planned << " runs were already done and were kept ("
                  << (outcome.recovered == 0 ? "in '" + plan.spec.output + "'"
                      : in_file == 0         ? journal
                                             : fmt::format("{} in '{}', {} {}", in_file, plan.spec.output,
                                                           outcome.recovered, journal))
                  << ")\n";
    }
    if (outcome.failed_evaluations > 0)
        std::cerr << "warning: " << outcome.failed_evaluations
                  << " evaluations returned NaN or inf; they are recorded as failed (on_failure = "
                  << results::policy_name(spec.on_failure) << ")\n";
    print_run_errors(plan, outcome.errors, std::cerr);
    if (outcome.interrupted) {
        std::cerr << "interrupted: finished runs are saved; run the same command again to resume\n";
        return interrupted_status();
    }
    return outcome.errors.empty() ? 0 : 1;
}

}  // namespace bobench::cli

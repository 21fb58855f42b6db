// bobench slurm SPEC --tasks N [...] [--submit]: a Slurm job array of N shards of the
// spec (`bobench run --shard K/N`, one log per task) and a merge job that starts when
// every shard succeeded (--dependency=afterok), written as one bash script that submits
// both with sbatch.
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <regex>
#include <sstream>

#include <boost/program_options.hpp>

#include "cli/catalog.hpp"
#include "cli/cli.hpp"
#include "cli/plugins.hpp"
#include "reproductions/entry.hpp"
#include "core/error.hpp"
#include "core/io.hpp"
#include "core/version.hpp"
#include "runners/plan.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace bobench::cli {

namespace {
std::string quote(const std::string& word) {  // one shell word, whatever it holds
    std::string q = "'";
    for (char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// A value of an #SBATCH line: sbatch splits those at spaces and cuts them at '#' unless
// within double quotes, in which '\\' escapes; a newline cannot be written at all.
std::string sbatch_word(const std::string& what, const std::string& value) {
    if (value.find_first_of("\n\r") != std::string::npos)
        throw UserError(what + " '" + value + "' holds a line break, which an #SBATCH line cannot");
    std::string q = "\"";
    for (char c : value) q += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
    return q + "\"";
}

// Slurm's time formats: M, M:S, H:M:S, D-H, D-H:M, D-H:M:S, or INFINITE / UNLIMITED.
std::string checked_time(const po::variables_map& vm) {
    if (!vm.count("time")) return "";
    const std::string v = vm["time"].as<std::string>();
    static const std::regex formats(R"(\d{1,9}(:\d{1,9}){0,2}|\d{1,9}-\d{1,9}(:\d{1,9}){0,2}|INFINITE|UNLIMITED)");
    if (!std::regex_match(v, formats))
        throw UserError("--time '" + v + "' is not a Slurm time limit; accepted: MINUTES, MINUTES:SECONDS, "
                        "HOURS:MINUTES:SECONDS, DAYS-HOURS, DAYS-HOURS:MINUTES, DAYS-HOURS:MINUTES:SECONDS (e.g. "
                        "2:00:00 or 1-12:00:00), INFINITE or UNLIMITED");
    return v;
}

std::string checked(const po::variables_map& vm, const char* name, const std::string& fallback) {
    if (!vm.count(name)) return fallback;
    const std::string v = vm[name].as<std::string>();
    if (v.empty() || v.find_first_of("\n\r'\" \t") != std::string::npos)
        throw UserError(std::string("--") + name + " '" + v + "' is not valid; expected a Slurm value without spaces or quotes");
    return v;
}

// What goes before the file's extension: "out/x.h5" -> "out/x".
std::string without_extension(const std::string& path) {
    const fs::path p(path);
    return (p.parent_path() / p.stem()).string();
}

// The --plugin files, absolute: every shard task passes them on (the spec's own it reads itself).
std::vector<std::string> plugin_flags(const po::variables_map& vm) {
    std::vector<std::string> plugins;
    add_plugin_flags(vm, plugins);
    for (std::string& path : plugins) path = fs::absolute(path).string();
    return plugins;
}

// One array task's command: shard ${SLURM_ARRAY_TASK_ID} of `tasks`.
std::string shard_command(const std::string& self, const std::string& spec, const std::string& output, int tasks,
                          int cpus, const std::vector<std::string>& plugins) {
    std::string command = "exec " + quote(self) + " run " + quote(spec) + " --output " + quote(output) +
                          " --shard \"${SLURM_ARRAY_TASK_ID}/" + std::to_string(tasks) +
                          "\" --threads \"${SLURM_CPUS_PER_TASK:-" + std::to_string(cpus) + "}\"";
    for (const std::string& path : plugins) command += " --plugin " + quote(path);
    return command;
}
}  // namespace

int slurm(const Args& args) {
    po::options_description opts("bobench slurm SPEC --tasks N [options]");
    opts.add_options()("help,h", "show this help")("spec", po::value<std::string>(), "experiment spec (INI)")(
        "tasks", po::value<int>(), "shards: one Slurm array task each")(
        "cpus-per-task", po::value<int>()->default_value(1), "CPUs (threads) per shard task")(
        "time", po::value<std::string>(), "time limit per task (Slurm format, e.g. 2:00:00)")(
        "partition", po::value<std::string>(), "Slurm partition")(
        "output", po::value<std::string>(), "the script to write (default: the spec's output with .slurm.sh)")(
        "submit", "submit it now (runs the script, which calls sbatch twice)");
    add_plugin_option(opts);
    const auto parsed = parse_words(args, opts, "spec", 1);
    if (!parsed) return 0;  // --help was printed
    const po::variables_map& vm = *parsed;
    if (!vm.count("spec")) throw UserError("no spec given; usage: bobench slurm SPEC --tasks N [options]");
    if (!vm.count("tasks")) throw UserError("--tasks N is required (the number of shards, one Slurm array task each)");
    const int tasks = vm["tasks"].as<int>(), cpus = vm["cpus-per-task"].as<int>();
    if (tasks < 1) throw UserError("--tasks " + std::to_string(tasks) + " is not valid; expected >= 1");
    if (cpus < 1 || cpus > runners::max_threads)
        throw UserError("--cpus-per-task " + std::to_string(cpus) + " is not valid; expected 1 to " +
                        std::to_string(runners::max_threads) + " (the threads a run can use)");
    const std::string time = checked_time(vm), partition = checked(vm, "partition", "");

    // the spec is checked (and its plan counted) here, not when the jobs start
    const std::string spec_path = fs::absolute(vm["spec"].as<std::string>()).string();
    runners::ExperimentSpec spec = reproductions::read_spec_file(spec_path);
    const std::vector<std::string> plugins = plugin_flags(vm);
    spec.plugins.insert(spec.plugins.end(), plugins.begin(), plugins.end());
    const runners::Plan plan = plan_experiment(spec);
    if (static_cast<std::size_t>(tasks) > plan.runs.size())
        throw UserError("--tasks " + std::to_string(tasks) + " is more than the plan's " +
                        std::to_string(plan.runs.size()) + " runs; every task needs at least one");
    const std::string output = fs::absolute(spec.output).string();
    const std::string script = vm.count("output") ? vm["output"].as<std::string>() : without_extension(output) + ".slurm.sh";
    check_output_file("--output", script, {{"spec", spec_path}, {"results file (the spec's output)", output}});
    const std::string logs = without_extension(output) + ".slurm-logs";
    const std::string name = sbatch_word("the job name", "bobench-" + fs::path(output).stem().string());
    const std::string merge_name = sbatch_word("the job name", "bobench-" + fs::path(output).stem().string() + "-merge");
    const std::string self = fs::read_symlink("/proc/self/exe").string();
    const std::string cwd = sbatch_word("the working folder", fs::current_path().string());
    const std::string shard_log = sbatch_word("the log folder", logs + "/shard-%a.log");
    const std::string merge_log = sbatch_word("the log folder", logs + "/merge.log");

    std::ostringstream s;
    s << "#!/bin/bash\n"
      << "# Written by `bobench slurm` (bobench " << version << ", " << git_revision << ") for " << spec_path << ":\n"
      << "# " << tasks << " shard tasks (a job array, one log each in " << logs << "),\n"
      << "# then a merge job into " << output << " once every shard succeeded (afterok).\n"
      << "# Submit with: bash " << quote(script) << "\n"
      << "set -euo pipefail\n"
      << "mkdir -p " << quote(logs) << "\n"
      << "shards=$(sbatch --parsable <<'BOBENCH_SHARDS'\n"
      << "#!/bin/bash\n"
      << "#SBATCH --job-name=" << name << "\n"
      << "#SBATCH --array=1-" << tasks << "\n"
      << "#SBATCH --ntasks=1\n"
      << "#SBATCH --cpus-per-task=" << cpus << "\n";
    if (!time.empty()) s << "#SBATCH --time=" << time << "\n";
    if (!partition.empty()) s << "#SBATCH --partition=" << partition << "\n";
    s << "#SBATCH --output=" << shard_log << "\n"
      << "#SBATCH --chdir=" << cwd << "\n"
      << shard_command(self, spec_path, output, tasks, cpus, plugins) << "\n"
      << "BOBENCH_SHARDS\n"
      << ")\n"
      << "shards=${shards%%;*}\n"
      << "merge=$(sbatch --parsable --dependency=afterok:${shards} <<'BOBENCH_MERGE'\n"
      << "#!/bin/bash\n"
      << "#SBATCH --job-name=" << merge_name << "\n"
      << "#SBATCH --ntasks=1\n"
      << "#SBATCH --cpus-per-task=1\n";
    if (!time.empty()) s << "#SBATCH --time=" << time << "\n";
    if (!partition.empty()) s << "#SBATCH --partition=" << partition << "\n";
    s << "#SBATCH --output=" << merge_log << "\n"
      << "#SBATCH --chdir=" << cwd << "\n"
      << "exec " << quote(self) << " merge " << quote(output);
    for (int k = 1; k <= tasks; ++k) s << " \\\n    " << quote(runners::shard_output(output, {k, tasks}));
    s << "\nBOBENCH_MERGE\n"
      << ")\n"
      << "echo \"submitted: shards job ${shards} (array 1-" << tasks << "), merge job ${merge} -> \"" << quote(output) << "\n";
    const std::string text = s.str();

    write_text_file(script, text);
    fs::permissions(script, fs::perms::owner_exec | fs::perms::group_exec, fs::perm_options::add);
    std::cout << "Slurm script: " << script << " (" << tasks << " shards of " << plan.runs.size()
              << " runs, then a merge into " << output << ")\n";
    if (!vm.count("submit")) {
        std::cout << "submit it with: bash " << quote(script) << "\n";
        return 0;
    }
    if (std::system("command -v sbatch >/dev/null 2>&1") != 0)
        throw UserError("--submit needs Slurm's sbatch on PATH; it is not there (the script is written: " + script + ")");
    std::cout.flush();
    const int status = std::system(("bash " + quote(script)).c_str());
    if (status != 0) {
        std::cerr << "bobench slurm: error: submitting with sbatch failed (see its message above); the script is " << script
                  << "\n";
        return 1;
    }
    return 0;
}

}  // namespace bobench::cli

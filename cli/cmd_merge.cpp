// bobench merge OUT FILE... : the shards of `bobench run --shard K/N`, or whole files of other
// optimizer selections of one spec, as one results file
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>

#include <boost/program_options.hpp>

#include "cli/cli.hpp"
#include "cli/provenance.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "results/lock.hpp"
#include "results/merge.hpp"
#include "results/store.hpp"
#include "runners/experiment.hpp"
#include "runners/spec.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace bobench::cli {

namespace {
const char* const merge_notes =
    "The files are the shards of one plan (`--shard K/N`), or of several optimizer selections of one\n"
    "spec (`--methods A,B` split 30 ways, `--methods C` split 10 ways); a file written without --shard\n"
    "joins as the one shard of its selection. No optimizer may be in two selections. When a file is a\n"
    "values-only copy (bobench keep), the merged file is one too. So one method's runs in a kept file\n"
    "are replaced thus: run the method anew into NEW.h5, `bobench keep KEPT.h5 REST.h5 --without\n"
    "METHOD`, then `bobench merge --across-builds OUT.h5 REST.h5 NEW.h5`.\n";

// A whole file's shard label: the one shard of its selection, "1/1 of R", R the runs of the plan
// its stored spec gives.
std::string whole_file_label(const results::Results& r, const std::string& path) {
    const long replicates = runners::parse_spec(r.spec, "the spec stored in '" + path + "'").replicates;
    return "1/1 of " + std::to_string(r.problems.size() * r.optimizers.size() * static_cast<std::size_t>(replicates));
}

bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    return a == b || fs::equivalent(a, b, ec);
}
}  // namespace

int merge(const Args& args) {
    const auto started = std::chrono::system_clock::now();
    po::options_description opts("bobench merge OUT FILE... (the files of `bobench run --shard K/N`, whole files)");
    opts.add_options()("help,h", "show this help")(
        "across-builds", "join shards run by different bobench builds; use it only where those builds run the same "
                         "code for this spec (re-run one shard and compare `bobench export`s to check)")(
        "files", po::value<std::vector<std::string>>(), "the new results file, then the files to join");
    const auto parsed = parse_words(args, opts, "files", -1, {}, merge_notes);
    if (!parsed) return 0;  // --help was printed
    const std::vector<std::string> files =
        parsed->count("files") ? (*parsed)["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
    if (files.size() < 2) throw UserError("usage: bobench merge OUT SHARD... (give the new file, then the shards)");
    const std::string& out = files.front();
    results::check_output(out);  // "new/" is a folder: refused before anything is made
    const std::vector<std::string> inputs(files.begin() + 1, files.end());
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (same_file(out, inputs[i]))
            throw UserError("'" + out + "' is both the output and a shard; merge writes a new file (choose another OUT)");
        for (std::size_t j = 0; j < i; ++j)
            if (same_file(inputs[i], inputs[j]))
                throw UserError("shard '" + inputs[i] + "' is given twice" +
                                (inputs[i] == inputs[j] ? std::string() : " (as '" + inputs[j] + "')"));
    }
    if (fs::exists(out))
        throw UserError("output '" + out + "' exists; merge never overwrites a file (remove it or choose another OUT)");

    // a journal beside a shard holds runs its file lacks: the shard was killed or still runs
    for (const std::string& path : inputs)
        if (std::error_code ec; fs::exists(results::resolved_output(path) + ".journal", ec))
            throw UserError("shard '" + path + "' is unfinished: its journal '" + results::resolved_output(path) +
                            ".journal' holds runs that are "
                            "not in it yet (the run was killed, or is still running); run its `bobench run ... --shard "
                            "K/N` command again to finish it, then merge");
    // a values-only copy (bobench keep) joins too: then every input is read without its points,
    // and the merged file is a values-only copy as well
    const auto values_only = std::count_if(inputs.begin(), inputs.end(), results::is_values_only);
    std::vector<results::ShardFile> shards;
    for (const std::string& path : inputs) {
        shards.push_back({path, read_results_file(path, values_only == 0, "merge")});
        results::Results& r = shards.back().results;
        if (r.shard.empty()) r.shard = whole_file_label(r, path);
    }
    std::vector<std::string> shard_specs;  // merge_shards consumes the shards; their specs name each selection's optimizers
    for (const results::ShardFile& s : shards) shard_specs.push_back(s.results.spec);
    results::Merged merged = results::merge_shards(std::move(shards), runners::settings_difference,
                                                   parsed->count("across-builds") > 0);
    {  // the stored spec names the merged file as its output and every selection's optimizers,
       // as a one-machine run of them all would
        runners::ExperimentSpec spec = runners::parse_spec(merged.results.spec, "the spec stored in '" + inputs[0] + "'");
        spec.output = out;
        for (std::size_t i = 1; i < inputs.size(); ++i)
            for (const runners::SpecEntry& o :
                 runners::parse_spec(shard_specs[i], "the spec stored in '" + inputs[i] + "'").optimizers)
                if (std::none_of(spec.optimizers.begin(), spec.optimizers.end(),
                                 [&](const runners::SpecEntry& e) { return e.label == o.label; }))
                    spec.optimizers.push_back(o);
        merged.results.spec = runners::to_ini(spec);
    }
    // the file is written here and now: its provenance is the merge's, whose command names the
    // shards; the plugins are those the shards ran with, which the merge does not load
    const std::string plugins = merged.results.provenance.plugins;
    merged.results.provenance = provenance(started, command_line("merge", args));
    merged.results.provenance.plugins = plugins;
    merged.results.points_dropped = values_only > 0;
    const auto dir = fs::path(out).parent_path();
    std::error_code ec;
    if (!dir.empty()) fs::create_directories(dir, ec);
    const results::OutputLock lock(out);
    results::remove_stale_temporaries(out);  // of merges that were killed: each as large as the output
    if (fs::exists(out)) throw UserError("output '" + out + "' appeared while merging; it is left untouched");
    results::write_results(out, merged.results);

    std::cout << "merged " << count_noun(inputs.size(), "shard file") << ", " << merged.results.runs.size()
              << " runs: " << out
              << "\n";
    if (values_only > 0)
        std::cout << count_noun(static_cast<std::size_t>(values_only), "input") << " of " << inputs.size()
                  << (values_only == 1 ? " is" : " are")
                  << " values-only (bobench keep), so the merged file is one too: no points\n";
    if (merged.results.git_revision.find(", ") != std::string::npos)
        std::cout << "builds: " << merged.results.bobench_version << " (" << merged.results.git_revision << ")\n";
    if (merged.missing.empty()) return 0;
    std::cerr << "warning: " << merged.missing.size() << " runs of the plan are in none of the shards";
    if (!merged.absent_shards.empty()) {
        std::cerr << " (shards not given:";
        for (const std::string& k : merged.absent_shards) std::cerr << " " << k;
        std::cerr << ")";
    }
    const results::RunKey& k = merged.missing.front();
    std::cerr << ", e.g. problem '" << merged.results.problems[static_cast<std::size_t>(k.problem)].label
              << "', optimizer '" << merged.results.optimizers[static_cast<std::size_t>(k.optimizer)].label
              << "', replicate " << k.replicate << ".\n"
              << "The merged file is complete in what it holds; `bobench run SPEC --output " << out
              << "` runs only the missing runs\n";
    return 1;
}

}  // namespace bobench::cli

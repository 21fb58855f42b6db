#include "cli/reproduce_readings.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "cli/cli.hpp"
#include "reproductions/protocol.hpp"
#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"

namespace bobench::cli {

using namespace reproductions;  // a command of the reproductions layer

namespace {
namespace fs = std::filesystem;
using reproductions::Comparison;

bool targets(const Reading& r, const std::string& label) {
    return r.on_every_method() || r.on_problems() || contains(r.target, label);
}

void set_options(Identifier& id, const std::vector<std::pair<std::string, std::string>>& options) {
    for (const auto& option : options) {  // not a structured binding: Clang 14 cannot capture one
        const auto it = std::find_if(id.args.begin(), id.args.end(), [&](const auto& a) { return a.first == option.first; });
        if (it != id.args.end()) it->second = option.second;
        else id.args.push_back(option);
    }
}

// The methods of `methods` that reading `r` binds.
std::vector<std::string> scope_of(const Reading& r, const std::vector<std::string>& methods) {
    std::vector<std::string> scope;
    std::copy_if(methods.begin(), methods.end(), std::back_inserter(scope), [&](const auto& m) { return targets(r, m); });
    return scope;
}

// The alternatives of `r` that are option sets, in the order the spec lists them.
std::vector<std::string> runnable_others(const Reading& r) {
    std::vector<std::string> others;
    std::copy_if(r.others.begin(), r.others.end(), std::back_inserter(others), runnable_choice);
    return others;
}

// The reading `name` of `e`; UserError for `flag` listing the declared ones when there is none.
const Reading& reading_named(const std::string& flag, const std::string& name, const ReproductionEntry& e) {
    const auto it = std::find_if(e.readings.begin(), e.readings.end(), [&](const Reading& r) { return r.name == name; });
    if (it != e.readings.end()) return *it;
    std::vector<std::string> declared;
    for (const Reading& r : e.readings) declared.push_back(r.name);
    throw UserError(flag + ": '" + name + "' is not a reading of '" + e.name + "'; its readings: " +
                    (declared.empty() ? std::string("none") : join(declared, ", ")));
}

// --readings A,B names the readings to run; none named: all of them.
bool asked_for(const Reading& r, const std::vector<std::string>& only) { return only.empty() || contains(only, r.name); }

// One run of the comparison: ours, or one alternative of one reading on its methods.
struct Variant {
    const Reading* reading = nullptr;  // null: ours, on every method
    std::string choice;                // the alternative's options ("" for ours)
    std::vector<std::string> scope;    // the methods it runs
    std::string file;
};

// The variants to run: ours first, then each runnable alternative whose methods the spec runs;
// `skipped` says which readings are left out and why.
std::vector<Variant> variants_of(const ReproductionEntry& e, const runners::ExperimentSpec& spec, const fs::path& dir,
                                 const std::vector<std::string>& only, std::vector<std::string>& skipped) {
    std::vector<std::string> all;
    for (const auto& o : spec.optimizers) all.push_back(o.label);
    for (const std::string& name : only) reading_named("--readings", name, e);
    std::vector<Variant> out{{nullptr, "", all, (dir / "ours.h5").string()}};
    for (const Reading& r : e.readings) {
        if (!asked_for(r, only)) continue;
        const std::vector<std::string> scope = scope_of(r, all);
        const std::vector<std::string> others = runnable_others(r);
        if (others.empty()) skipped.push_back(r.name + " (its other readings are words, not options)");
        else if (scope.empty()) skipped.push_back(r.name + " (its methods, " + join(r.target, ", ") + ", are not in this run)");
        if (others.empty() || scope.empty()) continue;
        for (std::size_t k = 0; k < others.size(); ++k)
            out.push_back({&r, others[k], scope, (dir / fmt::format("{}-{}.h5", r.name, k + 1)).string()});
    }
    return out;
}

// Ours with the variant's runs of its methods in their place: the other methods keep our runs,
// so that tau compares the whole method order.
results::Results with_runs_of(results::Results ours, const results::Results& variant, const std::vector<std::string>& scope) {
    auto label = [](const results::Results& r, const results::Trace& t) {
        return r.optimizers[static_cast<std::size_t>(t.key.optimizer)].label;
    };
    std::erase_if(ours.runs, [&](const results::Trace& t) { return contains(scope, label(ours, t)); });
    for (const results::Trace& t : variant.runs) {
        const auto at = std::find_if(ours.optimizers.begin(), ours.optimizers.end(),
                                     [&](const auto& o) { return o.label == label(variant, t); });
        results::Trace moved = t;
        moved.key.optimizer = static_cast<int>(at - ours.optimizers.begin());
        ours.runs.push_back(std::move(moved));
    }
    std::sort(ours.runs.begin(), ours.runs.end(), [](const auto& a, const auto& b) { return a.key < b.key; });
    return ours;
}

// "k of n" over the methods of `scope`, and a perfect reproduction's mean there.
std::string scope_share(const Comparison& r, const std::vector<std::string>& scope, bool verdicts, double* perfect = nullptr) {
    std::size_t agree = 0, compared = 0;
    double expected = 0;
    for (const auto& m : r.by_method)
        if (contains(scope, m.method)) {
            agree += m.agreeing;
            compared += m.compared;
            expected += m.perfect_mean;
        }
    if (perfect) *perfect = expected;
    return verdicts ? fmt::format("{} of {}", agree, compared) : "–";
}

std::string tau_text(double tau) { return std::isnan(tau) ? "–" : fmt::format("{:.2f}", tau); }

std::string variant_row(const Variant& v, const Comparison& r, bool verdicts) {
    double perfect = 0;
    const std::string share = scope_share(r, v.scope, verdicts, &perfect);
    return fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", v.reading ? v.reading->name : "ours",
                       v.reading ? "`" + v.choice + "`" : "every reading as the spec runs it", join(v.scope, ", "), share,
                       verdicts ? fmt::format("{:.1f}", perfect) : "–",
                       verdicts ? fmt::format("{} of {}", r.agreeing(), r.compared()) : "–",
                       verdicts ? tau_text(r.tau_mean) : "–");
}

// Per method: our agreeing cells, and the best any alternative reaches on them.
std::string per_method(const std::vector<Variant>& variants, const std::vector<Comparison>& reps) {
    std::string out = "\n## Per method: how far the best reading gets\n\n| method | ours | the best other reading | "
                      "its cells agree | of our misses, explained |\n|---|---|---|---|---|\n";
    for (const auto& ours : reps.front().by_method) {
        std::size_t best = ours.agreeing;
        std::string which = "none better";
        for (std::size_t i = 1; i < variants.size(); ++i)
            for (const auto& m : reps[i].by_method)
                if (m.method == ours.method && contains(variants[i].scope, m.method) && m.agreeing > best) {
                    best = m.agreeing;
                    which = variants[i].reading->name + ": `" + variants[i].choice + "`";
                }
        const std::size_t misses = ours.compared - ours.agreeing;
        out += fmt::format("| {} | {} of {} | {} | {} of {} | {} of {} |\n", ours.method, ours.agreeing, ours.compared,
                           which, best, ours.compared, best - ours.agreeing, misses);
    }
    return out;
}

std::string readings_report(const ReproductionEntry& e, const runners::ExperimentSpec& spec,
                            const std::vector<Variant>& variants, const std::vector<Comparison>& reps,
                            const std::vector<std::string>& only, const std::vector<std::string>& skipped, bool verdicts) {
    std::string out = "# " + e.source + ": the readings\n\nEach of our readings where the paper is silent or "
                      "contradicts itself, run on " +
                      fmt::format("{} × {} × {} of {} evaluations", count_noun(spec.problems.size(), "problem"),
                                  count_noun(spec.optimizers.size(), "method"),
                                  count_noun(static_cast<std::size_t>(spec.replicates), "replicate"), spec.budget) +
                      ". An alternative runs in place of ours on its reading's methods, the other methods keep "
                      "our runs, and the paper's cells are tested as in the report; τ is over the " +
                      count_noun(spec.optimizers.size(), "method") + " run.\n\n"
                      "| reading | choice | its methods | their cells agree | a perfect reproduction | all cells agree "
                      "| mean τ |\n|---|---|---|---|---|---|---|\n";
    for (std::size_t i = 0; i < variants.size(); ++i) out += variant_row(variants[i], reps[i], verdicts);
    std::vector<std::string> methods;
    for (const auto& o : spec.optimizers) methods.push_back(o.label);
    for (const Reading& r : e.readings)  // those asked for that bind a method run (or the problems)
        if (asked_for(r, only) && !scope_of(r, methods).empty()) out += "\n- " + describe_reading(r);
    if (!skipped.empty()) out += "\n\nNot run here: " + join(skipped, "; ") + ".";
    out += "\n";
    if (!verdicts) return out + "\nA smoke test (--quick): no verdicts, the runs only show that every reading runs.\n";
    return out + per_method(variants, reps);
}

}  // namespace

runners::ExperimentSpec with_choice(runners::ExperimentSpec spec, const Reading& reading, const std::string& choice) {
    std::vector<std::pair<std::string, std::string>> options;  // the problems' or the methods'
    for (const auto& option : choice_options(choice)) {
        // an [experiment] key (restart_target=1e-5, replicate_instances=year:2015) changes the experiment
        if (const runners::Setting* s = runners::find_setting(runners::experiment_schema(), option.first))
            s->read(*s, spec, option.second, {"reading " + reading.name, option.first});
        else
            options.push_back(option);
    }
    if (reading.on_problems()) {
        for (runners::SpecEntry& p : spec.problems) set_options(p.id, options);
        return spec;
    }
    for (runners::SpecEntry& o : spec.optimizers)
        if (targets(reading, o.label)) set_options(o.id, options);
    return spec;
}

std::string apply_reading(runners::ExperimentSpec& spec, const ReproductionEntry& entry, const std::string& flag,
                          bool output_given) {
    const std::size_t eq = flag.find('=');
    const std::string name = trim(flag.substr(0, eq));
    const Reading& reading = reading_named("--reading", name, entry);
    const std::vector<std::string> others = runnable_others(reading);
    if (others.empty()) throw UserError("--reading " + flag + ": its other readings are words, not options");
    std::vector<std::string> numbered;
    for (std::size_t k = 0; k < others.size(); ++k) numbered.push_back(fmt::format("{} `{}`", k + 1, others[k]));
    const std::string listed = "reading '" + name + "' has " + count_noun(others.size(), "runnable alternative") + ": " +
                               join(numbered, "; ");
    long k = 1;
    if (eq == std::string::npos) {
        if (others.size() > 1) throw UserError("--reading " + flag + ": say which, as " + name + "=K; " + listed);
    } else if (!parse_long(trim(flag.substr(eq + 1)), k) || k < 1 || k > static_cast<long>(others.size())) {
        throw UserError("--reading " + flag + ": " + listed);
    }
    const std::string& choice = others[static_cast<std::size_t>(k - 1)];
    std::vector<std::string> methods;
    for (const auto& o : spec.optimizers) methods.push_back(o.label);
    const std::vector<std::string> scope = reading.on_problems() ? std::vector<std::string>{"every problem"}
                                                                 : scope_of(reading, methods);
    if (scope.empty())
        throw UserError("--reading " + flag + ": its methods, " + join(reading.target, ", ") + ", are not in this run");
    spec = with_choice(std::move(spec), reading, choice);
    if (!output_given) {
        const fs::path out(spec.output);
        spec.output = (out.parent_path() / fmt::format("{}-{}-{}.h5", out.stem().string(), name, k)).string();
    }
    return fmt::format("reading `{}`, its alternative {} of {}: `{}` in place of ours on {}", name, k, others.size(),
                       choice, join(scope, ", "));
}

int reproduce_readings(const ReproductionEntry& entry, const runners::ExperimentSpec& spec,
                       const std::vector<reproductions::PublishedCell>& theirs,
                       const std::vector<reproductions::DisagreementCause>& causes, const ReadingsOptions& options) {
    if (theirs.empty())
        throw UserError("--readings: reproduction '" + entry.name + "' has no published numbers to agree with (no "
                        "reference); `bobench reproduce show " + entry.name + "` lists its readings");
    const fs::path out = fs::path(spec.output).parent_path() / (fs::path(spec.output).stem().string() + "-readings");
    std::vector<std::string> skipped;
    const std::vector<Variant> variants = variants_of(entry, spec, out, options.only, skipped);
    if (variants.size() == 1)
        throw UserError("--readings: reproduction '" + entry.name + "' has no reading to run here" +
                        (skipped.empty() ? std::string(" (it declares none)") : ": " + join(skipped, "; ")));
    fs::create_directories(out);
    std::vector<Comparison> reps;
    results::Results ours;
    for (const Variant& v : variants) {
        runners::ExperimentSpec s = v.reading ? with_choice(spec, *v.reading, v.choice) : spec;
        if (v.reading && !v.reading->on_problems()) keep_methods(s, v.scope, "--readings");
        s.output = v.file;
        std::cerr << "bobench reproduce --readings: " << (v.reading ? v.reading->name + ": " + v.choice : "ours") << "\n";
        if (const int status = run_spec(s, options.quiet, options.command, {}); status != 0) return status;
        results::Results r = results::read_results(v.file, /*with_points=*/false);
        if (!v.reading) ours = r;
        const results::Results joined = !v.reading || v.reading->on_problems() ? r : with_runs_of(ours, r, v.scope);
        reps.push_back(comparison(entry, joined, theirs, causes, options.quick));
    }
    const std::string report = readings_report(entry, spec, variants, reps, options.only, skipped, !options.quick);
    write_text_file((out / "readings.md").string(), report);
    std::cout << report << "\nreport: " << (out / "readings.md").string() << "\n";
    return 0;
}

}  // namespace bobench::cli

#include "hpobench_tables/catalog.hpp"

#include "core/error.hpp"
#include "core/text.hpp"
#include "hpobench_tables/fcnet.hpp"
#include "hpobench_tables/generic.hpp"
#include "hpobench_tables/nasbench201.hpp"

namespace bobench::tables {

std::vector<ParamSpec> dataset_file_params() {
    return {ParamSpec::text("data_dir", "",
                            "folder of the HDF5 files (empty: the run's --data-dir / $BOBENCH_DATA, else ./data)"),
            ParamSpec::text("file", "", "read this file instead of the dataset's file in the data folder")};
}

std::vector<ParamSpec> common_params(const std::string& missing_default) {
    return {
        ParamSpec::text("repeat", "random",
                        "which repeat an evaluation reads: random (drawn from the run's problem stream), mean "
                        "(over repeats) or a repeat index"),
        ParamSpec::choice("valid_optimum", "lowest-mean", {"lowest-mean", "best-test-config"},
                          "f* of validation regret: the lowest mean objective in the table, or the mean objective "
                          "of the configuration with the lowest mean test value (nas_benchmarks' get_results)"),
        ParamSpec::choice("missing", missing_default, {"auto", "error", "fail"},
                          "configurations the table lacks: refuse the table (error), evaluate them as failed "
                          "(fail, NaN), or auto: fail on a synthetic fixture (`bobench tabular fixture` writes "
                          "1,000 FCNet configurations by default), error on benchmark data"),
    };
}

std::shared_ptr<const Problem> make_problem(std::shared_ptr<const Table> table, const Args& args,
                                            const std::string& who, Metadata metadata) {
    const std::string missing = args.text("missing");
    if (missing == "error" || (missing == "auto" && !table->is_fixture())) {
        if (const auto gap = table->first_missing())
            throw UserError(who + ": '" + table->provenance().source + "' has " + std::to_string(table->present()) +
                            " of the " + std::to_string(table->size()) + " configurations of its space; missing e.g. " +
                            table->space().format(table->point_at(*gap)) +
                            " (a truncated or damaged file? missing=fail evaluates absent configurations as failed)");
    }
    const RepeatMode repeat = RepeatMode::parse(args.text("repeat"), table->repeats(), who);
    const ValidOptimum valid = parse_valid_optimum(args.text("valid_optimum"));
    return std::make_shared<TableProblem>(std::move(table), repeat, valid, std::move(metadata));
}

void register_all(ProblemRegistry& registry) {
    registry.add(fcnet::factory());
    registry.add(nasbench201::factory());
    registry.add(generic::factory());
}

}  // namespace bobench::tables

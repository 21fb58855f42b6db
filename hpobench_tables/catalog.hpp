#pragma once
// The tabular problems' registry entries and what they share.
#include <memory>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "hpobench_tables/table.hpp"

namespace bobench::tables {

// data_dir and file: where a benchmark with one file per dataset (fcnet, nasbench201) reads it.
std::vector<ParamSpec> dataset_file_params();

// repeat, valid_optimum and missing: the parameters of every table problem.
std::vector<ParamSpec> common_params(const std::string& missing_default);

// The Problem over a loaded table, with the common parameters applied: missing=error
// refuses a table that lacks configurations of its space (naming one), repeat and
// valid_optimum configure the TableProblem. `who` names the problem in messages.
std::shared_ptr<const Problem> make_problem(std::shared_ptr<const Table> table, const Args& args,
                                            const std::string& who, Metadata metadata);

// fcnet, nasbench201 and table.
void register_all(ProblemRegistry& registry);

}  // namespace bobench::tables

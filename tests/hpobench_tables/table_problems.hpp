#pragma once
// Test support shared by the tabular tests: a catalog problem as a TableProblem, and the
// message of the UserError a call throws.
#include <functional>
#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "core/registry.hpp"
#include "hpobench_tables/table.hpp"
#include "cli/catalog.hpp"

namespace bobench::testing {

inline std::shared_ptr<const tables::TableProblem> table_problem(const std::string& id, const ProblemSetup& setup = {}) {
    auto p = std::dynamic_pointer_cast<const tables::TableProblem>(
        bind_problem(cli::problem_catalog(), Identifier::parse(id), setup).problem);
    REQUIRE(p);
    return p;
}

inline std::string message_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const UserError& e) {
        return e.what();
    }
    FAIL("no UserError thrown");
    return {};
}

}  // namespace bobench::testing

#pragma once
// Traces recorded with an earlier build, compared bit for bit: the tests that prove a speed
// change left every result as it was (tests/data/*_traces/).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

#include "results/trace.hpp"

namespace bobench::testing {

// One line per evaluation: the value and the point, as hexadecimal floats (exact).
inline std::string describe_trace(const results::Trace& t) {
    auto hex = [](double v) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%a", v);
        return std::string(buf);
    };
    std::ostringstream out;
    const std::size_t dim = t.size() == 0 ? 0 : t.x.size() / t.size();
    for (std::size_t i = 0; i < t.size(); ++i) {
        out << hex(t.value[i]);
        for (std::size_t j = 0; j < dim; ++j) out << ' ' << hex(t.x[i * dim + j]);
        out << '\n';
    }
    return out.str();
}

// tests/data/FOLDER/NAME.txt: where the recorded trace of the case `name` lives.
inline std::string recorded_trace_path(const std::string& folder, const std::string& name) {
    return std::string(BOBENCH_TEST_DATA_DIR) + "/" + folder + "/" + name + ".txt";
}

// CHECKs that `got` equals the file at `path`; with the environment variable `record_env`
// set it writes the file instead (only when a change of results is intended).
inline void check_recorded(const std::string& got, const std::string& path, const char* record_env) {
    CHECK(!got.empty());
    if (std::getenv(record_env) != nullptr) {
        std::ofstream(path) << got;
        return;
    }
    std::ifstream in(path);
    REQUIRE(in);
    std::stringstream want;
    want << in.rdbuf();
    CHECK(got == want.str());
}

}  // namespace bobench::testing

#pragma once
// Loads tests/data/stats_reference.json (scipy 1.10.1 outputs) for the tests.
#include <fstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace bobench::testing {

inline nlohmann::json load_stats_reference() {
    const std::string path = std::string(BOBENCH_TEST_DATA_DIR) + "/stats_reference.json";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    return nlohmann::json::parse(in);
}

}  // namespace bobench::testing

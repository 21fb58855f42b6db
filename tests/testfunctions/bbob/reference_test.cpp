// bbob functions against values computed by COCO itself (tests/data/bbob_values.csv:
// f1-f24, instances 1-3, d = 2, 5, 10 at random points; tests/data/bbob_optima.csv: f_opt
// and x_opt). Every row is checked.
#include <catch2/catch.hpp>

#include <algorithm>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "testfunctions/bbob/function.hpp"

namespace {

using bobench::bbob::Function;

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(s);
    while (std::getline(in, part, sep)) parts.push_back(part);
    return parts;
}

std::vector<double> reference_numbers(const std::string& s) {
    std::vector<double> v;
    for (const std::string& p : split(s, ';')) v.push_back(std::stod(p));
    return v;
}

// Rows of a reference CSV (header dropped), each split on commas.
std::vector<std::vector<std::string>> read_rows(const std::string& file) {
    const std::string path = std::string(BOBENCH_TEST_DATA_DIR) + "/" + file;
    std::ifstream in(path);
    REQUIRE(in.good());
    std::vector<std::vector<std::string>> rows;
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line))
        if (!line.empty()) rows.push_back(split(line, ','));
    return rows;
}

// Relative error, absolute where the reference is near 0 (|ref| < 1).
double error(double value, double reference) {
    return std::fabs(value - reference) / std::max(1.0, std::fabs(reference));
}

// One Function per (f, instance, d), built once.
const Function& cached(std::map<std::tuple<int, int, int>, Function>& cache, int f, int i, int d) {
    auto key = std::make_tuple(f, i, d);
    auto it = cache.find(key);
    if (it == cache.end()) it = cache.emplace(key, Function(f, i, d)).first;
    return it->second;
}

}  // namespace

TEST_CASE("bbob: every COCO reference value is reproduced to the last bit", "[bbob]") {
    const auto rows = read_rows("bbob_values.csv");
    REQUIRE(rows.size() == 1296);  // 24 functions x 3 instances x 3 dimensions x 6 points
    std::map<std::tuple<int, int, int>, Function> cache;
    int checked = 0;
    for (const auto& row : rows) {
        REQUIRE(row.size() == 6);
        const int f = std::stoi(row[0]), inst = std::stoi(row[1]), d = std::stoi(row[2]);
        const double fopt = std::stod(row[3]);
        const std::vector<double> x = reference_numbers(row[4]);
        const double expected = std::stod(row[5]);
        REQUIRE(static_cast<int>(x.size()) == d);
        const Function& fn = cached(cache, f, inst, d);
        const double value = fn.evaluate(x);
        INFO("f" << f << " i" << inst << " d" << d << " x=" << row[4]);
        // 17 significant digits read back as the double COCO computed: each value is COCO's, 0 ulp
        // (f20's conditioning and f23's powers follow COCO's order of operations for that)
        CHECK(fn.fopt() == fopt);
        CHECK(value == expected);
        ++checked;
    }
    CHECK(checked == 1296);
}

TEST_CASE("bbob: outside [-5, 5]^d, where the boundary penalties act, every value is COCO's to the last bit",
          "[bbob]") {
    // points with 1 to d coordinates outside the domain, just beyond it or far (up to 60):
    // f4, f7, f16-f18 and f20-f24 add their boundary penalties there and f5 clips, which
    // the in-domain reference values never reach
    const auto rows = read_rows("bbob_outside_values.csv");
    REQUIRE(rows.size() == 432);  // 24 functions x 2 instances x 3 dimensions x 3 points
    std::map<std::tuple<int, int, int>, Function> cache;
    int outside = 0;
    for (const auto& row : rows) {
        REQUIRE(row.size() == 5);
        const int f = std::stoi(row[0]), inst = std::stoi(row[1]), d = std::stoi(row[2]);
        const std::vector<double> x = reference_numbers(row[3]);
        REQUIRE(static_cast<int>(x.size()) == d);
        INFO("f" << f << " i" << inst << " d" << d << " x=" << row[3]);
        CHECK(cached(cache, f, inst, d).evaluate(x) == std::stod(row[4]));
        outside += std::any_of(x.begin(), x.end(), [](double v) { return std::fabs(v) > 5; });
    }
    CHECK(outside == 432);
}

TEST_CASE("bbob: every COCO reference optimum (f_opt, x_opt) is reproduced", "[bbob]") {
    const auto rows = read_rows("bbob_optima.csv");
    REQUIRE(rows.size() == 216);  // 24 x 3 x 3
    for (const auto& row : rows) {
        REQUIRE(row.size() == 5);
        const int f = std::stoi(row[0]), inst = std::stoi(row[1]), d = std::stoi(row[2]);
        const Function fn(f, inst, d);
        const std::vector<double> xopt = reference_numbers(row[4]);
        INFO("f" << f << " i" << inst << " d" << d);
        CHECK(error(fn.fopt(), std::stod(row[3])) <= 1e-10);
        REQUIRE(fn.xopt().size() == xopt.size());
        for (std::size_t k = 0; k < xopt.size(); ++k) {
            INFO("coordinate " << k << ": " << fn.xopt()[k] << " vs " << xopt[k]);
            CHECK(error(fn.xopt()[k], xopt[k]) <= 1e-10);
        }
    }
}

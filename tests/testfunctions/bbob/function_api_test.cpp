// bbob::Function's interface: bad input and its messages, groups and names, NaN,
// determinism and concurrent use of one shared object.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "testfunctions/bbob/function.hpp"
#include "testfunctions/bbob/instance_generator.hpp"

using bobench::UserError;
using bobench::bbob::Function;

TEST_CASE("bbob: bad function, instance or dimension is refused with its value and range",
          "[bbob]") {
    CHECK_THROWS_MATCHES(Function(0, 1, 2), UserError,
                         Catch::Message("bbob: function 0 does not exist; accepted functions are 1..24"));
    CHECK_THROWS_MATCHES(Function(25, 1, 10), UserError,
                         Catch::Message("bbob: function 25 does not exist; accepted functions are 1..24"));
    CHECK_THROWS_MATCHES(Function(3, 0, 10), UserError,
                         Catch::Message("bbob: instance 0 is out of range; accepted instances are 1..200000"));
    CHECK_THROWS_MATCHES(Function(3, -7, 10), UserError,
                         Catch::Message("bbob: instance -7 is out of range; accepted instances are 1..200000"));
    CHECK_THROWS_MATCHES(Function(3, 200001, 10), UserError,
                         Catch::Message("bbob: instance 200001 is out of range; accepted instances are 1..200000"));
    const std::string dimensions = " is out of range; accepted dimensions are 2..640 (COCO's largest suite, "
                                   "bbob-largescale, stops at 640)";
    CHECK_THROWS_MATCHES(Function(8, 1, 1), UserError, Catch::Message("bbob: dimension 1" + dimensions));
    CHECK_THROWS_MATCHES(Function(8, 1, 0), UserError, Catch::Message("bbob: dimension 0" + dimensions));
    // d = 2000 took minutes to set up and could not be stopped (#43 part 4)
    CHECK_THROWS_MATCHES(Function(24, 1, 2000), UserError, Catch::Message("bbob: dimension 2000" + dimensions));
    CHECK_THROWS_MATCHES(Function(24, 1, 641), UserError, Catch::Message("bbob: dimension 641" + dimensions));
    CHECK_NOTHROW(Function(24, 200000, 2));
}

TEST_CASE("bbob: a stop request ends the building of rotations", "[bbob]") {
    struct Lower {
        ~Lower() { bobench::stop_requested().store(false); }
    } lower;
    bobench::stop_requested().store(true);  // as SIGTERM's handler raises it while a plan builds f24 at d = 640
    CHECK_THROWS_AS(Function(24, 1, 640), bobench::Interrupted);
    CHECK_THROWS_AS(bobench::bbob::legacy::rotation(40, 1), bobench::Interrupted);
    const bobench::bbob::Matrix r(40);
    CHECK_THROWS_AS(bobench::bbob::legacy::rotate_scale_rotate(r, std::vector<double>(40, 1.0), r), bobench::Interrupted);
    CHECK_NOTHROW(Function(1, 1, 40));  // f1 has no rotation: nothing to stop
}

TEST_CASE("bbob: a point of the wrong length is refused", "[bbob]") {
    const Function f(7, 1, 2);
    CHECK_THROWS_MATCHES(f.evaluate({1.0, 2.0, 3.0}), UserError,
                         Catch::Message("point has 3 coordinates, bbob f=7 d=2 expects 2"));
    CHECK_THROWS_MATCHES(f.evaluate({}), UserError,
                         Catch::Message("point has 0 coordinates, bbob f=7 d=2 expects 2"));
    CHECK(f.evaluate({1.0, 2.0}) == f(std::vector<double>{1.0, 2.0}.data()));
}

TEST_CASE("bbob: COCO's groups and the function names", "[bbob]") {
    const int expected_group[25] = {0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3,
                                    4, 4, 4, 4, 4, 5, 5, 5, 5, 5};
    for (int f = 1; f <= 24; ++f) {
        CHECK(Function::group(f) == expected_group[f]);
        CHECK(std::string(Function::name(f)).size() > 3);
    }
    CHECK(Function(15, 2, 3).group() == 4);
    CHECK(std::string(Function::name(1)) == "Sphere");
    CHECK(std::string(Function::name(15)) == "Rastrigin (rotated)");
    CHECK(std::string(Function::name(21)) == "Gallagher 101 peaks");
    CHECK(std::string(Function::name(24)) == "Lunacek bi-Rastrigin");
    CHECK_THROWS_MATCHES(Function::name(0), UserError,
                         Catch::Message("bbob: function 0 does not exist; accepted functions are 1..24"));
    CHECK_THROWS_AS(Function::group(30), UserError);
}

TEST_CASE("bbob: accessors report what was built", "[bbob]") {
    const Function f(16, 50, 20);
    CHECK(f.function() == 16);
    CHECK(f.instance() == 50);
    CHECK(f.dimension() == 20);
    CHECK(f.xopt().size() == 20);
}

TEST_CASE("bbob: a NaN coordinate gives NaN for every function", "[bbob]") {
    for (int f = 1; f <= 24; ++f) {
        const Function fn(f, 1, 5);
        std::vector<double> x(5, 0.5);
        x[3] = std::nan("");
        INFO("f" << f);
        CHECK(std::isnan(fn(x.data())));
    }
}

TEST_CASE("bbob: same construction, same values and one object shared by threads", "[bbob]") {
    std::vector<std::vector<double>> points;
    for (int k = 0; k < 64; ++k) {
        std::vector<double> x(10);
        for (int j = 0; j < 10; ++j) x[j] = std::sin(1.7 * k + 0.31 * j) * 4.9;
        points.push_back(x);
    }
    for (int f = 1; f <= 24; ++f) {
        const Function a(f, 7, 10), b(f, 7, 10);
        std::vector<double> sequential;
        for (const auto& x : points) {
            sequential.push_back(a(x.data()));
            CHECK(b(x.data()) == sequential.back());
        }
        // Four threads evaluate the same shared object; results must not interfere.
        std::vector<std::vector<double>> results(4);
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                for (int rep = 0; rep < 20; ++rep)
                    for (const auto& x : points) results[t].push_back(a(x.data()));
            });
        for (auto& th : threads) th.join();
        INFO("f" << f);
        for (int t = 0; t < 4; ++t)
            for (std::size_t k = 0; k < results[t].size(); ++k)
                REQUIRE(results[t][k] == sequential[k % points.size()]);
    }
}

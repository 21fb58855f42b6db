// The vectorised kernels of surrogates/simd/: e^x, tanh and the logistic function within
// 2 ulp, the layer products' fixed chains, and the same bits in every vector width.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "core/rng.hpp"
#include "surrogates/simd/lanes.hpp"
#include "surrogates/simd/matrix_product.hpp"
#include "surrogates/simd/vector_math.hpp"
#include "tests/support/numeric.hpp"

using namespace bobench;
using Eigen::MatrixXd;
using Eigen::VectorXd;

TEST_CASE("simd vector math: exp, tanh, logistic within 2 ulp, the same in every vector width, special values",
          "[simd]") {
    using Fn = void (*)(double*, Eigen::Index);
    const std::vector<std::pair<Fn, long double (*)(long double)>> functions = {
        {simd::exp_in_place, [](long double x) { return std::exp(x); }},
        {simd::tanh_in_place, [](long double x) { return std::tanh(x); }},
        {simd::logistic_in_place, [](long double x) { return 1 / (1 + std::exp(-x)); }}};
    for (std::size_t f = 0; f < functions.size(); ++f) {
        INFO("function " << f);
        // 4003 points: the wide paths, the 2-wide remainder and the scalar tail all run
        const int n = 4003;
        const double range = f == 0 ? 708 : 30;
        std::vector<double> x(n);
        for (int i = 0; i < n; ++i) x[i] = -range + 2 * range * i / (n - 1) + 1e-3 * std::sin(i);
        std::vector<double> y = x;
        functions[f].first(y.data(), n);
        for (int lanes : {4, 2, 1}) {  // the AVX2, SSE2 and scalar paths give the widest one's bits
            const simd::ForcedLanes force(lanes);
            std::vector<double> narrow = x;
            functions[f].first(narrow.data(), n);
            REQUIRE(narrow == y);
        }
        double worst = 0;
        for (int i = 0; i < n; ++i) {
            const long double exact = functions[f].second(x[i]);
            if (exact > 1e-300L) worst = std::max(worst, static_cast<double>(std::abs((y[i] - exact) / exact)));
            double one = x[i];
            functions[f].first(&one, 1);  // the scalar path
            REQUIRE(one == y[i]);
        }
        CHECK(worst < 2 * std::numeric_limits<double>::epsilon());
        double nan = std::nan("");
        functions[f].first(&nan, 1);
        CHECK(std::isnan(nan));
    }
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<double> special = {std::nan(""), 709.0, -709.0, inf, -inf, 0.0, 1.0, -1.0};
    simd::exp_in_place(special.data(), static_cast<Eigen::Index>(special.size()));
    CHECK(std::isnan(special[0]));
    CHECK(special[1] == inf);
    CHECK(special[2] == 0.0);
    CHECK(special[3] == inf);
    CHECK(special[4] == 0.0);
    CHECK(special[5] == 1.0);
    std::vector<double> t = {inf, -inf, 0.0, 1e-300, std::nan(""), 40.0, -40.0, 0.625};
    simd::tanh_in_place(t.data(), static_cast<Eigen::Index>(t.size()));
    CHECK(t[0] == 1.0);
    CHECK(t[1] == -1.0);
    CHECK(t[2] == 0.0);
    CHECK(t[3] == 1e-300);
    CHECK(std::isnan(t[4]));
    CHECK(t[5] == 1.0);
    CHECK(t[6] == -1.0);
    CHECK(t[7] == Approx(std::tanh(0.625)).epsilon(1e-15));
}

TEST_CASE("simd matrix product: each entry is its fixed chain of products and sums, in every vector width", "[simd]") {
    Rng rng(3);
    using Start = simd::MatrixProduct::Start;
    for (const Eigen::Index rows : {1, 2, 3, 10, 13, 50})  // 50: 48 in 4-lane blocks, 2 left over
        for (const Eigen::Index cols : {1, 6})
            for (const Eigen::Index depth : {1, 7, 20})
                for (const Start start : {Start::Bias, Start::Accumulate, Start::FirstTerm}) {
                    const MatrixXd A = test::uniform_points(rows, depth, rng, -1, 1);
                    const MatrixXd B = test::uniform_points(cols, depth, rng, -1, 1);
                    const VectorXd bias = test::uniform_points(rows, 1, rng, -1, 1).col(0);
                    const MatrixXd C0 = test::uniform_points(rows, cols, rng, -1, 1);
                    // the definition, entry by entry: B(k, c) is the stored B(c, k) (a transpose by strides)
                    MatrixXd expected(rows, cols);
                    for (Eigen::Index i = 0; i < rows; ++i)
                        for (Eigen::Index c = 0; c < cols; ++c) {
                            double acc = start == Start::Bias ? bias[i] : start == Start::Accumulate ? C0(i, c) : A(i, 0) * B(c, 0);
                            for (Eigen::Index k = start == Start::FirstTerm ? 1 : 0; k < depth; ++k) acc = acc + A(i, k) * B(c, k);
                            expected(i, c) = acc;
                        }
                    for (int lanes : {8, 4, 2, 1}) {
                        const simd::ForcedLanes force(lanes);
                        MatrixXd C = C0;
                        simd::multiply({.rows = rows, .cols = cols, .depth = depth, .a = A.data(), .a_col = rows,
                                       .b = B.data(), .b_row = cols, .b_col = 1, .c = C.data(), .c_col = rows,
                                       .start = start, .bias = bias.data()});
                        INFO(rows << " x " << cols << " x " << depth << ", lanes " << lanes);
                        REQUIRE(C == expected);
                    }
                }
}

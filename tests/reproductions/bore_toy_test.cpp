// The BORE appendix toy as `bobench reproduce bore-toy` computes it: the true ratio against
// its closed form, and the classifier's estimate against TPE's two KDEs.
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

#include "reproductions/bore_toy.hpp"

TEST_CASE("bore-toy: true r_gamma by closed form, the classifier closer to it than two KDEs", "[reproduce][bore-toy]") {
    const bobench::reproductions::BoreToy t = bobench::reproductions::bore_toy(2021, 161);
    REQUIRE(t.x.size() == 161);
    CHECK(t.x.front() == -8);
    CHECK(t.x.back() == 8);
    // at x = 0: l = 0.3 N(0; 2, 1) + 0.7 N(0; -3, 0.5), g = N(0; 0, 2)
    const double s2pi = std::sqrt(2 * std::numbers::pi);
    const double l0 = 0.3 * std::exp(-2.0) / s2pi + 0.7 * std::exp(-18.0) / (0.5 * s2pi), g0 = 1 / (2 * s2pi);
    CHECK(t.r_true[80] == Approx(l0 / (0.25 * l0 + 0.75 * g0)).epsilon(1e-12));
    CHECK(t.argmax_true == Approx(-3.2).margin(0.1));
    CHECK(std::abs(t.argmax_mlp - t.argmax_true) <= 0.3);
    // r_gamma is bounded by 1 / gamma; so are both estimates (pi <= 1, and the KDE form)
    for (std::size_t i = 0; i < t.x.size(); ++i) {
        CHECK(t.r_mlp[i] <= 4 + 1e-12);
        CHECK(t.r_kde[i] <= 4 + 1e-12);
    }
    // the paper's point: the classifier's ratio is smoother and closer than the ratio of two KDEs
    CHECK(t.mean_abs_error_mlp < t.mean_abs_error_kde);
    // App. H: the normal reference bandwidth of l's two-component sample overestimates both
    // components' variances (l's peak at -3 is flattened) and shifts the ratio's maximiser
    const std::size_t at_minus_3 = 50;  // x = -3 on the 161-point grid
    REQUIRE(t.x[at_minus_3] == Approx(-3.0));
    CHECK(t.l_kde[at_minus_3] < 0.8 * t.l[at_minus_3]);
    CHECK(std::abs(t.argmax_kde - t.argmax_true) > std::abs(t.argmax_mlp - t.argmax_true));
}

// SGHMC's bulk normal draws (Box-Muller on xoshiro256++ words): the words against a
// one-word-at-a-time xoshiro256++ written from the paper's definition, each draw against
// the transform evaluated in long double from the same words, the same bits in every
// vector width, and the distribution: moments, tails, independence of a pair's two halves
// and a Kolmogorov-Smirnov test against the normal CDF whose threshold a 5 % wider normal fails.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include <boost/math/distributions/normal.hpp>

#include "surrogates/simd/lanes.hpp"
#include "surrogates/samplers/standard_normals.hpp"

using namespace bobench;

namespace {

std::vector<double> draws(Eigen::Index n, std::uint64_t seed) {
    std::vector<double> z(static_cast<std::size_t>(n));
    samplers::StandardNormals(seed).fill(z.data(), n);
    return z;
}

// xoshiro256++ (Blackman & Vigna 2021), one generator, one word per call
struct Xoshiro {
    std::uint64_t s[4];
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t operator()() {
        const std::uint64_t result = rotl(s[0] + s[3], 23) + s[0], t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = rotl(s[3], 45);
        return result;
    }
};

// The documented stream: four generators seeded by the splitmix64 sequence of seed
// (generator j takes its 4 words in order), word i from generator i mod 4.
class ReferenceWords {
public:
    explicit ReferenceWords(std::uint64_t seed) {
        for (Xoshiro& g : generators_)
            for (std::uint64_t& w : g.s) {
                seed += 0x9e3779b97f4a7c15ULL;
                std::uint64_t z = seed;
                z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
                z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
                w = z ^ (z >> 31);
            }
    }
    std::uint64_t operator()() { return generators_[next_++ % 4](); }

private:
    Xoshiro generators_[4];
    std::size_t next_ = 0;
};

// sup_x |F_n(x) - Phi(x / scale)| of the sample z
double kolmogorov_smirnov(std::vector<double> z, double scale) {
    std::sort(z.begin(), z.end());
    const boost::math::normal phi;
    const double n = static_cast<double>(z.size());
    double d = 0;
    for (std::size_t i = 0; i < z.size(); ++i) {
        const double F = boost::math::cdf(phi, z[i] / scale);
        d = std::max({d, F - static_cast<double>(i) / n, static_cast<double>(i + 1) / n - F});
    }
    return d;
}

}  // namespace

TEST_CASE("standard normals: the raw words are four interleaved xoshiro256++ generators", "[samplers][normals]") {
    for (int lanes : {4, 2, 1}) {
        const simd::ForcedLanes force(lanes);
        samplers::RawWords words(42);
        ReferenceWords reference(42);
        std::vector<std::uint64_t> out(1000);
        std::size_t mismatches = 0;
        for (Eigen::Index n : {4, 1000, 8}) {  // the state carries over between fills
            words.fill(out.data(), n);
            for (Eigen::Index i = 0; i < n; ++i) mismatches += out[static_cast<std::size_t>(i)] != reference();
        }
        INFO("lanes " << lanes);
        CHECK(mismatches == 0);
    }
}

// The transform of word k in long double, from its uniforms rounded to float as documented;
// returns the radius.
long double reference_pair(std::uint64_t k, long double& c, long double& s) {
    const long double u1 = static_cast<float>(static_cast<double>((k >> 32) + 1) * 0x1p-32),
                      u2 = static_cast<float>(static_cast<double>(k & 0xffffffffu) * 0x1p-32);
    const long double radius = std::sqrt(-2 * std::log(u1)), angle = 2 * std::numbers::pi_v<long double> * u2;
    c = radius * std::cos(angle), s = radius * std::sin(angle);
    return radius;
}

TEST_CASE("standard normals: each draw is Box-Muller of the raw words, to single precision", "[samplers][normals]") {
    const Eigen::Index n = 20001;  // odd: the last pair's sine is dropped
    samplers::StandardNormals normals(5);
    std::vector<double> z(static_cast<std::size_t>(n));
    normals.fill(z.data(), n);
    ReferenceWords raw(5);
    const Eigen::Index m = (n + 1) / 2;
    double worst = 0;
    for (Eigen::Index i = 0; i < m; ++i) {
        long double c, s;
        const long double radius = reference_pair(raw(), c, s);
        worst = std::max(worst, static_cast<double>(std::abs(z[static_cast<std::size_t>(i)] - c) / (1 + radius)));
        if (m + i < n) worst = std::max(worst, static_cast<double>(std::abs(z[static_cast<std::size_t>(m + i)] - s) / (1 + radius)));
    }
    CHECK(worst < 3e-7);  // a few float ulps (2^-24 = 6e-8)
    // it took ceil(n / 2) = 10001 words rounded up to 10004: the next draw is from word 10004
    for (int dropped = 0; dropped < 3; ++dropped) raw();
    long double c, s;
    reference_pair(raw(), c, s);
    double next = 0;
    normals.fill(&next, 1);
    CHECK(std::abs(next - c) < 1e-6);
}

TEST_CASE("standard normals: bit-identical in the scalar, SSE2 and AVX2 paths", "[samplers][normals]") {
    std::vector<double> wide;
    for (int lanes : {4, 2, 1}) {
        const simd::ForcedLanes force(lanes);
        const std::vector<double> z = draws(1003, 11);  // 502 pairs: every path and its tails run
        if (wide.empty()) wide = z;
        INFO("lanes " << lanes);
        CHECK(z == wide);
    }
}

TEST_CASE("standard normals: moments, tails, independent halves, Kolmogorov-Smirnov", "[samplers][normals]") {
    const Eigen::Index n = 400000;
    const std::vector<double> z = draws(n, 2024);
    const double N = static_cast<double>(n);
    double m1 = 0, m2 = 0, m3 = 0, m4 = 0;
    long beyond3 = 0;
    for (double x : z) {
        m1 += x, m2 += x * x, m3 += x * x * x, m4 += x * x * x * x;
        beyond3 += std::abs(x) > 3;
    }
    m1 /= N, m2 /= N, m3 /= N, m4 /= N;
    // 4 standard errors of each estimate under N(0, 1)
    CHECK(std::abs(m1) < 4 / std::sqrt(N));
    CHECK(std::abs(m2 - 1) < 4 * std::sqrt(2 / N));
    CHECK(std::abs(m3) < 4 * std::sqrt(15 / N));
    CHECK(std::abs(m4 - 3) < 4 * std::sqrt(96 / N));
    const double p3 = 2 * boost::math::cdf(boost::math::complement(boost::math::normal(), 3.0));
    CHECK(std::abs(beyond3 - p3 * N) < 4 * std::sqrt(p3 * (1 - p3) * N));
    // the cosine and sine halves share their radius but are independent: correlation of
    // the values and of their squares within 4 standard errors of 0
    const Eigen::Index m = n / 2;
    double c = 0, c2 = 0;
    for (Eigen::Index i = 0; i < m; ++i) {
        const double a = z[static_cast<std::size_t>(i)], b = z[static_cast<std::size_t>(m + i)];
        c += a * b, c2 += (a * a - 1) * (b * b - 1);
    }
    CHECK(std::abs(c / m) < 4 / std::sqrt(m));
    CHECK(std::abs(c2 / m / 2) < 4 / std::sqrt(m));
    // KS at alpha = 0.001 (critical value 1.949 / sqrt(n)); N(0, 1.05^2) fails it
    const double critical = 1.949 / std::sqrt(N);
    CHECK(kolmogorov_smirnov(z, 1.0) < critical);
    std::vector<double> wider = z;
    for (double& x : wider) x *= 1.05;
    CHECK(kolmogorov_smirnov(wider, 1.0) > critical);
}

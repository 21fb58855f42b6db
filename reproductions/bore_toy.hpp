#pragma once
// `bobench reproduce bore-toy`: the density-ratio illustration of the BORE paper's appendix
// (Tiao et al., ICML 2021, arXiv 2102.09009) on a 1-D toy. Samples of l (the "good"
// density) are labelled 1 and samples of g labelled 0; a classifier's probability pi(x)
// estimates gamma * r_gamma(x), with r_gamma = l / (gamma l + (1 - gamma) g), while the
// density-ratio method of TPE estimates l and g with two kernel density estimators and
// divides them.
#include <cstdint>
#include <string>
#include <vector>

#include "reproductions/entry.hpp"

namespace bobench::reproductions {

struct BoreToy {
    double gamma = 0.25;
    std::vector<double> x;                    // the grid
    std::vector<double> l, g, r_true;         // the true densities and r_gamma
    std::vector<double> l_kde, g_kde, r_kde;  // the two KDEs and their r_gamma
    std::vector<double> r_mlp;                // the classifier's pi / gamma
    double argmax_true = 0, argmax_mlp = 0, argmax_kde = 0;
    double mean_abs_error_mlp = 0, mean_abs_error_kde = 0;  // over the grid, against r_true
};

// Draws 1000 samples (a quarter from l) from `seed`, fits both estimators, evaluates them on
// `points` grid points of [-8, 8].
BoreToy bore_toy(std::uint64_t seed, int points = 801);

// The report's body: what was drawn, the maximisers and errors, as Markdown.
std::string render_bore_toy(const BoreToy& toy);

// Writes bore-toy.dat, bore-toy.gp and bore-toy.{png,svg} into `dir`; returns the images.
// UserError when gnuplot is missing.
std::vector<std::string> plot_bore_toy(const BoreToy& toy, const std::string& dir);

// The bore-toy reproduction's whole Markdown report, computing the toy (seed 2021) and drawing
// its figure into `figures_dir` (a missing gnuplot leaves a note); `host` names the machine.
std::string bore_toy_report(const ReproductionEntry& e, const std::string& figures_dir, const std::string& host);

}  // namespace bobench::reproductions

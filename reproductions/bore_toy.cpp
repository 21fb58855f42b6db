#include "reproductions/bore_toy.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <cmath>
#include <numbers>

#include <boost/random/bernoulli_distribution.hpp>
#include <boost/random/normal_distribution.hpp>
#include <fmt/format.h>

#include "analysis/reports/gnuplot.hpp"
#include "analysis/reports/palette.hpp"
#include "core/error.hpp"
#include "core/io.hpp"
#include "core/text.hpp"
#include "reproductions/report.hpp"
#include "core/rng.hpp"
#include "surrogates/mlp/mlp.hpp"
#include "surrogates/parzen/parzen.hpp"

namespace bobench::reproductions {

namespace {
double normal_pdf(double x, double mu, double sd) {
    const double t = (x - mu) / sd;
    return std::exp(-0.5 * t * t) / (sd * std::sqrt(2 * std::numbers::pi));
}
// The toy: l a two-component mixture, g a broad normal.
double l_pdf(double x) { return 0.3 * normal_pdf(x, 2, 1) + 0.7 * normal_pdf(x, -3, 0.5); }
double g_pdf(double x) { return normal_pdf(x, 0, 2); }

double argmax(const std::vector<double>& x, const std::vector<double>& f) {
    return x[static_cast<std::size_t>(std::max_element(f.begin(), f.end()) - f.begin())];
}
double mean_abs_error(const std::vector<double>& a, const std::vector<double>& b) {
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += std::abs(a[i] - b[i]);
    return s / static_cast<double>(a.size());
}
}  // namespace

BoreToy bore_toy(std::uint64_t seed, int points) {
    BoreToy t;
    const double gamma = t.gamma;
    const int n = 1000, n_good = static_cast<int>(gamma * n);
    Rng rng(seed);
    boost::random::bernoulli_distribution<double> first(0.3);
    boost::random::normal_distribution<double> n1(2, 1), n2(-3, 0.5), ng(0, 2);
    std::vector<double> good, bad;
    for (int i = 0; i < n_good; ++i) good.push_back(first(rng) ? n1(rng) : n2(rng));
    for (int i = n_good; i < n; ++i) bad.push_back(ng(rng));

    // App. H's network: 3 hidden layers of 32 elu units (BORE's batches of 64), trained to
    // convergence in one fit (reading toy-training)
    Eigen::MatrixXd X(n, 1);
    Eigen::VectorXd z(n);
    for (int i = 0; i < n; ++i) {
        X(i, 0) = i < n_good ? good[static_cast<std::size_t>(i)] : bad[static_cast<std::size_t>(i - n_good)];
        z[i] = i < n_good ? 1 : 0;
    }
    mlp::Options o;
    o.hidden = {32, 32, 32};
    o.learning_rate = 1e-2;
    o.steps = 2000;
    mlp::Classifier net(1, o, rng);
    net.fit(X, z, rng);
    // App. H's two KDEs, each bandwidth by the normal reference rule (reading toy-bandwidth)
    const double h_good = parzen::normal_reference_bandwidth(good), h_bad = parzen::normal_reference_bandwidth(bad);

    for (int k = 0; k < points; ++k) {
        const double x = -8 + 16.0 * k / (points - 1);
        t.x.push_back(x);
        t.l.push_back(l_pdf(x));
        t.g.push_back(g_pdf(x));
        t.r_true.push_back(l_pdf(x) / (gamma * l_pdf(x) + (1 - gamma) * g_pdf(x)));
        const double lk = parzen::gaussian_kde_pdf(good, h_good, x), gk = parzen::gaussian_kde_pdf(bad, h_bad, x);
        t.l_kde.push_back(lk);
        t.g_kde.push_back(gk);
        t.r_kde.push_back(lk / (gamma * lk + (1 - gamma) * gk));
        t.r_mlp.push_back(net.probability(Eigen::VectorXd::Constant(1, x)) / gamma);
    }
    t.argmax_true = argmax(t.x, t.r_true);
    t.argmax_mlp = argmax(t.x, t.r_mlp);
    // the KDE ratio l / g has r_gamma's maximiser (r_gamma is increasing in l / g)
    t.argmax_kde = argmax(t.x, t.r_kde);
    t.mean_abs_error_mlp = mean_abs_error(t.r_mlp, t.r_true);
    t.mean_abs_error_kde = mean_abs_error(t.r_kde, t.r_true);
    return t;
}

std::string render_bore_toy(const BoreToy& t) {
    std::string out = fmt::format(
        "The toy: l(x) = 0.3 N(2, 1) + 0.7 N(-3, 0.5^2), g(x) = N(0, 2^2), gamma = {}; {} samples of l labelled 1 "
        "and {} of g labelled 0. r_gamma(x) = l / (gamma l + (1 - gamma) g) is bounded by 1/gamma = {}; the "
        "classifier estimates it as pi(x) / gamma, the density-ratio method (TPE's) as the same expression of two "
        "kernel density estimates.\n\n",
        t.gamma, static_cast<int>(t.gamma * 1000), 1000 - static_cast<int>(t.gamma * 1000), 1 / t.gamma);
    out += "| estimate | argmax on [-8, 8] | mean absolute error of r_gamma on the grid |\n|---|--:|--:|\n";
    out += fmt::format("| true r_gamma | {:.3f} | 0 |\n", t.argmax_true);
    out += fmt::format("| classifier (BORE, MLP) | {:.3f} | {:.4f} |\n", t.argmax_mlp, t.mean_abs_error_mlp);
    out += fmt::format("| two KDEs (normal reference bandwidths) | {:.3f} | {:.4f} |\n", t.argmax_kde,
                       t.mean_abs_error_kde);
    return out;
}

std::vector<std::string> plot_bore_toy(const BoreToy& t, const std::string& out_dir) {
    using namespace analysis::reports;
    const std::string gnuplot = locate_gnuplot("gnuplot", std::nullopt);
    const std::filesystem::path dir = make_output_folder(out_dir);
    const std::string data = (dir / "bore-toy.dat").string(), png = (dir / "bore-toy.png").string(),
                      svg = (dir / "bore-toy.svg").string();
    std::string rows = "# x\tl\tg\tl_kde\tg_kde\tr_true\tr_mlp\tr_kde\n";
    for (std::size_t i = 0; i < t.x.size(); ++i)
        rows += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n", t.x[i], t.l[i], t.g[i], t.l_kde[i], t.g_kde[i],
                            t.r_true[i], t.r_mlp[i], t.r_kde[i]);
    write_text_file(data, rows);
    const std::string d = gp_string(data);
    const std::string plot = fmt::format(
        "set multiplot layout 2,1\nset key outside right top\nset xlabel 'x'\nset grid\n"
        "set ylabel 'density'\nplot {0} using 1:2 with lines lw 2 lc rgb {1} title 'l(x)', "
        "{0} using 1:3 with lines lw 2 lc rgb {2} title 'g(x)', "
        "{0} using 1:4 with lines dt 2 lc rgb {1} title 'l KDE', {0} using 1:5 with lines dt 2 lc rgb {2} title 'g KDE'\n"
        "set ylabel 'r_{{/Symbol g}}(x)'\nplot {0} using 1:6 with lines lw 2 lc rgb 'black' title 'true r_{{/Symbol g}}', "
        "{0} using 1:7 with lines lw 2 lc rgb {3} title 'classifier {{/Symbol p}}/{{/Symbol g}} (BORE)', "
        "{0} using 1:8 with lines lw 2 dt 2 lc rgb {4} title 'two KDEs'\nunset multiplot",
        d, gp_string(palette_colour(1)), gp_string(palette_colour(0)), gp_string(palette_colour(2)),
        gp_string(palette_colour(3)));
    // a multiplot cannot be replotted: drawn once per terminal
    const std::string script = "# written by bobench reproduce bore-toy\n"
                               "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) { set terminal pngcairo size 960,800 } "
                               "else { set terminal png size 960,800 }\nset output " + gp_string(png) + "\n" + plot +
                               "\nset terminal svg size 960,800 dynamic\nset output " + gp_string(svg) + "\n" + plot +
                               "\nset output\n";
    run_gnuplot(gnuplot, dir, "bore-toy.gp", script, {png, svg});
    return {png, svg};
}

std::string bore_toy_report(const ReproductionEntry& e, const std::string& figures_dir, const std::string& host) {
    const auto start = std::chrono::steady_clock::now();
    const BoreToy toy = bore_toy(/*seed=*/2021);
    std::string figure;
    try {
        std::vector<std::string> files;
        for (const std::string& f : plot_bore_toy(toy, figures_dir)) files.push_back(linked_figure(f, figures_dir));
        figure = "\n## Figure: " + e.figure + "\n\n`" + join(files, "`, `") + "`\n";
    } catch (const UserError& error) {
        figure = "\n## Figure: not drawn (" + std::string(error.what()) + ")\n";
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return fmt::format("# Reproduction: {}\n\nSource: {}.\n\nComputed in {:.1f} s on {}.\n", e.name, e.source, seconds,
                       host) +
           "\nDeviations from the paper's protocol:\n\n- " + join(stated_deviations(e), "\n- ") + "\n\n" +
           render_bore_toy(toy) + figure +
           "\nThe paper shows this illustration as a figure only: the figure above is ours.\n";
}

}  // namespace bobench::reproductions

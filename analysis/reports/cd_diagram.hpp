#pragma once
// Critical-difference diagram (Demsar 2006, "Statistical comparisons of classifiers over
// multiple data sets", JMLR 7, figure 1): the optimizers on an axis of their average rank
// over problems (1 = best, on the left), Nemenyi's critical difference drawn above (only
// when it decides the cliques), and
// thick bars joining groups ("cliques") of optimizers that are not significantly
// different.
//
// Ranks come from the Friedman ranking of `bobench rank --friedman`: per problem the
// replicates are blocks, an optimizer's problem score is its mean rank over them, and
// those are ranked again (FriedmanProblemRanking::rank); the average of that rank over the
// problems where every optimizer ran is the diagram's axis (FriedmanScoreTable).
// Cliques, by the pairwise decision `test`:
//   nemenyi : |R_i - R_j| <= CD = q_alpha sqrt(k (k + 1) / (6 n)), n problems;
//   wilcoxon: two-sided Wilcoxon signed-rank test per pair on the per-problem mean ranks
//             (paired by problem), Holm-adjusted over the k (k - 1) / 2 pairs, p >= alpha
//             (Benavoli et al. 2016; the "cd-diagram" of Ismail Fawaz et al. 2019);
//   mwu     : the same with the two-sided Mann-Whitney U test (unpaired).
// A clique is a maximal run of consecutive optimizers (in average-rank order) of which no
// pair differs significantly, as Demsar draws them.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/ranking.hpp"

namespace bobench::analysis::reports {

struct PlotOptions;

enum class CliqueTest { nemenyi, wilcoxon, mwu };
CliqueTest parse_clique_test(std::string_view name);  // nemenyi | wilcoxon | mwu
std::string_view to_string(CliqueTest test);

struct CdDiagram {
    std::vector<std::string> optimizers;  // best (lowest) average rank first; ties by name
    std::vector<double> average_rank;
    std::size_t problems = 0;
    double alpha = 0.05;
    double critical_difference = 0;  // Nemenyi's, at alpha
    CliqueTest test = CliqueTest::nemenyi;
    // p_value[i][j] in the order above: Nemenyi's p, or the Holm-adjusted test p.
    std::vector<std::vector<double>> p_value;
    std::vector<std::pair<std::size_t, std::size_t>> cliques;  // [first, last] indices
    FriedmanResult friedman;  // across problems
};

// UserError when fewer than 2 problems (with every optimizer) or 2 optimizers are ranked.
CdDiagram cd_diagram(const FriedmanScoreTable& scores, std::span<const FriedmanProblemRanking> per_problem,
                     double alpha, CliqueTest test);

std::string render_cd_svg(const CdDiagram& diagram);

// Writes DIR/cd-<test>.svg (render_cd_svg) and DIR/cd-<test>.png (the same drawing through
// gnuplot's pngcairo or png terminal), <test> the clique method (cd-nemenyi, cd-wilcoxon,
// cd-mwu), so diagrams of different methods never overwrite each other; returns both
// paths. Nemenyi's CD bar is drawn only on the nemenyi diagram.
std::vector<std::string> plot_cd(const CdDiagram& diagram, const PlotOptions& options);

}  // namespace bobench::analysis::reports

#include "cli/reproductions.hpp"

#include <cstdlib>
#include <filesystem>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench::cli {

namespace fs = std::filesystem;
using analysis::reports::TableStat;

const std::vector<ReproductionEntry>& reproductions() {
    static const std::vector<ReproductionEntry> list = [] {
        std::vector<ReproductionEntry> r;
        {
            ReproductionEntry e;
            e.name = "aryan-ch4-synthetic";
            e.source = "Aryan 2020 (PhD thesis, VUW), Tables 4.2-4.5: final regret, 12 synthetic functions";
            e.spec = "aryan-ch4-synthetic.ini";
            e.reference = "aryan2020_table4_synthetic.csv";
            e.columns = {"function", "method", "mean_final_regret", "std_final_regret", {{"setting", "fixed_alpha"}}};
            e.statistic = TableStat::mean;
            e.quick_replicates = 2;
            e.quick_budget = 4;  // two model-based suggestions per run: Bohamiann and GP_mcmc cost seconds each
            e.cost = "not measured yet";
            e.deviations = {
                "GP, GP_mcmc and RandomForest are robo-gp, robo-gp-mcmc and robo-rf: RoBO's settings re-implemented "
                "(docs/ROBO_PRESETS.md lists what is not reproduced, e.g. scipy's line search in RoBO's 2-D GP fits)",
                "the RVFL variant numbering and the choices the thesis leaves open: surrogates/rvfl/README.md"};
            r.push_back(e);
        }
        {
            ReproductionEntry e;
            e.name = "aryan-ch4-synthetic-evidence";
            e.source = "Aryan 2020 (PhD thesis, VUW), Tables 4.6-4.9: the RVFL networks with evidence alpha";
            e.spec = "aryan-ch4-synthetic-evidence.ini";
            e.reference = "aryan2020_table4_synthetic.csv";
            e.columns = {"function", "method", "mean_final_regret", "std_final_regret", {{"setting", "evidence_alpha"}}};
            e.quick_replicates = 2;
            e.quick_budget = 12;
            e.cost = "not measured yet";
            e.deviations = {"the baseline rows of Tables 4.6-4.9 are those of Tables 4.2-4.5: aryan-ch4-synthetic runs them",
                            "the RVFL variant numbering and the choices the thesis leaves open: surrogates/rvfl/README.md"};
            r.push_back(e);
        }
        {
            ReproductionEntry e;
            e.name = "aryan-ch3-bbob";
            e.source = "Aryan 2020 (PhD thesis, VUW), chapter 3, Fig. 3.3: rankings on bbob f1-f24, d = 2, 3, 5, 10";
            e.spec = "aryan-ch3-bbob.ini";
            e.by = "dimension";
            e.alpha = 0.0005;
            e.quick_replicates = 2;
            e.quick_budget = 10;
            e.cost = "not measured yet";
            e.deviations = {"runs do not restart when they reach the target or revisit a point (the thesis' rule)",
                            "the thesis' neural methods (SBNN, HBNN, ELM) are added once bobench has them",
                            "the thesis publishes figures only: the report is our ranking, with no numbers to compare"};
            r.push_back(e);
        }
        {
            ReproductionEntry e;
            e.name = "dtu-bbob40";
            e.source = "DTU master thesis (Investigation of Deep Probabilistic Surrogate-models in BO), Figs. 5.15-5.19";
            e.spec = "dtu-bbob40.ini";
            e.reference = "dtu_thesis_bbob_40evals.csv";
            e.columns = {"function", "method", "distance_to_optimum", "", {}};
            e.statistic = TableStat::median;
            e.quick_replicates = 1;  // the sampled networks cost seconds per suggestion: --quick checks the
            e.quick_budget = 3;      // pipeline on the initial designs only
            e.cost = "not measured yet";
            e.deviations = {"dimension 2, instance 1 and 20 runs are our reading (the thesis states none of them)",
                            "the statistic of the thesis' figures is not stated; we compare medians",
                            "BO_em is read as mixture-gmr and BO_Naiv as random search (the thesis names no settings)"};
            r.push_back(e);
        }
        return r;
    }();
    return list;
}

const ReproductionEntry& find_reproduction(const std::string& name) {
    std::vector<std::string> names;
    for (const ReproductionEntry& e : reproductions()) {
        if (e.name == name) return e;
        names.push_back(e.name);
    }
    throw UserError("unknown reproduction '" + name + "'; known: " + join(names, ", ") +
                    " (bobench reproduce list describes them)");
}

std::string experiments_dir() {
    if (const char* env = std::getenv("BOBENCH_EXPERIMENTS"); env && *env) return env;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        for (const fs::path& candidate : {exe.parent_path().parent_path() / "experiments",
                                          exe.parent_path().parent_path() / "share" / "bobench" / "experiments"})
            if (fs::is_directory(candidate, ec)) return candidate.string();
    }
    throw UserError("cannot find the experiments folder (looked beside the bobench binary); set BOBENCH_EXPERIMENTS "
                    "to the experiments/ folder of the bobench sources");
}

}  // namespace bobench::cli

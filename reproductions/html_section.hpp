#pragma once
// `bobench reproduce --html`: the paper's agreement and claims, placed first on the page that
// `bobench report --html` draws (analysis/reports/html_report.hpp, its lead_section).
#include <optional>
#include <string>
#include <vector>

#include "reproductions/claims.hpp"
#include "reproductions/comparison.hpp"

namespace bobench::reproductions {

struct HtmlReproduction {
    std::string source;                    // the paper, table or figure
    std::optional<Comparison> agreement;   // none: the paper publishes no numbers
    std::vector<Claim> claims;             // with their verdicts on our runs
    std::vector<ClaimVerdict> verdicts;
    bool judge = true;  // false: a smoke test (`--quick`), our figures without verdicts
    std::vector<std::string> deviations;  // from the paper's protocol, as the Markdown report lists them
};

std::string reproduction_section(const HtmlReproduction& r);

}  // namespace bobench::reproductions

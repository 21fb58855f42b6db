#pragma once
// Every setting of a reproduction's spec says where in the paper it comes from: a place
// (section, table, figure, equation, appendix, algorithm) or a reading of ours declared in
// its [reproduction] section (experiments/README.md, "Citing the paper"). A reader of the
// report can then tell the paper's settings from ours.
#include <string>
#include <vector>

#include "reproductions/entry.hpp"

namespace bobench::reproductions {

// Whether a comment names a place in a paper: "§4.4.1", "Table 4.2", "Fig. 5.15", "Eq. 4.7",
// "(4.7)", "App. I", "Appendix H", "Algorithm 4", "Section 5".
bool cites_place(const std::string& comment);

// What keeps the spec from being cited, one message per line at fault (empty: every setting
// cites): a setting of [experiment], [problems] or [optimizers] (seed and output excepted, the
// harness' own) whose own comment and the comment lines directly above it name neither a
// place nor a declared reading (`reading NAME`); a line naming an undeclared reading; a
// reading whose target is not the spec's, or whose options are not what its target runs.
std::vector<std::string> citation_faults(const ReproductionEntry& e);

}  // namespace bobench::reproductions

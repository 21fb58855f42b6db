#pragma once
// `bobench reproduce NAME --readings`: every runnable reading a reproduction declares
// (experiments/README.md, "Citing the paper") run on the reproduction's spec as its flags
// leave it (its subset by default), each alternative in place of ours on the reading's
// methods, and the agreement with the paper and Kendall's tau reported per reading: how much
// of the disagreement the paper's silences and contradictions can explain.
#include <string>
#include <vector>

#include "reproductions/comparison.hpp"
#include "reproductions/entry.hpp"
#include "runners/spec.hpp"

namespace bobench::cli {

struct ReadingsOptions {
    bool quiet = false;   // no progress lines
    bool quick = false;   // a smoke test: the numbers side by side, no verdicts
    std::string command;  // the command line, recorded in each results file
    std::vector<std::string> only;  // the readings to run (empty: every one); UserError for a name not declared
};

// The spec with a reading's choice in place of ours on its target lines (options replaced
// or added); the target's other options and every other line as they were. An option that
// is an [experiment] key (restart_target, replicate_instances) sets the experiment's value.
runners::ExperimentSpec with_choice(runners::ExperimentSpec spec, const reproductions::Reading& reading, const std::string& choice);

// --reading NAME=K: alternative K (numbered from 1 among the reading's runnable ones, as
// --readings names its files NAME-K.h5) of reading NAME in place of ours, for the whole
// protocol, a shard of it or a report on its runs. `output_given`: --output names the results
// file; without it the file is the spec's with -NAME-K before .h5, so ours are never touched.
// Returns the report's deviation; UserError naming the reading and its alternatives when the
// flag names none that can run here.
std::string apply_reading(runners::ExperimentSpec& spec, const reproductions::ReproductionEntry& entry,
                          const std::string& flag, bool output_given);

// Runs ours and each runnable alternative (resuming what their files hold, in the folder
// beside `spec.output`, NAME-readings/), prints the table of agreement and tau per reading and
// per method, writes it to that folder's readings.md. Returns the exit status (0, or the first
// failed run's). UserError when the reproduction has no numbers or no runnable reading.
int reproduce_readings(const reproductions::ReproductionEntry& entry, const runners::ExperimentSpec& spec,
                       const std::vector<reproductions::PublishedCell>& theirs,
                       const std::vector<reproductions::DisagreementCause>& causes, const ReadingsOptions& options);

}  // namespace bobench::cli

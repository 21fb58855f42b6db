#pragma once
// The parts of `bobench reproduce` that its subcommands share (cli/cmd_reproduce.cpp runs and
// reports; cli/cmd_reproduce_show.cpp lists and shows).
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "cli/cli.hpp"
#include "reproductions/cost.hpp"
#include "reproductions/entry.hpp"
#include "runners/spec.hpp"

namespace bobench::cli {

// The reproduction the command line names: NAME in the experiments folder, or --spec FILE.
reproductions::ReproductionEntry chosen_reproduction(const boost::program_options::variables_map& vm);

// The full protocol's cost by the reproduction's cost table; std::nullopt without one.
std::optional<reproductions::ProtocolCost> full_cost(const reproductions::ReproductionEntry& e,
                                                     const runners::ExperimentSpec& spec);

// Every option of `bobench reproduce NAME`.
boost::program_options::options_description reproduce_options();

// Applies --quick, --preset, --methods, --replicates, --budget, --threads and --output to the
// spec; returns the deviations: the entry's, and one per flag that departs from the protocol.
std::vector<std::string> apply_flags(runners::ExperimentSpec& spec, const reproductions::ReproductionEntry& entry,
                                     const boost::program_options::variables_map& vm);

// bobench reproduce list: one short row per reproduction of `folder`, in at most 100 columns.
int list_command(const std::string& folder);
// bobench reproduce show NAME | --spec FILE [--experiments DIR]: everything list leaves out.
int show_command(const Args& args);

}  // namespace bobench::cli

#pragma once
// What a reproduction's full protocol costs, from the cost table bench/protocols/measure
// writes (experiments/costs.csv): per method, the CPU seconds of one run at the protocol's
// budget, averaged over its problems, each figure labelled measured (runs of that budget
// timed) or extrapolated (a shorter pilot and the growth it measured), and from what.
#include <cstddef>
#include <string>
#include <vector>

namespace bobench::reproductions {

struct MethodCost {
    std::string method;    // the optimizer's label in the reproduction's spec
    double seconds = 0;    // CPU seconds of one run at the protocol's budget
    bool measured = true;  // false: extrapolated
    std::string from;      // what the figure rests on (runs, machine, growth law)
};

// The rows of the cost table `file` (columns reproduction, method, seconds, basis, from)
// that belong to `reproduction`. UserError naming the file, the line and what is expected.
std::vector<MethodCost> read_method_costs(const std::string& file, const std::string& reproduction);

// The figure of `method` among `costs`; nullptr when it has none.
const MethodCost* find_cost(const std::vector<MethodCost>& costs, const std::string& method);

struct ProtocolCost {
    double measured_cpu = 0, extrapolated_cpu = 0;  // seconds, every run of the protocol
    std::vector<std::string> unmeasured;            // methods of the protocol without a figure
    double cpu() const { return measured_cpu + extrapolated_cpu; }
};

// The protocol's cost: each method's figure times its runs (`runs_per_method`, every
// problem and replicate).
ProtocolCost protocol_cost(const std::vector<MethodCost>& costs, const std::vector<std::string>& methods,
                           std::size_t runs_per_method);

// "~6.1 h on 2 cores (12.2 h of CPU, 80 % of it extrapolated; not measured: X)", or
// "not measured: X, Y" when no method has a figure; the runs spread over the cores, each
// run on one.
std::string describe_cost(const ProtocolCost& cost, int cores = 2);
// describe_cost's first words, for a table: "~6.1 h" ("not measured" when no
// method has a figure; the methods without one are not said).
std::string short_cost(const ProtocolCost& cost, int cores = 2);

}  // namespace bobench::reproductions

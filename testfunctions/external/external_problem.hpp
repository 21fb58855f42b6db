#pragma once
// A problem served by another process, in any language (docs/PROTOCOL.md, "The
// external-problem protocol"): `external:command=PROGRAM ARGS`. bobench asks it for its
// description once, at planning, and then sends it one point at a time with a seed
// drawn from the run's problem stream.
#include "core/registry.hpp"

namespace bobench::external_problem {

ProblemFactory factory();

}  // namespace bobench::external_problem

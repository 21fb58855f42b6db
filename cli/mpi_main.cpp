// bobench-mpi: `mpirun -n P bobench-mpi run SPEC [options]` runs an experiment over P MPI
// ranks (runners/mpi/distribute.hpp); rank 0 writes the results file. Every other
// command is bobench's.
#include <csignal>
#include <iostream>
#include <string>

#include "cli/cli.hpp"
#include "runners/mpi/distribute.hpp"

namespace {
extern "C" void on_mpi_signal(int) { bobench::cli::stop_flag().store(true); }
}  // namespace

int main(int argc, char** argv) {
    using namespace bobench;
    cli::tune_allocator();
    std::signal(SIGINT, on_mpi_signal);
    std::signal(SIGTERM, on_mpi_signal);
    if (argc < 2 || std::string(argv[1]) != "run") {
        std::cerr << "usage: mpirun -n P bobench-mpi run [SPEC] [options]   (the options of `bobench run --help`)\n"
                     "bobench-mpi only runs experiments; use bobench for every other command\n";
        return argc >= 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") ? 0 : 2;
    }
    int status = 0;
    try {
        runners::mpi::Session mpi(&argc, &argv);
        cli::RunBackend backend;
        backend.writer = mpi.rank() == 0;
        backend.ranks = mpi.size();
        backend.executor = [](const runners::Plan& plan, const std::vector<results::RunKey>& pending,
                              const std::atomic<bool>& stop, const runners::Sink& sink, runners::ExecutionStats* stats) {
            return runners::mpi::coordinate(plan, pending, plan.spec.threads, stop, sink, stats);
        };
        backend.work = [](const runners::Plan& plan, const std::atomic<bool>& stop) {
            runners::mpi::work(plan, plan.spec.threads, stop);
        };
        try {
            status = cli::run_with(cli::Args(argv + 2, argv + argc), &backend);
        } catch (...) {
            // the other ranks may wait for this one forever: end them all
            const std::string where = mpi.rank() == 0 ? "run" : "run (MPI rank " + std::to_string(mpi.rank()) + ")";
            status = cli::report_error(where, std::current_exception());
            std::cerr.flush();
            if (mpi.size() > 1) mpi.abort(status);
        }
    } catch (...) {
        status = cli::report_error("run", std::current_exception());
    }
    return status;
}

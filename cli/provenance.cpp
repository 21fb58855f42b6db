#include "cli/provenance.hpp"

#include <ctime>
#include <fstream>
#include <thread>
#include <unistd.h>

#include <Eigen/Core>
#include <boost/version.hpp>
#include <fmt/format.h>
#include <hdf5.h>
#include <nlohmann/json.hpp>
#include <xgboost/c_api.h>

#include "cli/plugins.hpp"
#include "core/text.hpp"

namespace bobench::cli {

std::string dependency_versions() {
    unsigned h5_major = 0, h5_minor = 0, h5_release = 0;
    H5get_libversion(&h5_major, &h5_minor, &h5_release);
    int xgb_major = 0, xgb_minor = 0, xgb_patch = 0;
    XGBoostVersion(&xgb_major, &xgb_minor, &xgb_patch);
    const nlohmann::ordered_json versions = {
        {"eigen", fmt::format("{}.{}.{}", EIGEN_WORLD_VERSION, EIGEN_MAJOR_VERSION, EIGEN_MINOR_VERSION)},
        {"boost", fmt::format("{}.{}.{}", BOOST_VERSION / 100000, BOOST_VERSION / 100 % 1000, BOOST_VERSION % 100)},
        {"hdf5", fmt::format("{}.{}.{}", h5_major, h5_minor, h5_release)},
        {"xgboost", fmt::format("{}.{}.{}", xgb_major, xgb_minor, xgb_patch)},
        {"nlohmann_json", fmt::format("{}.{}.{}", NLOHMANN_JSON_VERSION_MAJOR, NLOHMANN_JSON_VERSION_MINOR,
                                      NLOHMANN_JSON_VERSION_PATCH)},
        {"fmt", fmt::format("{}.{}.{}", FMT_VERSION / 10000, FMT_VERSION / 100 % 100, FMT_VERSION % 100)},
        {"openmp", std::to_string(_OPENMP)},  // the specification date, e.g. 201511
    };
    return versions.dump();
}

static std::string compiler() {
#if defined(__clang__)
    return std::string("Clang ") + __clang_version__;
#elif defined(__GNUC__)
    return std::string("GCC ") + __VERSION__;
#else
    return "unknown";
#endif
}

results::Provenance provenance(std::chrono::system_clock::time_point started, const std::string& command_line) {
    const std::time_t t = std::chrono::system_clock::to_time_t(started);
    std::tm utc{};
    ::gmtime_r(&t, &utc);
    char timestamp[32];
    std::strftime(timestamp, sizeof timestamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    return {timestamp, host, compiler(), dependency_versions(), command_line, loaded_plugins_json()};
}

std::string host_description() {
    char host[256] = "?";
    ::gethostname(host, sizeof host - 1);
    std::string cpu = "unknown CPU";
    std::ifstream info("/proc/cpuinfo");
    for (std::string line; std::getline(info, line);)
        if (line.rfind("model name", 0) == 0) {
            cpu = trim(line.substr(line.find(':') + 1));
            break;
        }
    return fmt::format("{} ({}, {} hardware threads)", host, cpu, std::thread::hardware_concurrency());
}

}  // namespace bobench::cli

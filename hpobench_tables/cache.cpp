#include "hpobench_tables/cache.hpp"

#include <filesystem>
#include <map>
#include <mutex>

namespace bobench::tables {

namespace fs = std::filesystem;

std::string data_directory(const std::string& param, const ProblemSetup& setup) {
    if (!param.empty()) return param;
    if (!setup.data_dir.empty()) return setup.data_dir;
    return "data";
}

std::string data_directory_origin(const std::string& param, const ProblemSetup& setup) {
    if (!param.empty()) return "data_dir=" + param;
    if (!setup.data_dir.empty()) return "the run's data folder: --data-dir, the spec's data_dir or $BOBENCH_DATA";
    return "the default ./data (no data_dir=, --data-dir or $BOBENCH_DATA)";
}

std::shared_ptr<const Table> load_once(const std::string& kind, const std::string& path,
                                       const std::function<Table(const std::string&)>& load) {
    // The process-wide cache the design asks for: guarded by its mutex, holding only weak
    // references, so it shares tables without keeping any alive.
    static std::mutex mutex;
    static std::map<std::string, std::weak_ptr<const Table>> cache;

    std::error_code ec;
    std::string key = kind + "\n" + path;
    const fs::path canonical = fs::canonical(path, ec);
    if (!ec) {
        const auto size = fs::file_size(canonical, ec);
        const auto time = fs::last_write_time(canonical, ec).time_since_epoch().count();
        key = kind + "\n" + canonical.string() + "\n" + std::to_string(size) + "\n" + std::to_string(time);
    }
    std::lock_guard<std::mutex> lock(mutex);
    for (auto it = cache.begin(); it != cache.end();) it = it->second.expired() ? cache.erase(it) : std::next(it);
    if (auto found = cache[key].lock()) return found;
    auto table = std::make_shared<const Table>(load(path));
    cache[key] = table;
    return table;
}

}  // namespace bobench::tables

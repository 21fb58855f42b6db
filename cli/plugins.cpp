#include "cli/plugins.hpp"

#include <algorithm>
#include <cstring>
#include <dlfcn.h>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/catalog.hpp"
#include "core/error.hpp"
#include "core/io.hpp"
#include "core/plugin.hpp"
#include "core/rng.hpp"

namespace fs = std::filesystem;

namespace bobench::cli {

namespace {
struct LoadedPlugin {
    std::string file;     // absolute, links resolved: the same library named twice loads once
    std::string fnv1a64;  // of its bytes, so that a results file tells which build of it ran
};

std::vector<LoadedPlugin>& loaded() {
    static std::vector<LoadedPlugin> plugins;
    return plugins;
}

// Calls `f`; an exception of the plugin's that is no std::exception (`throw 42`) would end
// the process (std::terminate at the runners' OpenMP region): it becomes a failed run
// naming the plugin and the call.
template <class F>
decltype(auto) guarded(const std::string& who, const char* call, F&& f) {
    try {
        return f();
    } catch (const std::exception&) {
        throw;
    } catch (...) {
        throw std::runtime_error(who + " threw an exception that is not a std::exception in " + call + "()");
    }
}

// A plugin's optimizer, every call guarded.
class GuardedOptimizer final : public Optimizer {
public:
    GuardedOptimizer(std::unique_ptr<Optimizer> inner, std::string who) : inner_(std::move(inner)), who_(std::move(who)) {}
    Point ask(Rng& rng) override { return guarded(who_, "ask", [&] { return inner_->ask(rng); }); }
    void tell(const Point& x, double value) override { guarded(who_, "tell", [&] { inner_->tell(x, value); }); }
    void tell_failure(const Point& x, std::optional<double> penalty) override {
        guarded(who_, "tell_failure", [&] { inner_->tell_failure(x, penalty); });
    }
    Metadata diagnostics() const override { return guarded(who_, "diagnostics", [&] { return inner_->diagnostics(); }); }
    Query ask_query(Rng& rng) override { return guarded(who_, "ask_query", [&] { return inner_->ask_query(rng); }); }
    void tell_query(const Query& q, double value) override {
        guarded(who_, "tell_query", [&] { inner_->tell_query(q, value); });
    }
    void tell_query_failure(const Query& q, std::optional<double> penalty) override {
        guarded(who_, "tell_query_failure", [&] { inner_->tell_query_failure(q, penalty); });
    }

private:
    std::unique_ptr<Optimizer> inner_;
    std::string who_;
};

// A plugin's problem, every call guarded.
class GuardedProblem final : public Problem {
public:
    GuardedProblem(std::shared_ptr<const Problem> inner, std::string who) : inner_(std::move(inner)), who_(std::move(who)) {}
    const Space& space() const override { return guarded(who_, "space", [&]() -> const Space& { return inner_->space(); }); }
    Evaluation evaluate(const Point& x, Rng& rng) const override {
        return guarded(who_, "evaluate", [&] { return inner_->evaluate(x, rng); });
    }
    std::optional<double> optimum() const override { return guarded(who_, "optimum", [&] { return inner_->optimum(); }); }
    std::optional<double> test_optimum() const override {
        return guarded(who_, "test_optimum", [&] { return inner_->test_optimum(); });
    }
    Metadata metadata() const override { return guarded(who_, "metadata", [&] { return inner_->metadata(); }); }
    std::optional<Fidelity> fidelity() const override { return guarded(who_, "fidelity", [&] { return inner_->fidelity(); }); }
    Evaluation evaluate_at(const Point& x, double fidelity, Rng& rng) const override {
        return guarded(who_, "evaluate_at", [&] { return inner_->evaluate_at(x, fidelity, rng); });
    }

private:
    std::shared_ptr<const Problem> inner_;
    std::string who_;
};

OptimizerFactory guard(OptimizerFactory factory, const std::string& plugin) {
    const std::string who = "optimizer '" + factory.name + "' of plugin '" + plugin + "'";
    if (factory.make)
        factory.make = [make = std::move(factory.make), who](const OptimizerSetup& setup, const Args& args) {
            std::unique_ptr<Optimizer> made = guarded(who, "make", [&] { return make(setup, args); });
            return std::unique_ptr<Optimizer>(made ? std::make_unique<GuardedOptimizer>(std::move(made), who) : nullptr);
        };
    return factory;
}

ProblemFactory guard(ProblemFactory factory, const std::string& plugin) {
    const std::string who = "problem '" + factory.name + "' of plugin '" + plugin + "'";
    if (factory.make)
        factory.make = [make = std::move(factory.make), who](const ProblemSetup& setup,
                                                              const Args& args) -> std::shared_ptr<const Problem> {
            std::shared_ptr<const Problem> made = guarded(who, "make", [&] { return make(setup, args); });
            if (!made) return nullptr;
            return std::make_shared<GuardedProblem>(std::move(made), who);
        };
    return factory;
}

// Hands a plugin's entries to the catalogs, which remember the plugin that added each name.
class Registrar final : public PluginRegistrar {
public:
    explicit Registrar(std::string plugin) : plugin_(std::move(plugin)) {}
    void add(OptimizerFactory factory) override { add_plugin(guard(std::move(factory), plugin_), plugin_); }
    void add(ProblemFactory factory) override { add_plugin(guard(std::move(factory), plugin_), plugin_); }

private:
    std::string plugin_;
};

using BuildFunction = void (*)(const char**, const char**);
using RegisterFunction = void (*)(PluginRegistrar&);

// dlopen; the library is never closed: the factories it registers are its code.
void* open_library(const std::string& path, const std::string& file) {
    if (std::error_code ec; !fs::is_regular_file(file, ec))
        throw UserError("plugin '" + path + "' " + (fs::exists(file, ec) ? "is not a regular file" : "does not exist") +
                        (fs::path(path).is_relative() ? " (a path relative to the working folder " +
                                                            fs::current_path().string() + ")"
                                                      : ""));
    // A plugin calls into the bobench code that loads it: the executable exports it
    // (-rdynamic), but a library holding it, as Python's bobench._core, is opened RTLD_LOCAL by
    // its host; opened again RTLD_GLOBAL, its symbols resolve the plugin's references.
    if (Dl_info self; ::dladdr(reinterpret_cast<void*>(&load_plugins), &self) && self.dli_fname)
        ::dlopen(self.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);  // never closed, as the plugins
    // RTLD_NOW: a function the plugin calls that this bobench lacks is reported here, not mid-run
    void* library = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library) throw UserError("cannot load plugin '" + path + "': " + ::dlerror());
    return library;
}

void* entry_point(void* library, const char* symbol, const std::string& path) {
    ::dlerror();
    void* address = ::dlsym(library, symbol);
    if (!address)
        throw UserError("plugin '" + path + "' has no entry point " + symbol +
                        "(): is it a bobench plugin? (its source ends with BOBENCH_PLUGIN(registrar) { ... }, "
                        "core/plugin.hpp)");
    return address;
}

void check_build(void* library, const std::string& path) {
    const char* built_version = "";
    const char* built_revision = "";
    reinterpret_cast<BuildFunction>(entry_point(library, plugin_build_symbol, path))(&built_version, &built_revision);
    if (std::strcmp(built_version, version) != 0 || std::strcmp(built_revision, git_revision) != 0)
        throw UserError(fmt::format("plugin '{}' was built against bobench {} ({}), this is bobench {} ({}); a "
                                    "plugin loads only into the build it was compiled against: rebuild it against "
                                    "this bobench's installed package",
                                    path, built_version, built_revision, version, git_revision));
}

void load_plugin(const std::string& path) {
    std::error_code ec;
    const std::string file = fs::weakly_canonical(fs::absolute(path), ec).string();
    if (ec)  // a loop of symbolic links, a folder it may not read
        throw UserError("plugin '" + path + "' cannot be resolved to a file: " + ec.message());
    if (std::any_of(loaded().begin(), loaded().end(), [&](const LoadedPlugin& p) { return p.file == file; })) return;
    void* library = open_library(path, file);
    check_build(library, path);
    const auto register_entries = reinterpret_cast<RegisterFunction>(entry_point(library, plugin_register_symbol, path));
    Registrar registrar(path);
    try {
        register_entries(registrar);
    } catch (const std::exception& e) {  // its own errors too: the plugin is the culprit
        throw UserError("plugin '" + path + "': " + e.what());
    } catch (...) {
        throw UserError("plugin '" + path + "' threw an exception that is not a std::exception while registering");
    }
    const std::string bytes = read_text_file(file, "plugin", std::uintmax_t{1} << 32);
    loaded().push_back({file, fmt::format("{:016x}", hash_string(bytes))});
}
}  // namespace

void load_plugins(const std::vector<std::string>& paths) {
    for (const std::string& path : paths) load_plugin(path);
}

std::string loaded_plugins_json() {
    if (loaded().empty()) return "";
    nlohmann::ordered_json plugins = nlohmann::ordered_json::array();
    for (const LoadedPlugin& p : loaded()) plugins.push_back({{"file", p.file}, {"fnv1a64", p.fnv1a64}});
    return plugins.dump();
}

void add_plugin_option(boost::program_options::options_description& opts) {
    opts.add_options()("plugin", boost::program_options::value<std::vector<std::string>>()->composing(),
                       "load optimizers and problems from this plugin, a shared library built against bobench's "
                       "installed package (core/plugin.hpp; repeatable; also a spec's `plugins = a.so, b.so`)");
}

void add_plugin_flags(const boost::program_options::variables_map& vm, std::vector<std::string>& plugins) {
    if (!vm.count("plugin")) return;
    for (const std::string& path : vm["plugin"].as<std::vector<std::string>>())
        if (std::find(plugins.begin(), plugins.end(), path) == plugins.end()) plugins.push_back(path);
}

}  // namespace bobench::cli

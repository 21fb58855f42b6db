#pragma once
// The experiment's settings ([experiment] keys), each declared once, in experiment_schema():
// its key, flag, range, help and how its value is read and written. Everything that reads or
// writes a setting is derived from that table: the INI parser (parse_spec), the spec's text
// form (to_ini), check_spec, `run`'s and `reproduce`'s flags with their --help, the resume
// check (run_experiment) and bobench.run's keyword arguments.
//
// A function given a Schema takes the table to use, so a test can pass a copy with one entry
// changed and see every derived reader follow it.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <boost/program_options.hpp>

namespace bobench::runners {

struct ExperimentSpec;

// Where a value comes from, for messages: an INI entry (source "spec 'a.ini'", name
// "experiment.budget"), or a flag (source "", name "--budget").
struct Origin {
    std::string source, name;
    std::string where() const { return source.empty() ? name : source + ": " + name; }
};

struct Setting {
    std::string_view key;   // the [experiment] key, and the name in check_spec's messages
    std::string_view flag;  // `run`'s flag, without "--"; "" when there is none
    long min = 0, max = 0;  // an integer setting's accepted range (min >= 0); both 0 for the others
    // `run --help`'s line, a fmt template with the fields {default}, {min} and {max}.
    std::string_view help;
    // Runs are added to a results file only where its stored spec has the same value.
    bool must_match = false;
    // The value as the stored spec writes it.
    std::string (*text)(const ExperimentSpec&) = nullptr;
    // Sets the value from text; UserError naming `origin` when it is not valid.
    void (*read)(const Setting&, ExperimentSpec&, const std::string& value, const Origin& origin) = nullptr;
    // An integer setting's value (its range is never negative: a negative value wraps above max).
    std::uint64_t (*number)(const ExperimentSpec&) = nullptr;
    // The stored spec writes the setting only when this holds (null: always), so that
    // specs without it read as before.
    bool (*stored)(const ExperimentSpec&) = nullptr;
    // What the resume check compares and names (null: text).
    std::string (*compared)(const ExperimentSpec&) = nullptr;

    bool integer() const { return number != nullptr; }
    std::string compared_text(const ExperimentSpec& spec) const { return compared ? compared(spec) : text(spec); }
    // The help line with its fields filled in from the defaults.
    std::string help_text() const;
};

using Schema = std::span<const Setting>;

// bobench's settings, in the order the stored spec writes them.
Schema experiment_schema();
// The setting of `key`, or nullptr.
const Setting* find_setting(Schema schema, std::string_view key);
// The setting of `key`; std::logic_error when the schema lacks it (a bug).
const Setting& setting(Schema schema, std::string_view key);
// The first setting that must match (must_match) in which `a` and `b` differ, or nullptr.
const Setting* first_mismatch(const ExperimentSpec& a, const ExperimentSpec& b, Schema schema = experiment_schema());
// The keys of the settings that must match, for messages: "seed, budget, on_failure and restart_on".
std::string must_match_keys(Schema schema = experiment_schema());

// Adds every setting that has a flag, with its help, to `opts`.
void add_setting_flags(boost::program_options::options_description& opts, Schema schema);
// Adds one setting's flag with a help line of the caller's (`reproduce` says what it departs from).
void add_setting_flag(boost::program_options::options_description& opts, const Setting& setting,
                      const std::string& help);
// Reads the setting's flag into the spec when it was given; true then. UserError naming the flag.
bool apply_setting_flag(const boost::program_options::variables_map& vm, const Setting& setting, ExperimentSpec& spec);
// apply_setting_flag for every setting that has a flag.
void apply_setting_flags(const boost::program_options::variables_map& vm, Schema schema, ExperimentSpec& spec);

}  // namespace bobench::runners

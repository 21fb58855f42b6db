#pragma once
// Identifiers and typed parameters.
//
// Everything a user names on the command line or in a spec is an Identifier:
//   NAME[:key=value[,key=value]]      e.g. levy:d=5   random-search   bbob:f=3,i=1,d=5
// A registry entry declares its parameters as ParamSpecs; bind() checks the given
// key=value pairs against them (unknown keys, ill-typed or out-of-range values are
// UserErrors naming the key and what is accepted) and fills in the defaults.
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bobench {

struct Identifier {
    std::string name;
    std::vector<std::pair<std::string, std::string>> args;  // in the order given

    // Parses NAME[:k=v,...]. A comma-separated piece without '=' continues the previous
    // value, so lists need no quoting: "bbob:f=1,2,3,d=5" gives f = "1,2,3".
    static Identifier parse(std::string_view text);
    std::string str() const;  // NAME:k=v,... in the stored order
};

struct ParamSpec {
    enum class Type { Integer, Real, Boolean, Text, Choice };
    std::string key;
    Type type = Type::Text;
    std::string default_value;
    std::string help;
    std::vector<std::string> choices;  // Choice
    double min = -std::numeric_limits<double>::infinity();  // Integer, Real (inclusive unless open)
    double max = std::numeric_limits<double>::infinity();
    bool min_open = false, max_open = false;  // Real: the bound itself is excluded
    bool required = false;  // no default: must be given, always part of the canonical id

    ParamSpec& require() {
        required = true;
        return *this;
    }
    // real("gamma", 0.25, "...", 0, 1).open_min().open_max() accepts (0, 1)
    ParamSpec& open_min() {
        min_open = true;
        return *this;
    }
    ParamSpec& open_max() {
        max_open = true;
        return *this;
    }

    // Integer values default to the range of int: factories narrow them to int.
    static ParamSpec integer(std::string key, long def, std::string help,
                             long min = std::numeric_limits<int>::min(),
                             long max = std::numeric_limits<int>::max());
    static ParamSpec real(std::string key, double def, std::string help,
                          double min = -std::numeric_limits<double>::infinity(),
                          double max = std::numeric_limits<double>::infinity());
    // real(key, def, help, 0).open_min(): a number > 0 (a rate, a scale, a width)
    static ParamSpec positive(std::string key, double def, std::string help);
    static ParamSpec boolean(std::string key, bool def, std::string help);
    static ParamSpec text(std::string key, std::string def, std::string help);
    static ParamSpec choice(std::string key, std::string def, std::vector<std::string> choices,
                            std::string help);

    std::string accepted() const;  // "an integer in [2, 40]", "a number in (0, 1]", "one of relu, elu", ...
};

// Parameter values after bind(): every declared key is present, values are normalised
// (numbers in shortest round-trip form, booleans as true/false).
class Args {
public:
    Args() = default;
    long integer(const std::string& key) const;
    double real(const std::string& key) const;
    bool boolean(const std::string& key) const;
    const std::string& text(const std::string& key) const;
    const std::map<std::string, std::string>& values() const { return values_; }

private:
    friend Args bind_args(const std::string&, const std::vector<ParamSpec>&, const Identifier&);
    const std::string& raw(const std::string& key) const;
    std::map<std::string, std::string> values_;
};

// Checks `id.args` against `specs`; `owner` names the thing in messages ("optimizer 'tpe'").
Args bind_args(const std::string& owner, const std::vector<ParamSpec>& specs, const Identifier& id);

// Expands list and range values of integer parameters into one identifier per
// combination, in the order given: bbob:f=1-3,d=2,5 -> f=1,d=2  f=1,d=5  f=2,d=2 ...
// `suffix` receives, per identifier, the expanded values as "f1-d2" (empty if nothing
// was expanded). UserError when the combinations would exceed max_expansion.
inline constexpr std::size_t max_expansion = 100000;
std::vector<Identifier> expand_lists(const Identifier& id, const std::vector<ParamSpec>& specs,
                                     std::vector<std::string>* suffix = nullptr);

// An integer setting given as text (a flag, an INI value), checked against [min, max]
// before it is narrowed anywhere: UserError "<where> = '<text>' is not valid; expected an
// integer in [min, max]".
long parse_integer(const std::string& where, const std::string& text, long min, long max);
// Throws parse_integer's UserError for a value already read (check_spec's out-of-range fields).
[[noreturn]] void refuse_integer(const std::string& where, const std::string& text, long min, long max);

// NAME:k=v,... with keys sorted and only the values that differ from the defaults: the
// same configuration always gets the same text (used for seeds and in results files).
std::string canonical_id(const std::string& name, const std::vector<ParamSpec>& specs, const Args& args);

}  // namespace bobench

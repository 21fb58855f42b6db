#include "core/ini.hpp"

#include <sstream>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench {

namespace po = boost::program_options;

IniLine read_ini_line(const std::string& line) {
    IniLine l;
    l.content = trim(line.substr(0, line.find('#')));
    const bool section = !l.content.empty() && l.content.front() == '[' && l.content.back() == ']';
    l.valid = l.content.empty() || section || l.content.find('=') != std::string::npos;
    return l;
}

po::parsed_options parse_ini(const std::string& file_text, const po::options_description& known, const std::string& origin) {
    const std::string text(without_utf8_bom(file_text));
    std::istringstream lines(text);
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number) {
        const IniLine l = read_ini_line(line);
        if (!l.valid)
            throw UserError(origin + ": line " + std::to_string(number) + ": '" + l.content +
                            "' is neither a [section] nor a key = value line");
    }
    std::istringstream in(text);
    try {
        return po::parse_config_file(in, known, /*allow_unregistered=*/true);
    } catch (const po::error& e) {
        throw UserError(origin + ": " + e.what());
    }
}

}  // namespace bobench

#include "core/ini.hpp"

#include <sstream>

#include "core/error.hpp"
#include "core/text.hpp"

namespace bobench {

namespace po = boost::program_options;

po::parsed_options parse_ini(const std::string& text, const po::options_description& known, const std::string& origin) {
    // the line rule of boost's config reader: a comment runs from '#' to the end of the line;
    // what is left, trimmed, is empty, a [section] or holds '='
    std::istringstream lines(text);
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number) {
        const std::string content = trim(line.substr(0, line.find('#')));
        const bool section = !content.empty() && content.front() == '[' && content.back() == ']';
        if (!content.empty() && !section && content.find('=') == std::string::npos)
            throw UserError(origin + ": line " + std::to_string(number) + ": '" + content +
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

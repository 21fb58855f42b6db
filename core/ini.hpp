#pragma once
// INI text (sections, key = value, '#' comments) as boost::program_options reads it, with
// every line boost would refuse found first and named by its line number. Boost's own
// message for such a line substitutes the line into a template and looks for its
// placeholder again, so a line holding "%invalid_line%" made it loop forever (found by
// fuzzing the spec reader; a spec is outside input).
#include <string>

#include <boost/program_options.hpp>

namespace bobench {

// One line of INI text under boost's config reader's rule: a comment runs from '#' to the end
// of the line; what is left, trimmed (content), is blank, a [section] or holds '=' (valid).
struct IniLine {
    std::string content;
    bool valid = true;
};
IniLine read_ini_line(const std::string& line);

// A leading UTF-8 byte-order mark is dropped. UserError "<origin>: line N: '<line>' is
// neither a [section] nor a key = value line".
boost::program_options::parsed_options parse_ini(const std::string& text,
                                                 const boost::program_options::options_description& known,
                                                 const std::string& origin);

}  // namespace bobench

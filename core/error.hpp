#pragma once
// Error types shared by every part of bobench.
#include <stdexcept>
#include <string>

namespace bobench {

// Bad input from the user (spec, flag, identifier, data file, point). The message names
// the culprit and what is accepted; the CLI prints it and exits with status 2.
struct UserError : std::runtime_error {
    // A NUL byte of echoed input (a label, a field) is kept as the text \x00, the way messages
    // show other control characters: what() is a C string, which would end at the NUL.
    explicit UserError(const std::string& message) : std::runtime_error(nul_shown(message)) {}
    explicit UserError(const char* message) : std::runtime_error(message) {}

private:
    static std::string nul_shown(const std::string& message) {
        if (message.find('\0') == std::string::npos) return message;
        std::string out;
        for (const char c : message) {
            if (c == '\0') out += "\\x00";
            else out += c;
        }
        return out;
    }
};

}  // namespace bobench

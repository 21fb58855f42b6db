#pragma once
// An output that is a folder, left as it was found when the command fails (#58).
#include <filesystem>
#include <vector>

namespace bobench {

// A folder that a command fills as its output (plot --out, report --html), which a failure
// leaves as it found it: constructed before the folder is made, it notes the first of its
// ancestors that is absent and what the folder holds; unless keep() is called, its
// destructor removes what this command created (that ancestor with everything in it, or
// the entries that appeared in a folder that existed). Files it held stay: each is
// written whole (write_file_atomically), so it is the old one or a new one whole.
class FolderOutput {
public:
    explicit FolderOutput(const std::filesystem::path& dir);
    FolderOutput(const FolderOutput&) = delete;
    FolderOutput& operator=(const FolderOutput&) = delete;
    ~FolderOutput();
    void keep() { kept_ = true; }

private:
    std::filesystem::path dir_, created_;  // created_: the outermost folder that was absent, or empty
    std::vector<std::filesystem::path> before_;
    bool kept_ = false;
};

}  // namespace bobench

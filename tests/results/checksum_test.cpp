// Damage to a results file is refused, never read as other numbers (results/store.hpp, the
// checksums attribute; #58): a bit flipped in the stored bytes of any dataset is refused,
// naming the file and the dataset, and a bit flipped anywhere in the file is refused or
// changes nothing that is read.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>

#include <hdf5.h>

#include "core/error.hpp"
#include "results/store.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::results;
using namespace bobench::testing;

namespace {
std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void put_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    REQUIRE(out.good());
}

template <class T>
bool same_bytes(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

// Everything read_results gives (what every export, table and report reads), bit for bit.
bool same_reading(const Results& a, const Results& b) {
    if (a.spec != b.spec || a.seed != b.seed || a.budget != b.budget || a.on_failure != b.on_failure ||
        a.shard != b.shard || a.points_dropped != b.points_dropped || a.bobench_version != b.bobench_version ||
        a.git_revision != b.git_revision || a.provenance.command_line != b.provenance.command_line ||
        a.provenance.plugins != b.provenance.plugins || a.optimizers != b.optimizers ||
        a.problems.size() != b.problems.size() || a.runs.size() != b.runs.size())
        return false;
    for (std::size_t i = 0; i < a.problems.size(); ++i) {
        const ProblemInfo &p = a.problems[i], &q = b.problems[i];
        if (p.label != q.label || p.id != q.id || p.params != q.params || p.optimum != q.optimum ||
            p.test_optimum != q.test_optimum || p.metadata != q.metadata)
            return false;
    }
    for (std::size_t i = 0; i < a.runs.size(); ++i) {
        const Trace &s = a.runs[i], &t = b.runs[i];
        if (!(s.key == t.key) || s.problem_seed != t.problem_seed || s.optimizer_seed != t.optimizer_seed ||
            std::memcmp(&s.seconds, &t.seconds, sizeof s.seconds) != 0 || s.notes != t.notes ||
            !same_bytes(s.value, t.value) || !same_bytes(s.true_value, t.true_value) || !same_bytes(s.cost, t.cost) ||
            !same_bytes(s.test_value, t.test_value) || !same_bytes(s.failed, t.failed) || !same_bytes(s.x, t.x) ||
            !same_bytes(s.fidelity, t.fidelity))
            return false;
    }
    return true;
}

// Where the stored bytes of `dataset` lie in `file`: [offset, offset + size) of its
// contiguous block or of each of its chunks.
std::vector<std::pair<std::uint64_t, std::uint64_t>> storage_of(const std::string& file, const std::string& dataset) {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
    REQUIRE(f >= 0);
    const hid_t set = H5Dopen2(f, dataset.c_str(), H5P_DEFAULT), space = H5Dget_space(set), props = H5Dget_create_plist(set);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> blocks;
    if (H5Pget_layout(props) == H5D_CONTIGUOUS) {
        if (H5Dget_storage_size(set) > 0) blocks.emplace_back(H5Dget_offset(set), H5Dget_storage_size(set));
    } else {
        hsize_t chunks = 0;
        REQUIRE(H5Dget_num_chunks(set, space, &chunks) >= 0);
        for (hsize_t i = 0; i < chunks; ++i) {
            hsize_t offset = 0, size = 0;
            unsigned mask = 0;
            haddr_t address = 0;
            REQUIRE(H5Dget_chunk_info(set, space, i, &offset, &mask, &address, &size) >= 0);
            blocks.emplace_back(address, size);
        }
    }
    H5Pclose(props);
    H5Sclose(space);
    H5Dclose(set);
    H5Fclose(f);
    return blocks;
}

// What reading `copy`, written as `bytes` with bit `at % 8` of byte `at` flipped, gives:
// "" when it reads as `original`, else the error, or "read as other numbers".
std::string after_flip(const std::string& bytes, std::size_t at, const std::string& copy, const Results& original,
                       bool with_points) {
    std::string damaged = bytes;
    damaged[at] = static_cast<char>(damaged[at] ^ (1 << (at % 8)));
    put_bytes(copy, damaged);
    try {
        return same_reading(read_results(copy, with_points), original) ? "" : "read as other numbers";
    } catch (const UserError& e) {
        return e.what();
    } catch (const std::exception& e) {
        return std::string("not a UserError: ") + e.what();
    }
}

// A results file of two problems (one noisy: its true values differ from its values), and
// the values-only copy `bobench keep` makes of it.
struct Files {
    TempDir dir;
    std::string full = dir / "full.h5", kept = dir / "kept.h5";
    Files() {
        run_ok("run --problem branin --problem 'branin:noise=0.1' --optimizer random-search --budget 12 "
               "--replicates 2 --quiet --output '" + full + "'");
        run_ok("keep '" + full + "' '" + kept + "'");
    }
};

const std::vector<std::string> datasets = {
    "/runs/problem",     "/runs/optimizer", "/runs/replicate",  "/runs/problem_seed", "/runs/optimizer_seed",
    "/runs/seconds",     "/runs/eval_offset", "/runs/eval_count", "/runs/x_offset",     "/runs/notes",
    "/evals/value",      "/evals/true_value", "/evals/cost",      "/evals/test_value",  "/evals/failed",
    "/evals/x"};
}  // namespace

TEST_CASE("checksums: a bit flipped in the data of any dataset is refused, naming the file and the dataset",
          "[results][checksums]") {
    Files files;
    for (const std::string& file : {files.full, files.kept}) {
        const bool full = file == files.full;
        const Results original = read_results(file, full);
        const std::string bytes = bytes_of(file), copy = files.dir / "flipped.h5";
        for (const std::string& dataset : datasets) {
            if (!full && dataset == "/evals/x") continue;  // a values-only copy has no points
            const auto blocks = storage_of(file, dataset);
            INFO(file << ", " << dataset);
            REQUIRE(!blocks.empty());
            std::size_t refused = 0;
            for (const auto& [offset, size] : blocks)
                for (std::uint64_t at = offset; at < offset + size; ++at) {
                    const std::string outcome = after_flip(bytes, at, copy, original, full);
                    INFO("byte " << at << ": " << outcome);
                    if (outcome.empty()) continue;
                    CHECK_THAT(outcome, Catch::StartsWith("'" + copy + "' is damaged: ") &&
                                            Catch::Contains(dataset.substr(dataset.rfind('/') + 1)));
                    ++refused;
                }
            // /runs/failed_evals is not read back (it is eval's summary for h5py), so it is not
            // among the datasets; each of these is read, and every flip in it shows
            std::uint64_t stored = 0;
            for (const auto& block : blocks) stored += block.second;
            CHECK(refused == stored);
        }
    }
}

TEST_CASE("checksums: a bit flipped anywhere in a results file is refused or changes nothing read",
          "[results][checksums]") {
    Files files;
    for (const std::string& file : {files.full, files.kept}) {
        const bool full = file == files.full;
        const Results original = read_results(file, full);
        const std::string bytes = bytes_of(file), copy = files.dir / "flipped.h5";
        // every 11th byte (11 and 8 share no factor: each bit position is flipped somewhere),
        // from the signature through the metadata to the last column
        std::size_t refused = 0, flipped = 0;
        for (std::size_t at = 0; at < bytes.size(); at += 11, ++flipped) {
            const std::string outcome = after_flip(bytes, at, copy, original, full);
            INFO(file << ", byte " << at << " of " << bytes.size() << ": " << outcome);
            if (outcome.empty()) continue;
            // refused by name: damaged, truncated, or no longer a results file at all
            CHECK_THAT(outcome, Catch::StartsWith("'" + copy + "' is ") || Catch::StartsWith("results file '" + copy + "'"));
            ++refused;
        }
        INFO(file << ": " << refused << " of " << flipped << " flips refused");
        CHECK(refused > flipped / 2);
    }
}

// The superblock, the root group's header and its attributes lie before the first column's
// bytes. HDF5 checksums them, so a bit flipped there either fails to decode or changes
// nothing; either way the file is ours and damaged, never "not a bobench results file" (the
// words for another program's HDF5 file, which decodes and has no format attribute). Only
// the 8-byte signature's flips make it no HDF5 file at all.
TEST_CASE("checksums: a bit flipped in the superblock or the root's header says damaged, not another program's file",
          "[results][checksums]") {
    Files files;
    const Results original = read_results(files.full, true);
    const std::string bytes = bytes_of(files.full), copy = files.dir / "flipped.h5";
    std::uint64_t first_column = bytes.size();
    for (const std::string& dataset : datasets)
        for (const auto& block : storage_of(files.full, dataset)) first_column = std::min(first_column, block.first);
    REQUIRE(first_column > 512);
    std::size_t damaged = 0;
    for (std::size_t at = 8; at < first_column; ++at) {
        const std::string outcome = after_flip(bytes, at, copy, original, true);
        INFO("byte " << at << " of " << first_column << ": " << outcome);
        CHECK_THAT(outcome, !Catch::Contains("not a bobench results file"));
        if (outcome.empty()) continue;
        CHECK_THAT(outcome, Catch::StartsWith("'" + copy + "' is damaged: "));
        ++damaged;
    }
    CHECK(damaged > (first_column - 8) / 2);
}

TEST_CASE("checksums: another program's HDF5 file, attributes and all, is still not a bobench results file",
          "[results][checksums]") {
    TempDir dir;
    const std::string path = dir / "foreign.h5";
    {  // like h5py's: a group, a dataset, more attributes than fit the header (dense storage)
        H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
        const hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
        H5Pset_libver_bounds(fapl, H5F_LIBVER_V110, H5F_LIBVER_V110);
        const hid_t f = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
        REQUIRE(f >= 0);
        const hid_t scalar = H5Screate(H5S_SCALAR);
        for (int i = 0; i < 20; ++i) {
            const hid_t a = H5Acreate2(f, ("attribute" + std::to_string(i)).c_str(), H5T_NATIVE_INT, scalar, H5P_DEFAULT,
                                       H5P_DEFAULT);
            REQUIRE(H5Awrite(a, H5T_NATIVE_INT, &i) >= 0);
            H5Aclose(a);
        }
        const hid_t g = H5Gcreate2(f, "evals", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        const double v = 1.5;
        const hid_t d = H5Dcreate2(g, "value", H5T_NATIVE_DOUBLE, scalar, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        REQUIRE(H5Dwrite(d, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, &v) >= 0);
        H5Dclose(d);
        H5Gclose(g);
        H5Sclose(scalar);
        H5Pclose(fapl);
        REQUIRE(H5Fclose(f) >= 0);
    }
    CHECK_FALSE(is_results_file(path));
    CHECK_THROWS_WITH(read_results(path), Catch::StartsWith("'" + path + "' is not a bobench results file (no format"));
    const auto report = run_cli("report " + path + " --html " + (dir / "page"));
    CHECK(report.status == 2);
    CHECK_THAT(report.err, Catch::Contains("is not a bobench results file"));
    CHECK_FALSE(std::filesystem::exists(dir / "page"));  // refused before its folder is made
}

TEST_CASE("checksums: report on a results file with a damaged root says damaged", "[results][checksums]") {
    Files files;
    const std::string bytes = bytes_of(files.full), copy = files.dir / "flipped.h5";
    // the first byte after the signature whose flip HDF5 opens but cannot read the root's
    // attributes of: such a flip said "not a bobench results file" before
    for (std::size_t at = 8; at < bytes.size(); ++at) {
        std::string damaged = bytes;
        damaged[at] = static_cast<char>(damaged[at] ^ (1 << (at % 8)));
        put_bytes(copy, damaged);
        H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
        const hid_t f = H5Fopen(copy.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
        if (f < 0) continue;
        const htri_t found = H5Aexists(f, "format");
        H5Fclose(f);
        if (found >= 0) continue;
        INFO("byte " << at);
        const auto report = run_cli("report " + copy + " --html " + (files.dir / "page"));
        CHECK(report.status == 2);
        CHECK_THAT(report.err, Catch::Contains("'" + copy + "' is damaged: "));
        CHECK_FALSE(std::filesystem::exists(files.dir / "page"));
        return;
    }
    FAIL("no flip leaves the file openable with its root's attributes unreadable");
}

// The results file written by several threads: the same bytes with any thread count,
// columns longer than a chunk, runs without evaluations, files without runs, and the
// pieces of a file filled in parallel with zeros between them.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <string>
#include <unistd.h>

#include <hdf5.h>

#include "results/parallel_file.hpp"
#include "results/spill.hpp"
#include "results/store.hpp"
#include "tests/support/cli.hpp"

using namespace bobench;
using namespace bobench::results;
using bobench::testing::TempDir;

namespace {
Trace trace(RunKey key, std::size_t n, std::size_t dimension, bool with_fidelity) {
    Trace t;
    t.key = key;
    t.problem_seed = 1000 + static_cast<std::uint64_t>(key.replicate);
    t.optimizer_seed = 7 * n + 1;
    t.seconds = 0.25;
    for (std::size_t i = 0; i < n; ++i) {
        const double v = std::sin(0.001 * static_cast<double>(i * (key.replicate + 2)));
        t.value.push_back(i % 97 == 5 ? NAN : v);
        t.true_value.push_back(v * v);
        t.cost.push_back(static_cast<double>(i % 3));  // much repetition: the compressed columns
        t.test_value.push_back(i % 2 ? NAN : -v);
        t.failed.push_back(i % 97 == 5 ? 1 : 0);
        for (std::size_t d = 0; d < dimension; ++d) t.x.push_back(static_cast<double>(i) + 0.125 * static_cast<double>(d));
        if (with_fidelity) t.fidelity.push_back(i % 4 == 3 ? 9.0 : 3.0);
    }
    if (with_fidelity) t.full_fidelity = 9.0;
    t.notes = n ? "{\"n\": " + std::to_string(n) + "}" : "";
    return t;
}

// Two problems (3-D multi-fidelity, 1-D), runs out of key order: one of 70000 evaluations
// (a column of them spans chunks of 65536 values, parts of runs in each), one without any.
Results sample() {
    Results r;
    r.bobench_version = "test";
    r.spec = "[experiment]\nbudget = 70000\n";
    r.seed = 5;
    r.budget = 70000;
    r.problems.push_back({"p3", "p3", {"a", "b", "c"}, 0.0, std::nullopt, {}, Fidelity{"epochs", 1, 9, true}});
    r.problems.push_back({"p1", "p1", {"a"}, std::nullopt, std::nullopt, {}, std::nullopt});
    r.optimizers.push_back({"o", "o"});
    r.runs.push_back(trace({1, 0, 1}, 30000, 1, false));
    r.runs.push_back(trace({0, 0, 0}, 70000, 3, true));
    r.runs.push_back(trace({1, 0, 0}, 0, 1, false));
    r.runs.push_back(trace({0, 0, 1}, 5, 3, true));
    return r;
}
}  // namespace

TEST_CASE("store: the file's bytes do not depend on the thread count and long columns and empty runs round-trip",
          "[store]") {
    TempDir dir;
    Results r = sample();
    write_results(dir / "one.h5", r, 1);
    WriteCost cost;
    write_results(dir / "three.h5", r, 3, &cost);
    CHECK(testing::read_file(dir / "one.h5") == testing::read_file(dir / "three.h5"));
    CHECK(cost.parallel > 0);  // the copying and compressing counted as shared work

    const Results back = read_results(dir / "three.h5");
    r.sort_runs();
    REQUIRE(back.runs.size() == r.runs.size());
    for (std::size_t i = 0; i < r.runs.size(); ++i) {
        INFO("run " << i);
        CHECK(back.runs[i].key == r.runs[i].key);
        CHECK(back.runs[i].same_record(r.runs[i]));
    }
    CHECK(back.runs[1].x.size() == 15);                     // {0, 0, 1}: 5 points of 3 values
    CHECK(back.runs[2].size() == 0);                        // {1, 0, 0}: no evaluations
    CHECK(back.runs[0].fidelity.size() == 70000);
    // HDF5 records the file's length in its superblock: the file is exactly that long, so
    // cutting a byte off its end is noticed
    const std::string bytes = testing::read_file(dir / "one.h5");
    testing::write_file(dir / "cut.h5", bytes.substr(0, bytes.size() - 1));
    CHECK_THROWS_WITH(read_results(dir / "cut.h5"), Catch::Contains("is damaged") && Catch::Contains("truncated file"));
}

TEST_CASE("store: a file without runs has empty columns", "[store]") {
    TempDir dir;
    Results r = sample();
    r.runs.clear();
    write_results(dir / "empty.h5", r, 2);
    const Results back = read_results(dir / "empty.h5");
    CHECK(back.runs.empty());
    CHECK(back.problems.size() == 2);
}

TEST_CASE("fill_file: pieces land at their offsets, zeros between them, whatever the thread count", "[store]") {
    TempDir dir;
    // a piece larger than the 4 MB a thread copies at a time, a gap, small pieces, a gap at the end
    const std::string large(9'000'000, 'L'), small = "small piece";
    const std::vector<FilePiece> pieces{{0, small.data(), small.size()},
                                        {100, large.data(), large.size()},
                                        {9'000'200, small.data(), small.size()}};
    const std::uint64_t size = 9'000'300;
    std::string expected(size, '\0');
    expected.replace(0, small.size(), small);
    expected.replace(100, large.size(), large);
    expected.replace(9'000'200, small.size(), small);
    for (int threads : {1, 4}) {
        const std::string path = dir / ("f" + std::to_string(threads));
        const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0666);
        REQUIRE(fd >= 0);
        ParallelCpu cpu;
        fill_file(fd, size, pieces, threads, "'" + path + "'", cpu);
        ::close(fd);
        CHECK(testing::read_file(path) == expected);
    }
    const int fd = ::open((dir / "bad").c_str(), O_RDWR | O_CREAT | O_TRUNC, 0666);
    ParallelCpu cpu;
    CHECK_THROWS_AS(fill_file(fd, 10, pieces, 1, "'bad'", cpu), std::logic_error);  // a piece beyond the size
    ::close(fd);
}

TEST_CASE("fill_file: pieces read from another file, across windows of the mapping", "[store]") {
    TempDir dir;
    // a source file of 80 MB: copying it takes more than one 64 MB window
    std::string source(80'000'000, '\0');
    for (std::size_t i = 0; i < source.size(); ++i) source[i] = static_cast<char>(i * 7 % 251);
    testing::write_file(dir / "source", source);
    const int from = ::open((dir / "source").c_str(), O_RDONLY);
    REQUIRE(from >= 0);
    const std::string head = "head";
    const std::vector<FilePiece> pieces{{0, head.data(), head.size()},
                                        {10, nullptr, 50'000'000, from, 30'000'000},
                                        {50'000'010, nullptr, 30'000'000, from, 0}};
    std::string expected(80'000'010, '\0');
    expected.replace(0, head.size(), head);
    expected.replace(10, 50'000'000, source.substr(30'000'000));
    expected.replace(50'000'010, 30'000'000, source.substr(0, 30'000'000));
    for (int threads : {1, 3}) {
        const std::string path = dir / ("f" + std::to_string(threads));
        const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0666);
        REQUIRE(fd >= 0);
        ParallelCpu cpu;
        fill_file(fd, expected.size(), pieces, threads, "'" + path + "'", cpu);
        ::close(fd);
        CHECK(testing::read_file(path) == expected);
    }
    // a source that ends before its piece does
    const int fd = ::open((dir / "short").c_str(), O_RDWR | O_CREAT | O_TRUNC, 0666);
    ParallelCpu cpu;
    const std::vector<FilePiece> beyond{{0, nullptr, 100, from, source.size() - 50}};
    CHECK_THROWS_WITH(fill_file(fd, 100, beyond, 2, "'short'", cpu),
                      Catch::Contains("cannot write 'short'") && Catch::Contains("cannot read its data"));
    ::close(fd);
    ::close(from);
}

TEST_CASE("store: runs parked in a spill file are written byte for byte as from memory, and restored whole",
          "[store][spill]") {
    TempDir dir;
    for (const bool policy : {false, true}) {
        Results r = sample();
        if (policy) {  // a trace policy's rows: some evaluations of each run, without points
            r.trace = TracePolicy::improvements;
            r.trace_points = false;
            std::erase_if(r.runs, [](const Trace& t) { return t.rows() == 0; });  // a policy keeps the last evaluation
            for (Trace& t : r.runs) {
                t.x.clear();
                t.total_evaluations = 2 * t.rows() + 1;
                t.total_failures = t.failures() + 1;
                for (std::size_t i = 0; i < t.rows(); ++i) t.evaluation_index.push_back(static_cast<std::int64_t>(2 * i + 1));
            }
        }
        INFO((policy ? "improvements, no points" : "all, with points"));
        write_results(dir / "memory.h5", r, 2);
        const std::vector<Trace> whole = r.runs;
        Spill spill(dir / "parked.h5");
        for (std::size_t i = 0; i < r.runs.size(); i += 2) {  // every other run: memory and spill mixed
            spill.park(r.runs[i].key, r.runs[i]);
            CHECK(r.runs[i].value.capacity() == 0);
            CHECK(r.runs[i].x.capacity() == 0);
            CHECK(spill.restore(r.runs[i]).same_record(whole[i]));
        }
        CHECK_FALSE(spill.find(r.runs[1].key));
        for (const int threads : {1, 3}) {
            write_results(dir / "parked.h5", r, threads, nullptr, &spill);
            CHECK(testing::read_file(dir / "parked.h5") == testing::read_file(dir / "memory.h5"));
        }
    }
    // the spill file has no name: nothing is left in the folder but the results files
    std::size_t entries = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++entries;
    CHECK(entries == 2);
}

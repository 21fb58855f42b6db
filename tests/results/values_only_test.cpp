// The values-only copy of a results file (`bobench keep`, results/store.hpp): every analysis
// reads it as the file it was copied from, with the same output; what needs the points
// refuses it by name; a points attribute other than "dropped" is damage.
#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>

#include <hdf5.h>

#include "core/error.hpp"
#include "hdf5/hdf5.hpp"
#include "results/store.hpp"
#include "tests/support/cli.hpp"
#include "tests/support/text.hpp"

using namespace bobench;
using namespace bobench::testing;

namespace {
// A real results file: 12 runs of build 87d9104 (branin, hartmann3; random-search, tpe, gp-ei).
std::string real_file() { return std::string(BOBENCH_TEST_DATA_DIR) + "/results_87d9104/partial.h5"; }
std::string real_spec() { return std::string(BOBENCH_TEST_DATA_DIR) + "/results_87d9104/spec.ini"; }

// Opens `path` read-write through HDF5's C API (as h5py would), independently of the store.
void change_file(const std::string& path, const std::function<void(hid_t)>& change) {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    REQUIRE(f >= 0);
    change(f);
    H5Fclose(f);
}

std::string kept_copy(const TempDir& dir, const std::string& name) {
    const std::string copy = dir / name;
    const CliResult kept = run_ok("keep '" + real_file() + "' '" + copy + "'");
    CHECK(kept.out.find("kept 12 runs (180 evaluations) without their points: " + copy) != std::string::npos);
    return copy;
}
}  // namespace

TEST_CASE("keep: the values-only copy of a real results file gives the same rank, table and export output",
          "[results][keep]") {
    TempDir dir;
    const std::string copy = kept_copy(dir, "kept.h5");
    // the copy is what store.hpp says: marked, no points, smaller
    const h5::Handle f = h5::open_file(copy);
    CHECK(h5::read_string_attribute(f.get(), "points") == "dropped");
    CHECK_FALSE(h5::exists(h5::open_group(f.get(), "evals").get(), "x"));
    CHECK(std::filesystem::file_size(copy) < std::filesystem::file_size(real_file()));
    for (const std::string args : {"export FILE", "export FILE --runs", "export FILE --curves --log-regret",
                                   "rank FILE", "rank FILE --format json", "table FILE", "table FILE --format latex"}) {
        INFO(args);
        const std::string full = output_for(args, real_file());
        CHECK(full.size() > 100);
        CHECK(output_for(args, copy) == full);
    }
    // the values and everything but the points, bit for bit (NaN equals NaN)
    const results::Results a = results::read_results(real_file(), /*with_points=*/false),
                           b = results::read_results(copy, /*with_points=*/false);
    CHECK_FALSE(a.points_dropped);
    CHECK(b.points_dropped);
    REQUIRE(a.runs.size() == b.runs.size());
    for (std::size_t i = 0; i < a.runs.size(); ++i) CHECK(a.runs[i].same_record(b.runs[i]));
    CHECK(a.spec == b.spec);
    CHECK(a.provenance.command_line == b.provenance.command_line);  // the runs' provenance, not the copy's
    CHECK(h5::read_string_attribute(f.get(), "true_value") == "value");  // noise-free: one column of values
    CHECK_FALSE(h5::exists(h5::open_group(f.get(), "evals").get(), "true_value"));
    // a copy of the copy is the same file, byte for byte
    run_ok("keep '" + copy + "' '" + (dir / "again.h5") + "'");
    CHECK(read_file(dir / "again.h5") == read_file(copy));
}

TEST_CASE("keep: the copy of noisy runs keeps their true values", "[results][keep]") {
    TempDir dir;
    const std::string full = dir / "noisy.h5", copy = dir / "kept.h5";
    run_ok("run --problem branin:noise=0.5 --optimizer random-search --budget 8 --replicates 2 -q --output '" + full + "'");
    run_ok("keep '" + full + "' '" + copy + "'");
    const h5::Handle f = h5::open_file(copy);
    CHECK_FALSE(h5::has_attribute(f.get(), "true_value"));
    CHECK(h5::exists(h5::open_group(f.get(), "evals").get(), "true_value"));
    const results::Results a = results::read_results(full, false), b = results::read_results(copy, false);
    REQUIRE(a.runs.size() == 2);
    CHECK(a.runs[0].true_value != a.runs[0].value);  // noisy indeed
    for (std::size_t i = 0; i < a.runs.size(); ++i) CHECK(a.runs[i].same_record(b.runs[i]));
    CHECK(output_for("export FILE", copy) == output_for("export FILE", full));
}

TEST_CASE("keep: reproduce --report-only writes the same report from the values-only copy", "[results][keep][reproduce]") {
    TempDir dir;
    std::filesystem::create_directories(dir / "full");
    std::filesystem::create_directories(dir / "kept");
    const std::string full = dir / "full/r.h5", copy = dir / "kept/r.h5";  // one name: the reports name the file
    run_ok("reproduce dtu-bbob40 --quick -q --threads 2 --output '" + full + "'");
    run_ok("keep '" + full + "' '" + copy + "'");
    for (const std::string& file : {full, copy})
        run_ok("reproduce dtu-bbob40 --quick --report-only -q --output '" + file + "' --html '" +
               (std::filesystem::path(file).parent_path() / "html").string() + "'");
    // the Markdown names the results file by its path, the page by its name (r.h5 in both)
    const std::string report = read_file(dir / "full/r.md");
    CHECK(report.find("results in `" + full + "`") != std::string::npos);
    CHECK(replaced(read_file(dir / "kept/r.md"), copy, full) == report);
    const std::string page = read_file(dir / "full/html/index.html");
    CHECK(page.size() > 1000);
    CHECK(read_file(dir / "kept/html/index.html") == page);
}

TEST_CASE("keep: what needs the points refuses the values-only copy, naming it", "[results][keep]") {
    TempDir dir;
    const std::string copy = kept_copy(dir, "kept.h5");
    const std::string dropped = "'" + copy + "' holds no points: they were dropped";
    CHECK_THROWS_WITH(results::read_results(copy), Catch::StartsWith(dropped));
    check_refused("export '" + copy + "' --format coco '" + (dir / "coco") + "'", dropped);
    check_refused("export '" + copy + "' --format iohprofiler '" + (dir / "ioh") + "'", dropped);
    check_refused("run '" + real_spec() + "' -q --across-builds --output '" + copy + "'", dropped);  // resume
    CHECK_FALSE(std::filesystem::exists(dir / "merged.h5"));
    CHECK_FALSE(std::filesystem::exists(dir / "coco"));
    // keep itself: a new file only, never IN, never an unfinished file
    check_refused("keep '" + real_file() + "' '" + copy + "'", "output '" + copy + "' exists; keep never overwrites");
    check_refused("keep '" + copy + "' '" + copy + "'", "is both IN and OUT");
    check_refused("keep '" + real_file() + "'", "usage: bobench keep IN OUT");
    std::filesystem::copy_file(real_file(), dir / "running.h5");
    write_file(dir / "running.h5.journal", "");
    check_refused("keep '" + (dir / "running.h5") + "' '" + (dir / "k.h5") + "'", "is unfinished: its journal");
    CHECK_FALSE(std::filesystem::exists(dir / "k.h5"));
}

TEST_CASE("keep: a damaged or odd points attribute is refused by name", "[results][keep]") {
    TempDir dir;
    const std::string copy = kept_copy(dir, "kept.h5");
    // the checks of what the attributes say, in a file without checksums (as before format_version
    // 2): with them, any change made after the file was written is refused first as such
    auto changed = [&](const std::string& name, const std::string& from, const std::function<void(hid_t)>& change) {
        const std::string to = dir / name;
        std::filesystem::copy_file(from, to);
        change_file(to, change);
        CHECK_THROWS_WITH(results::read_results(to, false), Catch::StartsWith("'" + to + "' is damaged: "));
        change_file(to, [](hid_t f) {
            if (H5Aexists(f, "checksums") > 0) H5Adelete(f, "checksums");
        });
        return to;
    };
    // refused as damaged by what reads values only; what reads points refuses every copy
    auto refused = [](const std::string& file, const std::string& why) {
        CHECK_THROWS_WITH(results::read_results(file, /*with_points=*/false), "'" + file + "' is damaged: " + why);
        CHECK_THROWS_AS(results::read_results(file, /*with_points=*/true), UserError);
    };
    refused(changed("odd.h5", copy, [](hid_t f) {
                H5Adelete(f, "points");
                h5::write_attribute(f, "points", "gone");
            }),
            "its points attribute is 'gone'; a results file has none, or points = \"dropped\" (a values-only copy, "
            "`bobench keep`)");
    refused(changed("number.h5", copy, [](hid_t f) {
                H5Adelete(f, "points");
                h5::write_attribute(f, "points", std::int64_t{1});
            }),
            "HDF5: attribute 'points' is not text");
    // the mark on a file that still holds its points is not believed (reading the points, it
    // is refused before the columns are looked at, as any values-only copy is)
    const std::string marked =
        changed("marked.h5", real_file(), [](hid_t f) { h5::write_attribute(f, "points", "dropped"); });
    CHECK_THROWS_WITH(results::read_results(marked, false),
                      "'" + marked + "' is damaged: it says points = \"dropped\" but holds /evals/x");
    // the copy of noise-free runs leaves the true values out, saying so; the mark is checked too
    const std::string same = "; only a values-only copy (points = \"dropped\") has that attribute, and only as "
                             "true_value = \"value\"";
    refused(changed("truth.h5", copy, [](hid_t f) {
                H5Adelete(f, "true_value");
                h5::write_attribute(f, "true_value", "cost");
            }),
            "it says true_value = \"cost\"" + same);
    const std::string full_marked =
        changed("full_marked.h5", real_file(), [](hid_t f) { h5::write_attribute(f, "true_value", "value"); });
    CHECK_THROWS_WITH(results::read_results(full_marked, false),
                      "'" + full_marked + "' is damaged: it says true_value = \"value\"" + same);
    refused(changed("both.h5", copy, [](hid_t f) {
                const hid_t evals = H5Gopen2(f, "evals", H5P_DEFAULT);
                h5::write_vector(evals, "true_value", std::vector<double>(180, 1.0));
                H5Gclose(evals);
            }),
            "it says true_value = \"value\" but holds /evals/true_value");
    // the copy's columns are checked as the full file's are
    const std::string shorter = changed("short.h5", copy, [](hid_t f) {
        const hid_t d = H5Dopen2(f, "evals/cost", H5P_DEFAULT);
        const hsize_t rows = 10;
        REQUIRE(H5Dset_extent(d, &rows) >= 0);
        H5Dclose(d);
    });
    CHECK_THROWS_WITH(results::read_results(shorter, false),
                      "'" + shorter + "' is damaged: /evals/cost has 10 rows, /evals/value has 180");
    // and the command line says the same, with exit status 2
    check_refused("rank '" + (dir / "odd.h5") + "'", "is damaged: its points attribute is 'gone'");
}

namespace {
// A spec of two problems, two replicates and the optimizers `optimizers` (INI lines), writing `output`.
std::string small_spec(const TempDir& dir, const std::string& name, const std::string& optimizers) {
    const std::string path = dir / name;
    write_file(path, "[experiment]\nseed = 3\nbudget = 6\nreplicates = 2\noutput = " + (dir / "unused.h5") +
                         "\n[problems]\nbranin = branin\nhartmann3 = hartmann3\n[optimizers]\n" + optimizers);
    return path;
}
}  // namespace

TEST_CASE("keep --without and merge replace one method's runs in a kept file", "[results][keep][merge]") {
    TempDir dir;
    const std::string rs = "RS = random-search\n", old_tpe = "TPE = tpe:n_startup=3\n", new_tpe = "TPE = tpe:n_startup=4\n";
    const std::string full = dir / "full.h5", kept = dir / "kept.h5", rest = dir / "rest.h5", fresh = dir / "tpe.h5";
    run_ok("run '" + small_spec(dir, "old.ini", rs + old_tpe) + "' -q --output '" + full + "'");
    run_ok("keep '" + full + "' '" + kept + "'");
    run_ok("run '" + small_spec(dir, "tpe.ini", new_tpe) + "' -q --output '" + fresh + "'");

    const CliResult without = run_ok("keep '" + kept + "' '" + rest + "' --without TPE");
    CHECK(without.out.find("kept 4 runs") != std::string::npos);
    const results::Results r = results::read_results(rest, false);
    REQUIRE(r.optimizers.size() == 1);
    CHECK(r.optimizers[0].label == "RS");
    CHECK(r.spec.find("TPE") == std::string::npos);  // the stored spec lost its line too

    // the kept runs and the new ones make the file a run of the new spec writes, without points
    const std::string merged = dir / "merged.h5", whole = dir / "whole.h5";
    const CliResult m = run_ok("merge '" + merged + "' '" + rest + "' '" + fresh + "'");
    CHECK(m.out.find("1 input of 2 is values-only (bobench keep), so the merged file is one too") != std::string::npos);
    run_ok("run '" + small_spec(dir, "new.ini", rs + new_tpe) + "' -q --output '" + whole + "'");
    CHECK(results::read_results(merged, false).points_dropped);
    const std::string expected = output_for("export FILE", whole);
    CHECK(expected.size() > 500);
    CHECK(output_for("export FILE", merged) == expected);
    CHECK(output_for("export FILE", merged) != output_for("export FILE", kept));  // TPE's runs did change

    check_refused("keep '" + kept + "' '" + (dir / "x.h5") + "' --without GP", "--without: '" + kept +
                                                                                 "' holds no optimizer 'GP' (it holds RS, TPE)");
    check_refused("keep '" + kept + "' '" + (dir / "x.h5") + "' --without RS,TPE", "leaves no optimizer");
    check_refused("merge '" + (dir / "y.h5") + "' '" + kept + "' '" + fresh + "'", "both run 'TPE'");
    CHECK_FALSE(std::filesystem::exists(dir / "x.h5"));
    CHECK_FALSE(std::filesystem::exists(dir / "y.h5"));
}

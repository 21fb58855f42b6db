#include <catch2/catch.hpp>

#include "core/text.hpp"

using namespace bobench;

TEST_CASE("text: a swap of two neighbouring letters is one edit", "[core][text]") {
    CHECK(edit_distance("rnu", "run") == 1);
    CHECK(edit_distance("rnu", "rank") == 2);
    CHECK(edit_distance("ab", "ba") == 1);
    CHECK(edit_distance("kitten", "sitting") == 3);  // plain edits are counted as before
    CHECK(edit_distance("", "abc") == 3);
    CHECK(edit_distance("abc", "") == 3);
    CHECK(edit_distance("ca", "abc") == 3);  // optimal string alignment: no edit of a swapped pair
    CHECK(closest("rnu", {"merge", "rank", "report", "run"}) == "run");
    CHECK(closest("plto", {"plot", "report"}) == "plot");
}
